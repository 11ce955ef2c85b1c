"""Discord: a 30- or 90-day history, and several coins' histories in one reply, stay inside Discord's
limits (1,024 characters per field, 6,000 per message's embeds) with every code block whole."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from adapters.discord.render import render
from core.reply import HistoryBlock, HistoryPoint, Reply, Status
from tests.cases import each

NOW = datetime(2026, 12, 2, tzinfo=UTC)


def history(symbol: str, days: int) -> HistoryBlock:
    start = date(2026, 12, 2) - timedelta(days=days)
    points = tuple(
        HistoryPoint(start + timedelta(days=i), None if i == 3 else Decimal("97250.5") + i)
        for i in range(days)
    )
    missing = tuple(p.date for p in points if p.close is None)
    return HistoryBlock(symbol, symbol.removesuffix("USDT"), "USDT", points, missing, "binance", NOW)


def embed_chars(embed) -> int:  # type: ignore[no-untyped-def]
    return (
        len(embed.title or "")
        + len(embed.description or "")
        + sum(len(f.name) + len(f.value) for f in embed.fields)
    )


@each(("days", "coins"), [(30, 1), (90, 1), (90, 3), (30, 3)])
def test_long_windows_fit_discord(days: int, coins: int) -> None:
    blocks = tuple(history(s, days) for s in ("BTCUSDT", "ETHUSDT", "SOLUSDT")[:coins])
    rendered = render(Reply(Status.COMPLETED, blocks, "en"))
    assert len(rendered.embeds) == coins
    assert sum(embed_chars(e) for e in rendered.embeds) <= 6000
    for embed in rendered.embeds:
        closes = [f.value for f in embed.fields if f.value.startswith("```")]
        assert closes and all(len(v) <= 1024 and v.endswith("```") for v in closes)
        listed = "".join(closes)
        assert "2026-12-01" in listed  # the latest day is always listed
    if coins == 1:  # a single card lists every day
        assert "".join(f.value for f in rendered.embeds[0].fields).count("2026-") >= days
