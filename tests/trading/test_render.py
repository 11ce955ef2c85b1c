"""The trading blocks on Telegram (HTML, monospace columns), Discord (embeds) and the console /
`deskmate ask --json`: the same figures everywhere, names escaped."""

from __future__ import annotations

from decimal import Decimal

from adapters.console.render import render_json, render_text
from adapters.discord.render import render as discord_render
from adapters.telegram.render import render_reply
from core.reply import (
    AssetBalance,
    BalanceBlock,
    OrderBlock,
    PositionItem,
    PositionsBlock,
    Reply,
    Status,
    TradeItem,
    TradesBlock,
)
from tests.fakes import NOW

ORDER = OrderBlock(
    "<main>", "paper", "BTCUSDT", "buy", Decimal("0.00111"), Decimal("90000.00000000"),
    Decimal("99.9"), Decimal("0.0999"), "USDT", "filled", "dmabc",
)  # fmt: skip
BALANCE = BalanceBlock(
    "<main>", "paper", (AssetBalance("USDT", Decimal("9899.0001"), Decimal(0)),), Decimal("9998.89")
)
POSITIONS = PositionsBlock(
    "<main>",
    "live",
    (PositionItem("BTCUSDT", Decimal("0.00111"), Decimal("90090"), Decimal("89990"), Decimal("-0.111")),),
)
TRADES = TradesBlock(
    "<main>",
    "paper",
    (TradeItem(NOW, "BTCUSDT", "buy", Decimal("0.00111"), Decimal("90000"), Decimal("0.0999"), "USDT"),),
)


def reply(locale: str = "en") -> Reply:
    return Reply(Status.COMPLETED, (ORDER, BALANCE, POSITIONS, TRADES), locale)  # type: ignore[arg-type]


def test_json_carries_every_field_as_decimal_strings() -> None:
    blocks = render_json(reply())["blocks"]
    assert [b["type"] for b in blocks] == ["order", "balance", "positions", "trades"]
    order = blocks[0]
    assert (order["quantity"], order["price"], order["quote_amount"], order["fee"], order["fee_asset"]) == (
        "0.00111", "90000.00000000", "99.9", "0.0999", "USDT",
    )  # fmt: skip
    assert order["status"] == "filled" and order["paper"] is True and order["account"] == "<main>"
    assert blocks[1]["assets"] == [{"asset": "USDT", "free": "9899.0001", "locked": "0"}]
    assert blocks[1]["equity_usdt"] == "9998.89"
    item = blocks[2]["items"][0]
    assert (item["symbol"], item["quantity"], item["avg_entry"]) == ("BTCUSDT", "0.00111", "90090")
    assert (item["price"], item["unrealized_pnl"]) == ("89990", "-0.111")
    assert blocks[3]["items"][0]["time"] == NOW.isoformat() and blocks[3]["items"][0]["fee"] == "0.0999"


def test_console_columns_line_up() -> None:
    text = render_text(reply())
    lines = text.splitlines()
    header = next(line for line in lines if "Avg entry" in line)
    row = lines[lines.index(header) + 1]
    assert header.index("Unrealized") + len("Unrealized") == row.index("-0.11") + len("-0.11")


def test_telegram_sets_tables_in_monospace_and_escapes_names() -> None:
    rendered = render_reply(reply("zh"), in_group=False, bot_username=None)
    html = "\n".join(m.html for m in rendered.messages)  # type: ignore[union-attr]
    assert "<b>✅ 订单已成交 · &lt;main&gt;（模拟）</b>" in html
    assert "<code>数量" in html and "0.00111</code>" in html
    assert "<main>" not in html
    assert "总权益 ≈ 9,998.89 USDT" in html


def test_discord_gives_each_block_an_embed() -> None:
    rendered = discord_render(reply())
    titles = [e.title for e in rendered.embeds]
    assert titles[0] is not None and titles[0].startswith("Order filled")
    assert len(rendered.embeds) == 4
    positions = rendered.embeds[2]
    assert positions.description is not None and positions.description.startswith("```")
    assert "-0.11" in positions.description
    assert rendered.ephemeral is False  # the reply's audience decides; trading replies are private
