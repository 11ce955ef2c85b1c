"""Binance klines of any interval (GET /api/v3/klines, weight 2) as core.backtest.model.Candle.

A row that is not a candle of the asked interval opening inside the asked span, that has not
closed by ``now``, or whose prices are not sane, is dropped: that candle stays a gap. Rows for
one open time that differ are both dropped (no way to tell which is right); identical repeats
count once.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adapters.binance.parse import price_of
from core.backtest.model import Candle, interval_delta
from core.market import MarketError, MarketErrorCode

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def ms(at: datetime) -> int:
    return (at - _EPOCH) // timedelta(milliseconds=1)


def parse_candles(
    payload: object, interval: str, start: datetime, end: datetime, now: datetime
) -> list[Candle]:
    if not isinstance(payload, list):
        raise MarketError(MarketErrorCode.BAD_RESPONSE, "klines: expected a JSON list")
    step = interval_delta(interval)
    step_ms = step // timedelta(milliseconds=1)
    rows: dict[int, list[object]] = {}
    conflicting: set[int] = set()
    for row in payload:
        if not isinstance(row, list) or len(row) < 5:
            continue
        open_ms = row[0]
        if isinstance(open_ms, bool) or not isinstance(open_ms, int) or open_ms % step_ms:
            continue
        if not ms(start) <= open_ms < ms(end) or open_ms + step_ms > ms(now):
            continue  # outside the span, or not closed yet
        if open_ms in rows and rows[open_ms] != row:
            conflicting.add(open_ms)
        rows[open_ms] = row
    candles = []
    for open_ms in sorted(set(rows) - conflicting):
        row = rows[open_ms]
        prices = [price_of(v) for v in row[1:5]]
        if any(p is None for p in prices):
            continue
        o, h, lo, c = prices
        assert o is not None and h is not None and lo is not None and c is not None
        candles.append(Candle(_EPOCH + timedelta(milliseconds=open_ms), o, h, lo, c))
    return candles
