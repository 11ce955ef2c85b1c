"""Positions from fills: average entry (fees included in the cost), realized and unrealized P&L.

A buy adds its quantity and what it cost (notional + fee in USDT). A sell closes part of the
position at the average entry: its realized P&L is what it yielded (notional - fee) minus the
cost of the part it closed; the rest of the cost stays with the rest of the quantity, so the
average entry does not move on a sell. Unrealized P&L is the position valued at the best bid
(what selling it would fetch now, before the sell's fee) minus its cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from core.trading.model import QUOTE_ASSET, Fill, Position

PNL_PLACES = Decimal("0.00000001")


def quote_value(fill: Fill) -> tuple[Decimal, Decimal]:
    """(USDT paid for a buy or received for a sell, fee in the coin) of ``fill``. A fee charged in
    the coin (a live Binance buy) shrinks what was received instead of adding to the cost."""
    fee_quote = fill.fee if fill.fee_asset == QUOTE_ASSET else Decimal(0)
    fee_base = fill.fee if fill.fee_asset not in (QUOTE_ASSET, "") else Decimal(0)
    if fill.side == "buy":
        return fill.quote_amount + fee_quote, fee_base
    return fill.quote_amount - fee_quote, fee_base


def apply_fill(position: Position | None, asset: str, fill: Fill) -> tuple[Position, Decimal | None]:
    """The position after ``fill``, and the P&L it realized (None for a buy)."""
    current = position or Position(asset, Decimal(0), Decimal(0))
    money, fee_base = quote_value(fill)
    if fill.side == "buy":
        quantity = current.quantity + fill.quantity - fee_base
        return Position(asset, quantity, current.cost + money, current.realized_pnl), None
    sold = min(fill.quantity + fee_base, current.quantity)
    if current.quantity > 0:
        closed_cost = (current.cost * sold / current.quantity).quantize(PNL_PLACES)
    else:
        closed_cost = Decimal(0)  # sold coin deskmate never saw bought: no entry to measure against
    realized = (money - closed_cost).quantize(PNL_PLACES) if current.quantity > 0 else None
    left = current.quantity - sold
    cost = current.cost - closed_cost if left > 0 else Decimal(0)
    return Position(asset, left, cost, current.realized_pnl + (realized or Decimal(0))), realized


@dataclass(frozen=True, slots=True)
class PositionView:
    """A position as shown: quantity, average entry, the current bid and the unrealized P&L."""

    symbol: str
    asset: str
    quantity: Decimal
    avg_entry: Decimal | None
    price: Decimal | None  # the best bid now (None when no quote could be had)
    unrealized_pnl: Decimal | None
    realized_pnl: Decimal


def view(position: Position, symbol: str, bid: Decimal | None) -> PositionView:
    avg = position.avg_entry
    unrealized = None
    if bid is not None and avg is not None:
        unrealized = (position.quantity * bid - position.cost).quantize(PNL_PLACES)
    return PositionView(
        symbol,
        position.asset,
        position.quantity,
        avg.quantize(PNL_PLACES) if avg is not None else None,
        bid,
        unrealized,
        position.realized_pnl,
    )
