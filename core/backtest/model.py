"""A backtest's inputs and results: candles, their intervals, gaps, trades and the figures."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Final, Literal

# Binance's kline intervals from one minute to one day (what a backtest may use).
INTERVALS: Final[dict[str, int]] = {
    "1m": 60,
    "3m": 180,
    "5m": 300,
    "15m": 900,
    "30m": 1800,
    "1h": 3600,
    "2h": 7200,
    "4h": 14400,
    "6h": 21600,
    "8h": 28800,
    "12h": 43200,
    "1d": 86400,
}
DEFAULT_INTERVAL: Final = "1h"
DAILY: Final = "1d"


def interval_delta(interval: str) -> timedelta:
    """The length of one candle of ``interval`` (ValueError when it is not one of INTERVALS)."""
    try:
        return timedelta(seconds=INTERVALS[interval])
    except KeyError:
        raise ValueError(f"unknown kline interval {interval!r}") from None


@dataclass(frozen=True, slots=True)
class Candle:
    """One kline: it opened at ``open_time`` and closed one interval later (aware UTC)."""

    open_time: datetime
    open: Decimal
    high: Decimal
    low: Decimal
    close: Decimal


@dataclass(frozen=True, slots=True)
class Window:
    """The candles of ``interval`` opening in [start, end) (aware UTC, on the interval's grid)."""

    symbol: str
    interval: str
    start: datetime
    end: datetime

    @property
    def step(self) -> timedelta:
        return interval_delta(self.interval)

    @property
    def count(self) -> int:
        """How many candles the window holds when none is missing."""
        return int((self.end - self.start) / self.step)

    def open_times(self) -> list[datetime]:
        step = self.step
        return [self.start + step * i for i in range(self.count)]


def window_before(symbol: str, interval: str, now: datetime, days: int) -> Window:
    """The ``days`` before ``now``, candles that have closed by ``now`` only."""
    step = interval_delta(interval)
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    end = epoch + ((now.astimezone(UTC) - epoch) // step) * step  # the last closed candle's end
    start = end - timedelta(days=days)
    start = epoch + ((start - epoch) // step) * step
    return Window(symbol, interval, start, end)


@dataclass(frozen=True, slots=True)
class Gap:
    """Candles missing from the history: ``count`` of them from ``start`` (never filled)."""

    start: datetime
    count: int


def gaps_in(window: Window, candles: list[Candle]) -> tuple[Gap, ...]:
    """The runs of the window's candles that are missing from ``candles``."""
    have = {c.open_time for c in candles}
    found: list[Gap] = []
    run_start: datetime | None = None
    run = 0
    for t in window.open_times():
        if t in have:
            if run:
                assert run_start is not None
                found.append(Gap(run_start, run))
            run, run_start = 0, None
        else:
            run_start = run_start or t
            run += 1
    if run and run_start is not None:
        found.append(Gap(run_start, run))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Trade:
    at: datetime  # the close of the candle whose price it filled at
    side: Literal["buy", "sell"]
    price: Decimal
    quantity: Decimal
    quote_amount: Decimal
    fee: Decimal
    level: int | None = None


@dataclass(frozen=True, slots=True)
class Point:
    """Equity at one candle's close: the strategy's and buying and holding's."""

    at: datetime
    price: Decimal
    equity: Decimal
    hold: Decimal


@dataclass(frozen=True, slots=True)
class Result:
    symbol: str
    base: str
    interval: str
    start: datetime
    end: datetime
    candles: int
    start_cash: Decimal
    cash: Decimal  # USDT at the end
    holdings: Decimal  # the coin at the end
    final_price: Decimal
    final_equity: Decimal
    return_pct: Decimal
    hold_return_pct: Decimal
    max_drawdown_pct: Decimal  # a positive percentage: the deepest fall from a peak
    buys: int
    sells: int
    fees: Decimal
    rejected: int  # orders the exchange's filters or the balance refused
    trades: tuple[Trade, ...] = ()
    points: tuple[Point, ...] = ()
    gaps: tuple[Gap, ...] = field(default=())
    source: str = ""  # "binance", "demo" (labelled wherever shown)
