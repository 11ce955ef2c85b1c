"""One account's fills replayed into figures: pure Decimal, no IO.

The rule is the one every sell is recorded with (core.trading.positions.apply_fill): a buy adds its
quantity and what it cost (fee included); a sell realizes what it yielded (fee taken off) minus the
average cost of the part it closed. Replaying the fills here, rather than summing the realized P&L
stored on each fill, lets a subset of them (one trader's orders, the manual ones) be its own book:
a trader's average entry is that of its own buys, never mixed with the person's manual trades.

Fees are counted in USDT: a fee charged in the coin is valued at its fill's price. They are already
inside the realized P&L (and the cost of what is still held): ``fees`` says how much of it they were.
A sell of coin this book never saw bought realizes nothing (no entry to measure against); its
quantity is counted in ``unmatched``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from core.trading.model import QUOTE_ASSET, Fill, Position, Trade
from core.trading.positions import PNL_PLACES, apply_fill

ZERO = Decimal(0)
# What is left of a position after a sell, below which it counts as closed (a step-size residue):
# its remaining cost, in USDT.
DUST_COST = Decimal("0.01")


def base_of(symbol: str) -> str:
    return symbol.removesuffix(QUOTE_ASSET)


def fee_in_quote(trade: Trade) -> Decimal:
    """The fee in USDT: a fee in the coin valued at the fill's own price."""
    if trade.fee_asset == QUOTE_ASSET:
        return trade.fee
    if trade.fee_asset in ("", None):
        return ZERO
    return (trade.fee * trade.price).quantize(PNL_PLACES)


@dataclass(frozen=True, slots=True)
class Realized:
    """One sell's outcome: the P&L it realized (None: no entry known) and the fee it paid."""

    symbol: str
    at: datetime
    pnl: Decimal | None


@dataclass(frozen=True, slots=True)
class Trip:
    """A position from flat back to flat: its realized P&L summed over every sell that closed a
    part of it. A partial close adds to the trip it belongs to; the trip counts once, when closed."""

    symbol: str
    opened: datetime
    closed: datetime
    pnl: Decimal


@dataclass(frozen=True, slots=True)
class FeePaid:
    symbol: str
    at: datetime
    fee: Decimal  # USDT


@dataclass
class Book:
    """Every fill of a set replayed in time order."""

    positions: dict[str, Position] = field(default_factory=dict)  # base -> what is held now
    realized: list[Realized] = field(default_factory=list)
    fees: list[FeePaid] = field(default_factory=list)
    trips: list[Trip] = field(default_factory=list)
    unmatched: dict[str, Decimal] = field(default_factory=dict)  # base -> quantity sold, no entry
    _opened: dict[str, tuple[datetime, Decimal]] = field(default_factory=dict)  # open trips

    def add(self, trade: Trade) -> None:
        base = base_of(trade.symbol)
        before = self.positions.get(base)
        fill = Fill(
            trade.symbol, trade.side, trade.quantity, trade.price, trade.quote_amount,
            trade.fee, trade.fee_asset, trade.at, trade.client_order_id,
        )  # fmt: skip
        after, pnl = apply_fill(before, base, fill)
        self.positions[base] = after
        self.fees.append(FeePaid(trade.symbol, trade.at, fee_in_quote(trade)))
        if trade.side == "buy":
            if base not in self._opened:
                self._opened[base] = (trade.at, ZERO)
            return
        self.realized.append(Realized(trade.symbol, trade.at, pnl))
        held = before.quantity if before is not None else ZERO
        if trade.quantity > held:
            self.unmatched[base] = self.unmatched.get(base, ZERO) + trade.quantity - held
        if pnl is None or base not in self._opened:
            return
        opened, so_far = self._opened[base]
        so_far += pnl
        if after.quantity <= 0 or after.cost < DUST_COST:
            self.trips.append(Trip(trade.symbol, opened, trade.at, so_far))
            del self._opened[base]
        else:
            self._opened[base] = (opened, so_far)

    def unrealized(self, bids: Mapping[str, Decimal | None]) -> tuple[dict[str, Decimal], tuple[str, ...]]:
        """Per symbol held: value at the best bid minus cost; and the symbols with no bid to value."""
        found: dict[str, Decimal] = {}
        unpriced: list[str] = []
        for base, position in sorted(self.positions.items()):
            if position.quantity <= 0:
                continue
            symbol = f"{base}{QUOTE_ASSET}"
            bid = bids.get(symbol)
            if bid is None:
                unpriced.append(symbol)
                continue
            found[symbol] = (position.quantity * bid - position.cost).quantize(PNL_PLACES)
        return found, tuple(unpriced)

    def held(self) -> list[str]:
        """The symbols still held (a bid is wanted for each)."""
        return [f"{b}{QUOTE_ASSET}" for b, p in sorted(self.positions.items()) if p.quantity > 0]


def replay(trades: Iterable[Trade]) -> Book:
    """The book of these fills, oldest first whatever order they came in."""
    book = Book()
    for trade in sorted(trades, key=lambda t: t.at):
        book.add(trade)
    return book
