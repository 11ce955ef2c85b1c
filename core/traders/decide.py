"""What a dca or grid trader decides, as pure functions: the one implementation the trader
runtime (core.traders.runtime) runs on live ticks and the backtest (core.backtest) replays over
history. Nothing here reads a clock, a book or a store: the caller passes the price it saw and
the trader's running memory, and gets back the orders to place and the memory after the fills.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Literal

from core.strategies import DcaParams, GridParams

Side = Literal["buy", "sell"]
Unit = Literal["quote", "base"]


@dataclass(frozen=True, slots=True)
class Order:
    """One order a decision asks for: ``amount`` in ``unit`` (quote USDT or base coin)."""

    side: Side
    amount: Decimal
    unit: Unit
    level: int | None = None  # a grid level


@dataclass(frozen=True, slots=True)
class Filled:
    """What one filled order did, as the memory updates need it."""

    side: Side
    quantity: Decimal
    quote_amount: Decimal
    fee: Decimal
    level: int | None = None


def dca_due(p: DcaParams, spent: Decimal) -> Order | None:
    """A dca tick's order: its amount, or None once another buy would pass ``max_total``."""
    if dca_done(p, spent):
        return None
    return Order("buy", p.quote_amount, "quote")


def dca_done(p: DcaParams, spent: Decimal) -> bool:
    """True when one more buy would spend more than ``max_total`` (fees counted)."""
    return p.max_total is not None and spent + p.quote_amount > p.max_total


def dca_spent(spent: Decimal, fills: Iterable[Filled]) -> Decimal:
    """What a dca has spent after ``fills``: their notional plus fees."""
    for f in fills:
        spent += f.quote_amount + f.fee
    return spent


def grid_orders(
    p: GridParams, levels: Sequence[Decimal], prev: Decimal, price: Decimal, held: Mapping[str, str]
) -> list[Order]:
    """The levels the price crossed from ``prev`` to ``price``: a buy for each free level it fell
    through, a sell of each holding whose level above it rose through, lowest level first.
    ``held`` maps a level index (as a string, the memory's form) to the quantity that level
    bought. Only the levels between the two prices are looked at (bisect): a backtest asks this
    once per candle."""
    orders: list[Order] = []
    if price < prev:  # fell: buy levels i with prev > levels[i] >= price
        first, end = bisect_left(levels, price), bisect_left(levels, prev)
        for i in range(first, min(end, p.grids)):
            if str(i) not in held:
                orders.append(Order("buy", p.quote_per_grid, "quote", i))
    elif price > prev:  # rose: sell levels i with prev < levels[i + 1] <= price
        first, end = bisect_right(levels, prev), bisect_right(levels, price)
        for above in range(max(first, 1), min(end, p.grids + 1)):
            key = str(above - 1)
            if key in held:
                orders.append(Order("sell", Decimal(held[key]), "base", above - 1))
    return orders


def grid_held(held: Mapping[str, str], fills: Iterable[Filled]) -> dict[str, str]:
    """A grid's holdings after ``fills``: a buy holds its level, a sell frees it."""
    after = dict(held)
    for f in fills:
        if f.level is None:
            continue
        if f.side == "buy":
            after[str(f.level)] = format(f.quantity.normalize(), "f")
        else:
            after.pop(str(f.level), None)
    return after


def next_slot(slot: datetime, step: timedelta, now: datetime) -> datetime:
    """The slot after ``slot``; slots already past at ``now`` are skipped, never caught up on."""
    due = slot + step
    if due <= now:
        missed = (now - due) // step + 1
        due += step * missed
    return due
