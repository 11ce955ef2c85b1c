"""Validation of Binance spot REST payloads into the app's own market types.

Pure functions over already-decoded JSON: nothing here does IO, so every rule is easy to test.
Whatever the exchange sent is data: it is checked, never trusted, and never shown as markup.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation

from core.market import DailyClose, DailyCloses, HistoryWindow, MarketError, MarketErrorCode, Quote

_DAY_MS = 86_400_000
_EPOCH = date(1970, 1, 1)


def positive_decimal(value: object) -> Decimal | None:
    """``value`` as a finite, strictly positive Decimal, or None.

    Binance sends prices as strings; JSON numbers are decoded as Decimal (``parse_float``) or
    int, so no float ever enters a price.
    """
    if isinstance(value, bool):  # bool is an int subclass; true is not a price
        return None
    if isinstance(value, str | int | Decimal):
        try:
            number = Decimal(value.strip() if isinstance(value, str) else value)
        except (InvalidOperation, ValueError):
            return None
        if number.is_finite() and number > 0:
            return number
    return None


def parse_book_ticker(payload: object, symbol: str, source: str, fetched_at: datetime) -> Quote:
    """The best ask of a ``/api/v3/ticker/bookTicker`` answer for ``symbol``; raises MarketError."""
    if not isinstance(payload, dict):
        raise MarketError(MarketErrorCode.BAD_RESPONSE, "bookTicker: expected a JSON object")
    returned = payload.get("symbol")
    if returned != symbol:
        raise MarketError(
            MarketErrorCode.SYMBOL_MISMATCH,
            f"bookTicker: asked for {symbol}, got {clean_text(str(returned))}",
        )
    price = positive_decimal(payload.get("askPrice"))
    if price is None:
        raise MarketError(
            MarketErrorCode.BAD_PRICE,
            f"bookTicker: askPrice is not a positive number: {clean_text(repr(payload.get('askPrice')))}",
        )
    return Quote(symbol=symbol, price=price, price_type="ask", source=source, fetched_at=fetched_at)


def parse_klines(payload: object, window: HistoryWindow) -> DailyCloses:
    """The valid daily closes of a ``/api/v3/klines`` (interval 1d) answer inside ``window``.

    A row that is not a daily candle of a day inside the window, or whose close is not a
    positive number, is dropped and reported in ``rejected``; that day stays a gap.
    """
    if not isinstance(payload, list):
        raise MarketError(MarketErrorCode.BAD_RESPONSE, "klines: expected a JSON list")
    start_ms, end_ms = window.start_ms(), window.end_ms_inclusive()
    closes: dict[date, Decimal] = {}
    rejected: list[tuple[date | None, str]] = []
    for row in payload:
        if not isinstance(row, list) or len(row) < 5:
            rejected.append((None, MarketErrorCode.BAD_RESPONSE))
            continue
        open_ms = row[0]
        if isinstance(open_ms, bool) or not isinstance(open_ms, int):
            rejected.append((None, MarketErrorCode.BAD_RESPONSE))
            continue
        day = _day_of(open_ms)
        # Only a candle opening exactly at 00:00 UTC of a window day is that day's close; a
        # duplicate of a day already taken would make the close ambiguous, so it is refused.
        if day is None or open_ms % _DAY_MS != 0 or not start_ms <= open_ms <= end_ms or day in closes:
            rejected.append((day, MarketErrorCode.BAD_RESPONSE))
            continue
        close = positive_decimal(row[4])
        if close is None:
            rejected.append((day, MarketErrorCode.BAD_PRICE))
            continue
        closes[day] = close
    return DailyCloses(
        closes=tuple(DailyClose(day, closes[day]) for day in sorted(closes)),
        rejected=tuple(rejected),
    )


def _day_of(epoch_ms: int) -> date | None:
    """The UTC day an epoch-milliseconds instant falls in, or None when out of range."""
    try:
        return _EPOCH + timedelta(days=epoch_ms // _DAY_MS)
    except OverflowError:
        return None


def clean_text(text: str, limit: int = 200) -> str:
    """Exchange-supplied text made safe for a log line or an error message: printable, short."""
    flat = "".join(ch if ch.isprintable() else " " for ch in text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
