"""The figures of a report, from a replayed book (core.pnl.book): totals over a period, a table by
UTC day / week / month, per coin, and win rate / profit factor over the closed positions.

Unrealized P&L is always as of now (the positions held now, at the best bid), whatever the period;
``total`` is the period's realized P&L plus it. Win rate and profit factor count closed positions
(core.pnl.book.Trip): a partial close adds its P&L to its position, which counts once, when closed.
A position closed at exactly 0 is neither a win nor a loss (it still counts in ``closed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from core.pnl.book import ZERO, Book
from core.pnl.periods import Grain, Period, bucket_start, buckets


@dataclass(frozen=True, slots=True)
class Totals:
    realized: Decimal
    fees: Decimal
    unrealized: Decimal | None  # None: something held could not be valued
    trades: int  # fills in the period

    @property
    def total(self) -> Decimal | None:
        return None if self.unrealized is None else self.realized + self.unrealized


@dataclass(frozen=True, slots=True)
class Row:
    """One bucket of a table (a UTC day, a week from Monday, a month)."""

    start: date
    realized: Decimal
    fees: Decimal
    trades: int


@dataclass(frozen=True, slots=True)
class CoinLine:
    symbol: str
    realized: Decimal
    unrealized: Decimal | None  # None: not held, or held with no bid
    fees: Decimal


@dataclass(frozen=True, slots=True)
class WinStats:
    closed: int
    wins: int
    losses: int
    gross_profit: Decimal
    gross_loss: Decimal  # a positive number

    @property
    def win_rate(self) -> Decimal | None:
        return (Decimal(self.wins) / Decimal(self.closed)) if self.closed else None

    @property
    def profit_factor(self) -> Decimal | None:
        """Gross profit over gross loss; None with no loss to divide by."""
        return self.gross_profit / self.gross_loss if self.gross_loss > 0 else None


def totals(book: Book, window: Period, bids: Mapping[str, Decimal | None]) -> Totals:
    realized = sum((r.pnl for r in book.realized if r.pnl is not None and window.holds(r.at)), ZERO)
    fees = sum((f.fee for f in book.fees if window.holds(f.at)), ZERO)
    upnl, unpriced = book.unrealized(bids)
    unrealized = None if unpriced else sum(upnl.values(), ZERO)
    return Totals(realized, fees, unrealized, sum(1 for f in book.fees if window.holds(f.at)))


def table(book: Book, window: Period, grain: Grain) -> list[Row]:
    """Realized P&L and fees per bucket over the period, every bucket listed (0 when quiet)."""
    dates = [f.at.date() for f in book.fees if window.holds(f.at)]
    first = window.start.date() if window.start is not None else min(dates, default=window.end.date())
    # A bounded period ends at a midnight that is not its own (last week ends Monday 00:00).
    last = (window.end - timedelta(microseconds=1)).date() if window.bounded else window.end.date()
    starts = buckets(first, last, grain)
    realized = dict.fromkeys(starts, ZERO)
    fees = dict.fromkeys(starts, ZERO)
    count = dict.fromkeys(starts, 0)
    for r in book.realized:
        if r.pnl is not None and window.holds(r.at):
            key = bucket_start(r.at.date(), grain)
            realized[key] = realized.get(key, ZERO) + r.pnl
    for f in book.fees:
        if window.holds(f.at):
            key = bucket_start(f.at.date(), grain)
            fees[key] = fees.get(key, ZERO) + f.fee
            count[key] = count.get(key, 0) + 1
    return [Row(s, realized[s], fees[s], count[s]) for s in starts]


def per_coin(book: Book, window: Period, bids: Mapping[str, Decimal | None]) -> list[CoinLine]:
    """Each coin traded in the period or held now, by symbol."""
    upnl, _ = book.unrealized(bids)
    realized: dict[str, Decimal] = {}
    fees: dict[str, Decimal] = {}
    for r in book.realized:
        if window.holds(r.at):
            realized[r.symbol] = realized.get(r.symbol, ZERO) + (r.pnl or ZERO)
    for f in book.fees:
        if window.holds(f.at):
            fees[f.symbol] = fees.get(f.symbol, ZERO) + f.fee
            realized.setdefault(f.symbol, ZERO)
    symbols = sorted(set(realized) | set(upnl) | set(book.held()))
    return [CoinLine(s, realized.get(s, ZERO), upnl.get(s), fees.get(s, ZERO)) for s in symbols]


def win_stats(book: Book, window: Period) -> WinStats:
    """Over the positions closed within the period."""
    trips = [t for t in book.trips if window.holds(t.closed)]
    wins = [t.pnl for t in trips if t.pnl > 0]
    losses = [t.pnl for t in trips if t.pnl < 0]
    return WinStats(len(trips), len(wins), len(losses), sum(wins, ZERO), -sum(losses, ZERO))
