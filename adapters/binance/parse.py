"""Validation of Binance spot REST payloads into the app's own market types.

Pure functions over already-decoded JSON: nothing here does IO, so every rule is easy to test.
Whatever the exchange sent is data: it is checked, never trusted, and never shown as markup.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from decimal import Decimal

from core.market import (
    Book,
    DailyClose,
    DailyCloses,
    DayChange,
    HistoryWindow,
    MarketError,
    MarketErrorCode,
    Quote,
    sane_price,
)

_DAY_MS = 86_400_000
_EPOCH = date(1970, 1, 1)
# A decimal number as Binance writes one ("67321.12000000"), optionally with an exponent. Stricter
# than Decimal(), which would also take "NaN", "Infinity", "1_000" or surrounding spaces.
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]{1,6})?", re.ASCII)
_SIGNED = re.compile(r"-?[0-9]+(?:\.[0-9]+)?", re.ASCII)  # a change: may be negative


def price_of(value: object) -> Decimal | None:
    """``value`` as a price fit to show (core.market.sane_price), or None.

    Binance sends prices as strings; JSON numbers are decoded as Decimal (``parse_float``) or
    int, so no float ever enters a price.
    """
    if isinstance(value, bool):  # bool is an int subclass; true is not a price
        return None
    if isinstance(value, str):
        if not _NUMBER.fullmatch(value):
            return None
        value = Decimal(value)
    if isinstance(value, int):
        value = Decimal(value)
    return sane_price(value) if isinstance(value, Decimal) else None


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
    price = price_of(payload.get("askPrice"))
    if price is None:
        raise MarketError(
            MarketErrorCode.BAD_PRICE,
            f"bookTicker: askPrice is not a sane price: {clean_text(repr(payload.get('askPrice')), 60)}",
        )
    return Quote(symbol=symbol, price=price, price_type="ask", source=source, fetched_at=fetched_at)


def parse_book(payload: object, symbol: str, source: str, fetched_at: datetime) -> Book:
    """Both sides of a ``/api/v3/ticker/bookTicker`` answer; raises MarketError. A crossed book
    (bid above ask) is not a book deskmate trades on."""
    ask = parse_book_ticker(payload, symbol, source, fetched_at).price
    assert isinstance(payload, dict)
    bid = price_of(payload.get("bidPrice"))
    if bid is None or bid > ask:
        raise MarketError(
            MarketErrorCode.BAD_PRICE,
            f"bookTicker: bidPrice is not a sane price: {clean_text(repr(payload.get('bidPrice')), 60)}",
        )
    return Book(symbol, bid, ask, source, fetched_at)


def parse_klines(payload: object, window: HistoryWindow) -> DailyCloses:
    """The valid daily closes of a ``/api/v3/klines`` (interval 1d) answer inside ``window``.

    A row that is not a daily candle of a day inside the window, or whose close is not a sane
    price, is dropped and reported in ``rejected``; that day stays a gap.

    Duplicates: rows for one day that are identical in every field are one candle sent twice and
    count once. Rows for one day that differ in anything leave no way to tell which is right, so
    that day becomes a gap (``CONFLICTING_ROWS``) rather than a guess at the first or the last.
    """
    if not isinstance(payload, list):
        raise MarketError(MarketErrorCode.BAD_RESPONSE, "klines: expected a JSON list")
    start_ms, end_ms = window.start_ms(), window.end_ms_inclusive()
    by_day: dict[date, list[list[object]]] = {}
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
        # Only a candle opening exactly at 00:00 UTC of a window day is that day's close.
        if day is None or open_ms % _DAY_MS != 0 or not start_ms <= open_ms <= end_ms:
            rejected.append((day, MarketErrorCode.BAD_RESPONSE))
            continue
        rows = by_day.setdefault(day, [])
        if row not in rows:  # an identical repeat adds nothing
            rows.append(row)
    closes: dict[date, Decimal] = {}
    for day, rows in by_day.items():
        if len(rows) > 1:
            rejected.extend((day, MarketErrorCode.CONFLICTING_ROWS) for _ in rows)
            continue
        close = price_of(rows[0][4])
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


def parse_day_change(payload: object, symbol: str, source: str, fetched_at: datetime) -> DayChange:
    """GET /api/v3/ticker/24hr?symbol=… as a DayChange: the symbol must be the one asked, the
    open and last prices sane, the change and its percent exact decimals. The high and low come
    along only when both are sane prices with the open and last between them; otherwise the
    change stands alone (None for both, nothing invented)."""
    if not isinstance(payload, dict):
        raise MarketError(MarketErrorCode.BAD_RESPONSE, "ticker/24hr: not an object")
    if payload.get("symbol") != symbol:
        raise MarketError(MarketErrorCode.SYMBOL_MISMATCH, f"ticker/24hr: asked {symbol}")
    opened, last = price_of(payload.get("openPrice")), price_of(payload.get("lastPrice"))
    if opened is None or last is None:
        raise MarketError(MarketErrorCode.BAD_PRICE, "ticker/24hr: open or last price not sane")
    change, percent = _decimal(payload.get("priceChange")), _decimal(payload.get("priceChangePercent"))
    if change is None or percent is None or change != last - opened:
        raise MarketError(MarketErrorCode.BAD_RESPONSE, "ticker/24hr: change does not match its prices")
    high, low = price_of(payload.get("highPrice")), price_of(payload.get("lowPrice"))
    if high is None or low is None or not low <= min(opened, last) <= max(opened, last) <= high:
        high = low = None
    return DayChange(symbol, opened, last, change, percent, source, fetched_at, high, low)


def _decimal(value: object) -> Decimal | None:
    """A signed decimal as Binance writes one ("-2030.50000000"), or a JSON number read as
    Decimal; never through float, never "NaN" or "Infinity"."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        if not _SIGNED.fullmatch(value):
            return None
        return Decimal(value)
    if isinstance(value, int):
        return Decimal(value)
    return value if isinstance(value, Decimal) and value.is_finite() else None
