"""Binance's symbol filters, checked exactly as the exchange checks a MARKET order.

- LOT_SIZE: minQty <= quantity <= maxQty and (quantity - minQty) is a multiple of stepSize;
- NOTIONAL (MIN_NOTIONAL on older symbols): quantity x price >= minNotional (and <= maxNotional
  when the symbol has one);
- PRICE_FILTER: a price is a multiple of tickSize (limit prices; a market order carries none).

A failure is Binance's own answer: code -1013, "Filter failure: <FILTER>", so an order Binance
would reject is rejected here for the same reason, word for word.
"""

from __future__ import annotations

from decimal import Decimal

from core.markets import SymbolRules
from core.trading.model import Rejection

FILTER_FAILURE = "-1013"


def _failure(name: str, reason: str, **params: Decimal) -> Rejection:
    return Rejection(
        FILTER_FAILURE,
        f"Filter failure: {name}",
        reason,
        {k: _plain(v) for k, v in params.items()},
    )


def _plain(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text


def on_step(value: Decimal, start: Decimal, step: Decimal) -> bool:
    return step <= 0 or (value - start) % step == 0


def check_quantity(rules: SymbolRules, quantity: Decimal) -> Rejection | None:
    """LOT_SIZE, as Binance checks it."""
    if quantity < rules.min_qty:
        return _failure("LOT_SIZE", "min_qty", quantity=quantity, min_qty=rules.min_qty)
    if quantity > rules.max_qty:
        return _failure("LOT_SIZE", "max_qty", quantity=quantity, max_qty=rules.max_qty)
    if not on_step(quantity, rules.min_qty, rules.step_size):
        return _failure("LOT_SIZE", "step_size", quantity=quantity, step=rules.step_size)
    return None


def check_notional(rules: SymbolRules, quantity: Decimal, price: Decimal) -> Rejection | None:
    """NOTIONAL at the price the order would fill at."""
    notional = quantity * price
    if notional < rules.min_notional:
        return _failure("NOTIONAL", "min_notional", notional=notional, min_notional=rules.min_notional)
    if rules.max_notional is not None and notional > rules.max_notional:
        return _failure("NOTIONAL", "max_notional", notional=notional, max_notional=rules.max_notional)
    return None


def check_price(rules: SymbolRules, price: Decimal) -> Rejection | None:
    """PRICE_FILTER: a limit price on the tick."""
    if price <= 0 or not on_step(price, Decimal(0), rules.tick_size):
        return _failure("PRICE_FILTER", "tick_size", price=price, tick=rules.tick_size)
    return None


def check_market_order(rules: SymbolRules, quantity: Decimal, price: Decimal) -> Rejection | None:
    """Every filter a MARKET order meets, in Binance's order: LOT_SIZE, then NOTIONAL."""
    return check_quantity(rules, quantity) or check_notional(rules, quantity, price)
