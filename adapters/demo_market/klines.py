"""The demo market's klines: deterministic, labelled demo (source "demo"), for any interval.

A price at an instant is the line between two demo daily closes (core: adapters.demo_market.market
.demo_close) plus a small wiggle that is a pure function of (symbol, instant); at midnight it is
the day's demo close itself, so a 1d candle closes where the demo chart's day does. A candle's
open and close are the prices at its ends, its high and low a little beyond them.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal, localcontext
from typing import Final

from adapters.demo_market.market import _DECIMALS, _round_price, _unit, demo_close
from core.backtest.model import Candle, interval_delta

_WIGGLE: Final = Decimal("0.006")  # +-0.6 % around the line between two daily closes
_REACH: Final = Decimal("0.003")  # a high or low at most 0.3 % beyond the open and close
_DAY: Final = 86400


def demo_price_at(symbol: str, at: datetime) -> Decimal:
    key = symbol.upper()
    utc = at.astimezone(UTC)
    day = utc.date()
    seconds = utc.hour * 3600 + utc.minute * 60 + utc.second
    before = demo_close(key, day - timedelta(days=1))
    if seconds == 0:
        return before
    after = demo_close(key, day)
    with localcontext(_DECIMALS):
        line = before + (after - before) * Decimal(seconds) / Decimal(_DAY)
        return _round_price(line * (1 + _WIGGLE * _unit(key, "kline", utc.isoformat())))


def demo_candle(symbol: str, interval: str, open_time: datetime) -> Candle:
    step = interval_delta(interval)
    opened = demo_price_at(symbol, open_time)
    closed = demo_price_at(symbol, open_time + step)
    with localcontext(_DECIMALS):
        reach = _REACH * abs(_unit(symbol.upper(), "reach", interval, open_time.isoformat()))
        high = _round_price(max(opened, closed) * (1 + reach))
        low = _round_price(min(opened, closed) * (1 - reach))
    return Candle(open_time, opened, high, low, closed)


def demo_candles(symbol: str, interval: str, start: datetime, end: datetime, now: datetime) -> list[Candle]:
    """The closed demo candles opening in [start, end)."""
    step = interval_delta(interval)
    found = []
    t = start
    while t < end and t + step <= now:
        found.append(demo_candle(symbol, interval, t))
        t += step
    return found
