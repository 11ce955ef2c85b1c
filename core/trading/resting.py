"""Resting orders on the paper exchange, as pure rules: what an order locks, when the book
crosses it and at what price it fills, when it has expired, and a trigger on the wrong side.

Funds: a resting order locks what it may spend, as Binance shows it (free / locked): a limit buy
its quantity at the limit plus the fee in USDT, a sell (limit, stop-loss, take-profit) the coin.
The two orders of a take-profit + stop-loss pair share one lock (held by the first): the coin
can only be sold once. A fill first releases the lock of the order and of the pair's other order
(cancelled in the same step), then settles from the free balances like a market fill
(core.trading.paper.settle), so a limit buy filled at a better ask gets the difference back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from core.market import Book
from core.trading.model import QUOTE_ASSET, Balance, Order, OrderType, Rejection, Side
from core.trading.paper import INSUFFICIENT_BALANCE, INSUFFICIENT_MESSAGE
from core.trading.sizing import fee_of

WRONG_SIDE = "wrong_side"  # a trigger the price is already past: it would fire at once


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


@dataclass(frozen=True, slots=True)
class Lock:
    asset: str
    amount: Decimal


def lock_of(side: Side, base: str, quantity: Decimal, limit_price: Decimal | None, fee_rate: Decimal) -> Lock:
    """What a resting order holds back: a buy its most expensive fill (limit x quantity + fee),
    a sell its coin."""
    if side == "buy":
        if limit_price is None:
            raise ValueError("a resting buy needs its limit price")
        notional = quantity * limit_price
        return Lock(QUOTE_ASSET, notional + fee_of(notional, fee_rate))
    return Lock(base, quantity)


def lock(balances: Mapping[str, Balance], held: Lock) -> dict[str, Balance] | Rejection:
    """The balance after moving ``held`` from free to locked, or -2010 when it is not free."""
    current = balances.get(held.asset, Balance(held.asset, Decimal(0)))
    if current.free < held.amount:
        params = {"asset": held.asset, "needed": _plain(held.amount), "free": _plain(current.free)}
        return Rejection(INSUFFICIENT_BALANCE, INSUFFICIENT_MESSAGE, "balance", params)
    return {held.asset: Balance(held.asset, current.free - held.amount, current.locked + held.amount)}


def release(balances: Mapping[str, Balance], held: Lock) -> dict[str, Balance]:
    """The balance after giving ``held`` back to free (never below zero locked)."""
    current = balances.get(held.asset, Balance(held.asset, Decimal(0)))
    amount = min(held.amount, current.locked)
    return {held.asset: Balance(held.asset, current.free + amount, current.locked - amount)}


def crossing(order: Order, book: Book) -> Decimal | None:
    """The price ``order`` fills at on ``book`` now, or None while it rests.

    A limit buy fills when the ask comes down to its limit, at the ask (the limit or better); a
    limit sell when the bid comes up to it, at the bid. A stop-loss sells at the bid once the bid
    falls to its trigger, a take-profit once the bid rises to it (a market sell: the bid, whatever
    it is). A stop-limit, once triggered, sells at the bid only while the bid is at or above its
    limit."""
    kind: OrderType = order.order_type
    if kind == "limit" and order.limit_price is not None:
        if order.side == "buy":
            return book.ask if book.ask <= order.limit_price else None
        return book.bid if book.bid >= order.limit_price else None
    trigger = order.trigger_price
    if trigger is None:
        return None
    if kind == "stop_loss":
        return book.bid if book.bid <= trigger else None
    if kind == "take_profit":
        return book.bid if book.bid >= trigger else None
    if kind == "stop_limit" and order.limit_price is not None:
        return book.bid if order.limit_price <= book.bid <= trigger else None
    return None


def expired(order: Order, now: datetime) -> bool:
    return order.expires_at is not None and now >= order.expires_at


def wrong_side(
    kind: OrderType, side: Side, book: Book, trigger: Decimal | None, limit_price: Decimal | None
) -> Rejection | None:
    """A stop-loss at or above the bid, or a take-profit at or below it, would fire at once: it is
    refused with both numbers. (A limit buy above the ask is not refused: it fills at the ask.)"""
    if side != "sell" or trigger is None:
        return None
    bid = book.bid
    if kind in ("stop_loss", "stop_limit") and trigger >= bid:
        return Rejection(
            WRONG_SIDE, "stop price at or above the bid", "stop_above_bid",
            {"trigger": _plain(trigger), "bid": _plain(bid)},
        )  # fmt: skip
    if kind == "take_profit" and trigger <= bid:
        return Rejection(
            WRONG_SIDE, "take-profit price at or below the bid", "take_profit_below_bid",
            {"trigger": _plain(trigger), "bid": _plain(bid)},
        )  # fmt: skip
    if kind == "stop_limit" and limit_price is not None and limit_price > trigger:
        return Rejection(
            WRONG_SIDE, "stop-limit limit above its stop price", "limit_above_stop",
            {"trigger": _plain(trigger), "limit": _plain(limit_price)},
        )  # fmt: skip
    return None


def distance(reference: Decimal, price: Decimal) -> Decimal:
    """How far ``price`` is from ``reference``, as a signed fraction of it (0.05: 5 % above)."""
    return (price - reference) / reference if reference > 0 else Decimal(0)


def reference_of(kind: OrderType, side: Side, book: Book) -> Decimal:
    """The side of the book an order waits on: the ask for a buy, the bid for any sell."""
    return book.ask if side == "buy" and kind == "limit" else book.bid
