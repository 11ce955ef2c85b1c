"""The price tools' results as the model reads them, built from validated blocks only."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core.formatting import plain_decimal
from core.reply import HistoryBlock, QuoteBlock

_DEMO_NOTE = "demo data: simulated prices, not real market prices; say so when you quote them"


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def quote_result(quote: QuoteBlock) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ok": True,
        "symbol": quote.symbol,
        "price": plain_decimal(quote.price),  # a string: Decimal digits exactly as validated
        "quote_asset": quote.quote_asset,
        "price_type": "best ask (reference buying price)",
        "source": quote.source,
        "fetched_at": _iso(quote.fetched_at),
    }
    if quote.change_24h is not None and quote.change_24h_percent is not None:
        out["change_24h"] = plain_decimal(quote.change_24h)  # last price - the price 24 hours ago
        out["change_24h_percent"] = plain_decimal(quote.change_24h_percent)
    if quote.high_24h is not None and quote.low_24h is not None:  # the same ticker's, both sane
        out["high_24h"] = plain_decimal(quote.high_24h)  # the last 24 hours, rolling
        out["low_24h"] = plain_decimal(quote.low_24h)
    if quote.is_demo:
        out["note"] = _DEMO_NOTE
    return out


def history_result(history: HistoryBlock) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ok": True,
        "symbol": history.symbol,
        "quote_asset": history.quote_asset,
        "interval": "1 UTC day, close price",
        "closes": [
            {"date": p.date.isoformat(), "close": None if p.close is None else plain_decimal(p.close)}
            for p in history.points
        ],
        "missing_dates": [d.isoformat() for d in history.missing_dates],
        "source": history.source,
        "fetched_at": _iso(history.fetched_at),
    }
    if history.is_demo:
        out["note"] = _DEMO_NOTE
    return out
