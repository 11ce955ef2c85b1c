"""Order arithmetic in Decimal: steps, fees, and the quantity an amount buys or sells.

The paper exchange charges its taker fee in USDT on both sides (a buy costs notional + fee, a
sell yields notional - fee), rounded to 8 decimals, half to even. "Buy 100 USDT of BTC" spends at
most 100 USDT, fee included; "the most ETH I can buy" is the free USDT over (ask x (1 + fee)),
down to the step size.
"""

from __future__ import annotations

import math
from decimal import ROUND_CEILING, ROUND_DOWN, ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from core.markets import SymbolRules

DEFAULT_TAKER_FEE = Decimal("0.001")  # 0.1 %, Binance's base spot taker rate
FEE_PLACES = Decimal("0.00000001")


def floor_to_step(value: Decimal, step: Decimal) -> Decimal:
    """The largest multiple of ``step`` not above ``value`` (0 when below one step)."""
    if step <= 0:
        return value
    if value <= 0:
        return Decimal(0)
    steps = (value / step).to_integral_value(rounding=ROUND_DOWN)
    return (steps * step).normalize() if steps else Decimal(0)


def smallest_buy(price: Decimal, rate: Decimal, rules: SymbolRules) -> tuple[Decimal, Decimal]:
    """The least coin one market buy at ``price`` may take and what it costs with the fee: the
    pair's minimum quantity and minimum order value, each up to the step. "Is 5u enough for
    BTC": 5 USDT floors to 0.00005 BTC (4.42 USDT at 88,405, under the 5 USDT minimum), so the
    answer is no, and the smallest buy is 0.00006 BTC for about 5.31 USDT."""
    step = rules.step_size
    least = max(rules.min_qty, rules.min_notional / price) if price > 0 else rules.min_qty
    if step > 0:
        steps = (least / step).to_integral_value(rounding=ROUND_CEILING)
        least = (steps * step).normalize()
    notional = least * price
    return least, notional + fee_of(notional, rate)


def fee_of(notional: Decimal, rate: Decimal) -> Decimal:
    return (notional * rate).quantize(FEE_PLACES, rounding=ROUND_HALF_EVEN)


def quantity_for_quote(amount: Decimal, price: Decimal, rate: Decimal, rules: SymbolRules) -> Decimal:
    """The most coin ``amount`` USDT buys at ``price`` with the fee on top, on the step."""
    raw = amount / (price * (1 + rate))
    quantity = floor_to_step(raw, rules.step_size)
    # Rounding the fee up by half a unit could still tip the cost over: step down once if it does.
    while quantity > 0 and quantity * price + fee_of(quantity * price, rate) > amount:
        quantity = floor_to_step(quantity - rules.step_size, rules.step_size)
    return min(quantity, floor_to_step(rules.max_qty, rules.step_size))


def share_of(amount: Decimal, share: Fraction, step: Decimal) -> Decimal:
    """``share`` of ``amount`` down to ``step``, computed exactly: the step is the one rounding
    (a third of 0.3 on a 0.1 step is 0.1, not the 0.0 a rounded 0.0999... would floor to)."""
    step = step if step > 0 else FEE_PLACES
    steps = math.floor(Fraction(amount) * share / Fraction(step)) if amount > 0 else 0
    return (Decimal(steps) * step).normalize() if steps > 0 else Decimal(0)


def quantity_of_holding(free: Decimal, share: Fraction, rules: SymbolRules) -> Decimal:
    """``share`` of a free balance, down to the step (what "清仓", "half" or "a third" can sell)."""
    return share_of(free, share, rules.step_size)


def budget_of(free: Decimal, share: Fraction) -> Decimal:
    """``share`` of the free USDT a buy may spend ("half my USDT"), down to the fee's places."""
    return share_of(free, share, FEE_PLACES)
