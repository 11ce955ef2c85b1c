"""Histories and quotes for the chart tests and the bench."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from core.reply import HistoryBlock, HistoryPoint, QuoteBlock

FIRST_DAY = date(2026, 7, 6)
BTC_CLOSES = ("96100.25", "97250.50000000", None, "95010.1", "96500", "98003.99", "97800")


def make_history(
    closes: tuple[str | None, ...] = BTC_CLOSES,
    *,
    symbol: str = "BTCUSDT",
    source: str = "binance",
    first_day: date = FIRST_DAY,
) -> HistoryBlock:
    points = tuple(
        HistoryPoint(first_day + timedelta(days=i), None if c is None else Decimal(c))
        for i, c in enumerate(closes)
    )
    return HistoryBlock(
        symbol=symbol,
        base=symbol.removesuffix("USDT"),
        quote_asset="USDT",
        points=points,
        missing_dates=tuple(p.date for p in points if p.close is None),
        source=source,
        fetched_at=datetime.combine(first_day + timedelta(days=len(closes)), datetime.min.time(), UTC),
    )


def make_quote(price: str = "97912.34", *, symbol: str = "BTCUSDT", source: str = "binance") -> QuoteBlock:
    return QuoteBlock(
        symbol,
        symbol.removesuffix("USDT"),
        "USDT",
        Decimal(price),
        "ask",
        source,
        datetime(2026, 7, 13, 12, 30, 5, tzinfo=UTC),
    )
