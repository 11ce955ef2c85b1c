"""Risk caps and confirmation thresholds of an account, as data.

- ``max_order_notional``: the most USDT one buy may be worth;
- ``max_equity_share``: the largest share of the account's equity one buy may be;
- ``confirm_twice_share``: an order (buy or sell) at or above this share of equity needs a
  second, explicit confirmation;
- ``price_tolerance``: how far the price may move between the summary and the confirmation
  before the order is shown again instead of filled.

Caps limit what can be bought in one order; selling what one holds is never capped.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from core.trading.model import OrderPlan, Rejection


@dataclass(frozen=True, slots=True)
class RiskLimits:
    max_order_notional: Decimal = Decimal(10_000)
    max_equity_share: Decimal = Decimal("0.5")
    confirm_twice_share: Decimal = Decimal("0.25")
    price_tolerance: Decimal = Decimal("0.01")


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def check_caps(plan: OrderPlan, limits: RiskLimits, committed: Decimal = Decimal(0)) -> Rejection | None:
    """``committed``: the USDT already locked by the account's resting buys. They count toward
    the share of equity (they will be spent when they fill), not toward one order's notional."""
    if plan.intent.side != "buy":
        return None
    if plan.notional > limits.max_order_notional:
        return Rejection(
            "cap_notional",
            "order notional above the account's cap",
            "max_order_notional",
            {
                "notional": _plain(plan.notional.quantize(Decimal("0.01"))),
                "cap": _plain(limits.max_order_notional),
            },
        )
    share = (plan.notional + committed) / plan.equity if plan.equity > 0 else Decimal(1)
    if share > limits.max_equity_share:
        params = {
            "share": _percent(share),
            "cap": _percent(limits.max_equity_share),
            "notional": _plain(plan.notional.quantize(Decimal("0.01"))),
        }
        if committed > 0:
            params["committed"] = _plain(committed.quantize(Decimal("0.01")))
        reason = "max_equity_share_committed" if committed > 0 else "max_equity_share"
        return Rejection("cap_equity_share", "order above the account's share of equity", reason, params)
    return None


def needs_second_confirmation(plan: OrderPlan, limits: RiskLimits) -> bool:
    return plan.equity_share >= limits.confirm_twice_share


def moved(reference: Decimal, now: Decimal, tolerance: Decimal) -> bool:
    """The price moved beyond ``tolerance`` (a fraction) since ``reference``."""
    return reference > 0 and abs(now - reference) / reference > tolerance


def _percent(share: Decimal) -> str:
    return _plain((share * 100).quantize(Decimal("0.1")))


def percent(share: Decimal) -> str:
    """A share as a percentage for people: 0.2512 -> "25.1"."""
    return _percent(share)
