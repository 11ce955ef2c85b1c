"""The backtest block on every platform (Telegram, Discord, the console) and in `deskmate ask
--json`: the issue's fields, the demo label."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal as D

from adapters.console.render import render_json, render_text
from adapters.discord.render import render as discord_render
from adapters.telegram.render import render_reply
from core.reply import BacktestBlock, Reply, Status

BLOCK = BacktestBlock(
    "dca", "BTCUSDT", "BTC", (("quote_amount", "50"), ("interval", "1d")), "1d",
    datetime(2026, 9, 4, tzinfo=UTC), datetime(2026, 12, 3, tzinfo=UTC), 90, 2, D(4500), D("12.34"),
    D("20.5"), D("8.1"), 90, 0, D("4.45"), D("42.36"), D("0.05127"), D("5055.33"), "demo",
)  # fmt: skip


def test_ask_json_carries_every_figure() -> None:
    [block] = render_json(Reply(Status.COMPLETED, (BLOCK,), "en"))["blocks"]
    assert block["type"] == "backtest" and block["demo"] is True
    assert block["params"] == {"quote_amount": "50", "interval": "1d"}
    assert block["window"] == {"start": "2026-09-04T00:00:00+00:00", "end": "2026-12-03T00:00:00+00:00"}
    assert (block["interval"], block["candles"], block["gaps"]) == ("1d", 90, 2)
    assert (block["return"], block["hold_return"], block["max_drawdown"]) == ("12.34", "20.5", "8.1")
    assert block["trades"] == {"buys": 90, "sells": 0} and block["fees"] == "4.45"
    assert block["final"] == {"cash": "42.36", "holdings": "0.05127", "equity": "5055.33"}


def test_console_telegram_and_discord_show_it() -> None:
    reply = Reply(Status.COMPLETED, (BLOCK,), "zh")
    text = render_text(reply)
    assert "回测 · BTC 定投 · 每 1d 买 50 USDT (演示数据)" in text and "+12.34%" in text and "-8.10%" in text
    assert "缺失K线: 2 根（交易所没有数据，未填补）" in text
    telegram = render_reply(reply, in_group=False, bot_username=None)
    assert "+12.34%" in str(telegram) and "演示数据" in str(telegram)
    discord = discord_render(Reply(Status.COMPLETED, (BLOCK,), "en"))
    [embed] = [e.to_dict() for e in discord.embeds]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["Return"] == "+12.34%" and fields["Buy and hold"] == "+20.50%"
    assert fields["Final holdings"] == "0.05127 BTC + 42.36 USDT" and fields["Missing candles"].startswith(
        "2 "
    )


def test_an_ai_run_that_stopped_says_partial_with_its_model_calls_everywhere() -> None:
    from dataclasses import replace

    block = replace(
        BLOCK, kind="ai", params=(("interval", "1h"), ("max_order_notional", "500")), status="partial",
        model_calls=12, tokens=5400,
    )  # fmt: skip
    [shown] = render_json(Reply(Status.COMPLETED, (block,), "en"))["blocks"]
    assert shown["status"] == "partial" and shown["model"] == {"calls": 12, "tokens": 5400}
    assert render_json(Reply(Status.COMPLETED, (BLOCK,), "en"))["blocks"][0]["status"] == "complete"
    text = render_text(Reply(Status.COMPLETED, (block,), "zh"))
    assert "BTC AI 策略" in text and "未跑完" in text and "12 次，5400 tokens" in text
    discord = discord_render(Reply(Status.COMPLETED, (block,), "en"))
    [embed] = [e.to_dict() for e in discord.embeds]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert "partial" in embed["title"] and fields["Model calls"] == "12 calls, 5400 tokens"
    telegram = render_reply(Reply(Status.COMPLETED, (block,), "en"), in_group=False, bot_username=None)
    assert "partial" in str(telegram)
