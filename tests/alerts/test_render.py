"""The `alert` block on Telegram, Discord, the console and in `deskmate ask --json`."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from adapters.console.render import render_json, render_text
from adapters.discord.render import render as discord_render
from adapters.telegram.render import render_reply
from core.reply import AlertBlock, Reply, Status

BELOW = AlertBlock(
    "3f9c01ab", "BTCUSDT", "BTC", "USDT", "below", Decimal("80000"), None, "active", "private", source="demo"
)
MOVE = AlertBlock(
    "77aa0011", "SOLUSDT", "SOL", "USDT", "move", Decimal("5"), "24h", "paused", "chat:-1001", True, 60
)


def reply(locale: str = "en") -> Reply:
    return Reply(Status.COMPLETED, (BELOW, MOVE), locale)  # type: ignore[arg-type]


def test_json_has_every_field() -> None:
    blocks = render_json(reply())["blocks"]
    assert blocks[0] == {
        "type": "alert",
        "id": "3f9c01ab",
        "symbol": "BTCUSDT",
        "condition": "below",
        "level": "80000",
        "window": None,
        "status": "active",
        "channel": "private",
        "repeat": False,
        "cooldown_minutes": None,
        "source": "demo",
        "demo": True,
        "name": None,
    }
    assert (blocks[1]["condition"], blocks[1]["level"], blocks[1]["window"]) == ("move", "5", "24h")
    assert (blocks[1]["status"], blocks[1]["channel"], blocks[1]["cooldown_minutes"]) == (
        "paused",
        "chat:-1001",
        60,
    )


def test_console_lists_condition_status_and_channel() -> None:
    text = render_text(reply("zh"))
    assert "价格提醒 #3f9c01ab · BTC/USDT (演示)" in text
    assert "条件: 跌破 80,000.00 USDT" in text and "发送到: 私聊" in text
    assert "24 小时内涨跌超过 5%" in text and "已暂停" in text and "冷却 60 分钟" in text


def test_telegram_renders_it_as_a_titled_table() -> None:
    rendered = render_reply(reply(), in_group=False, bot_username=None)
    html = "\n".join(m.html for m in rendered.messages)  # type: ignore[union-attr]
    assert "<b>Price alert #3f9c01ab · BTC/USDT (demo)</b>" in html
    assert "below 80,000.00 USDT</code>" in html
    assert "moves 5% within 24 hours" in html and "every crossing (cooldown 60 min)" in html


def test_discord_gives_each_alert_an_embed_with_fields() -> None:
    rendered = discord_render(reply())
    assert [e.title for e in rendered.embeds] == [
        "Price alert #3f9c01ab · BTC/USDT (demo)",
        "Price alert #77aa0011 · SOL/USDT",
    ]
    fields = {str(f.name): str(f.value) for f in rendered.embeds[0].fields}
    assert fields == {
        "Condition": "below 80,000.00 USDT",
        "Status": "active",
        "Delivered to": "private chat",
        "Repeats": "once",
    }


def test_a_named_alert_shows_its_name_everywhere() -> None:
    """An alert the person named ("call it dip buyer", "叫它抄底线"): the name in its title on every
    platform and in the JSON block."""
    named = replace(BELOW, name="dip buyer", source="binance")
    shown = Reply(Status.COMPLETED, (named,), "en")
    assert render_json(shown)["blocks"][0]["name"] == "dip buyer"
    assert "Price alert #3f9c01ab “dip buyer” · BTC/USDT" in render_text(shown)
    zh = Reply(Status.COMPLETED, (replace(named, name="抄底线"),), "zh")
    assert "价格提醒 #3f9c01ab「抄底线」 · BTC/USDT" in render_text(zh)
    assert [e.title for e in discord_render(shown).embeds] == ["Price alert #3f9c01ab “dip buyer” · BTC/USDT"]
    html = "\n".join(m.html for m in render_reply(shown, in_group=False, bot_username=None).messages)  # type: ignore[union-attr]
    assert "dip buyer" in html
