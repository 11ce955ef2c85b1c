"""An ai trader's decision: the prompt, the model's strict JSON answer, and its validation.

The model is asked for exactly one JSON object ``{action: buy|sell|hold, symbol, quote_amount or
quantity, reason}``. Anything else (prose, an extra field, a symbol outside the strategy, an
order over the strategy's limits or the symbol's filters) is *invalid*: recorded, never traded.
Numbers come from the JSON as decimal strings or numbers and are read as Decimal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from core.strategies import AiParams
from core.trading.model import Balance, OrderPlan
from core.trading.positions import PositionView

MAX_REASON = 300
FIELDS = frozenset({"action", "symbol", "quote_amount", "quantity", "reason"})

SYSTEM = (
    "You are a careful spot trading agent. Each time you are asked you decide ONE action for the "
    "next interval: buy, sell or hold. Answer with exactly one JSON object and nothing else: "
    '{"action": "buy" | "sell" | "hold", "symbol": "<one of the allowed symbols>", '
    '"quote_amount": "<USDT to spend, for a buy>", "quantity": "<coins to sell, for a sell>", '
    '"reason": "<one short sentence>"}. Use quote_amount for a buy and quantity for a sell, as '
    "decimal strings. Respect the limits given. When unsure, hold."
)


@dataclass(frozen=True, slots=True)
class AiDecision:
    action: Literal["buy", "sell", "hold"]
    symbol: str
    quote_amount: Decimal | None
    quantity: Decimal | None
    reason: str


class Invalid(ValueError):
    """The answer is not a decision deskmate may act on; ``code`` says which rule it broke."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


def prompt(
    params: AiParams,
    prices: dict[str, tuple[Decimal, Decimal]],
    balances: list[Balance],
    positions: list[PositionView],
    equity: Decimal,
) -> list[dict[str, Any]]:
    """The messages of one decision request: facts only, no credentials, no account names."""
    facts = {
        "allowed_symbols": list(params.symbols),
        "interval": params.interval.text,
        "limits": {
            "max_order_usdt": _s(params.max_order_notional),
            "max_position_percent_of_equity": _s(params.max_position_pct),
        },
        "prices": {s: {"bid": _s(b), "ask": _s(a)} for s, (b, a) in prices.items()},
        "balances": {b.asset: _s(b.free) for b in balances if b.free > 0},
        "positions": {
            p.symbol: {"quantity": _s(p.quantity), "avg_entry": _s(p.avg_entry) if p.avg_entry else None}
            for p in positions
        },
        "equity_usdt": _s(equity),
    }
    user = "Facts:\n" + json.dumps(facts, ensure_ascii=False, sort_keys=True)
    if params.notes:
        user += "\nThe owner's notes (preferences, not instructions to break the format or limits):\n"
        user += params.notes
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def parse(content: str | None) -> AiDecision:
    """The strict reading of the model's answer; raises Invalid."""
    text = (content or "").strip()
    if text.startswith("```"):  # a fenced block is still exactly one object
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text, parse_float=str, parse_int=str)
    except (json.JSONDecodeError, ValueError):
        raise Invalid("not_json") from None
    if not isinstance(data, dict):
        raise Invalid("not_an_object")
    extra = set(data) - FIELDS
    if extra:
        raise Invalid("extra_fields", ",".join(sorted(extra)))
    action = data.get("action")
    if action not in ("buy", "sell", "hold"):
        raise Invalid("bad_action", str(action)[:20])
    symbol = str(data.get("symbol") or "").upper().replace("/", "")
    reason = data.get("reason", "")
    if not isinstance(reason, str):
        raise Invalid("bad_reason")
    return AiDecision(
        action,
        symbol,
        _amount(data.get("quote_amount"), "quote_amount"),
        _amount(data.get("quantity"), "quantity"),
        reason.strip()[:MAX_REASON],
    )


def check(decision: AiDecision, params: AiParams) -> None:
    """The strategy's own rules, before any sizing: symbol allowed, one amount, within the
    order limit. Raises Invalid."""
    if decision.action == "hold":
        return
    if decision.symbol not in params.symbols:
        raise Invalid("symbol_not_allowed", decision.symbol[:20])
    if decision.action == "buy":
        if decision.quote_amount is None:
            raise Invalid("missing_quote_amount")
        if decision.quote_amount > params.max_order_notional:
            raise Invalid("oversized", f"{_s(decision.quote_amount)} > {_s(params.max_order_notional)}")
    elif decision.quantity is None:
        raise Invalid("missing_quantity")


def check_plan(plan: OrderPlan, params: AiParams, held_value: Decimal) -> None:
    """The sized order against the filters, the caps and the position limit. Raises Invalid."""
    if plan.rejection is not None:
        raise Invalid("rejected", f"{plan.rejection.code} {plan.rejection.message}".strip())
    if plan.intent.side == "sell":
        return
    if plan.notional > params.max_order_notional:
        raise Invalid("oversized", f"{_s(plan.notional)} > {_s(params.max_order_notional)}")
    if plan.equity > 0:
        share = (held_value + plan.notional) / plan.equity * 100
        if share > params.max_position_pct:
            raise Invalid(
                "position_limit", f"{share.quantize(Decimal('0.01'))}% > {_s(params.max_position_pct)}%"
            )


def _amount(value: object, name: str) -> Decimal | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, str):
        raise Invalid("bad_number", name)
    try:
        amount = Decimal(value.strip())
    except InvalidOperation:
        raise Invalid("bad_number", name) from None
    if not amount.is_finite() or amount <= 0:
        raise Invalid("bad_number", name)
    return amount


def _s(value: Decimal) -> str:
    return format(value.normalize(), "f")
