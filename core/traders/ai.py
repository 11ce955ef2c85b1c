"""An ai trader's decision: the prompt, the model's strict JSON answer, and its validation.

The model is asked for exactly one JSON object ``{action: buy|sell|hold, symbol, quote_amount or
quantity, reason}``. Anything else (prose, an extra field, a symbol outside the strategy, an
order over the strategy's limits or the symbol's filters) is *invalid*: recorded, never traded.
Numbers come from the JSON as decimal strings or numbers and are read as Decimal.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol

from core.market import Book
from core.planner.ports import ModelError, ModelErrorCode, ModelResponse, ModelUsage
from core.strategies import AiParams
from core.trading.model import Balance, OrderIntent, OrderPlan
from core.trading.positions import PositionView

if TYPE_CHECKING:
    from core.trading.service import TradingService
    from core.workspace.accounts import ExchangeAccount

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


# -- one decision, end to end: the one path the trader runtime and the backtest both run -------


class AiDesk(Protocol):
    """What one ai decision reads and sizes its order against: an account (the trader runtime's:
    AccountDesk) or a replayed paper account at a candle's close (core.backtest.ai)."""

    async def book(self, symbol: str) -> Book: ...

    async def raw_balances(self) -> list[Balance]: ...

    async def positions(self) -> list[PositionView]: ...

    async def equity(self) -> Decimal: ...

    async def plan(self, intent: OrderIntent) -> OrderPlan: ...


class AccountDesk:
    """An exchange account through the trading service (the live trader's desk)."""

    def __init__(self, trading: TradingService, account: ExchangeAccount) -> None:
        self.trading = trading
        self.account = account

    async def book(self, symbol: str) -> Book:
        return await self.trading.books.get_book(symbol)

    async def raw_balances(self) -> list[Balance]:
        return await self.trading.raw_balances(self.account)

    async def positions(self) -> list[PositionView]:
        return await self.trading.positions(self.account)

    async def equity(self) -> Decimal:
        return (await self.trading.balances(self.account)).equity

    async def plan(self, intent: OrderIntent) -> OrderPlan:
        return await self.trading.plan(self.account, intent)


Asking = Callable[[list[dict[str, Any]]], Awaitable[ModelResponse]]  # the model, bound to its config
_NO_USAGE: Final = ModelUsage()
AskedAction = Literal["buy", "sell", "hold", "invalid", "skipped", "error"]


@dataclass(frozen=True, slots=True)
class Asked:
    """One decision's outcome: an order to place (buy / sell: ``symbol``, ``amount`` in
    ``unit``), a hold, an invalid answer (recorded, never traded), or no answer at all
    (skipped: too late; error: the model failed). ``usage``: the tokens the model reported."""

    action: AskedAction
    reason: str = ""
    symbol: str = ""
    amount: Decimal | None = None
    unit: Literal["quote", "base"] = "quote"
    usage: ModelUsage = _NO_USAGE
    error: str | None = None
    messages: tuple[dict[str, Any], ...] = ()


async def ask(
    params: AiParams, desk: AiDesk, model: Asking, base_of: Callable[[str], str], deadline: float
) -> Asked:
    """Ask the model for one decision on the facts ``desk`` shows now, and read its answer
    strictly (parse, check, size on the desk, check the sized order). Raises what the desk raises
    (MarketError, ExchangeError): the caller records those as its own error."""
    books = {s: await desk.book(s) for s in params.symbols}
    balances = await desk.raw_balances()
    positions = [v for v in await desk.positions() if v.symbol in params.symbols]
    equity = await desk.equity()
    messages = prompt(params, {s: (b.bid, b.ask) for s, b in books.items()}, balances, positions, equity)
    asked = tuple(messages)
    try:
        response = await asyncio.wait_for(model(messages), deadline)
    except TimeoutError:
        return Asked("skipped", "the model answered too late", messages=asked)
    except ModelError as exc:
        if exc.code == ModelErrorCode.TIMEOUT:
            return Asked("skipped", "the model answered too late", messages=asked)
        return Asked("error", error=f"model_{exc.code}: {exc.message}"[:300], messages=asked)
    usage = response.usage
    try:
        decision = parse(response.content)
        check(decision, params)
        if decision.action == "hold":
            return Asked("hold", decision.reason, usage=usage, messages=asked)
        symbol = decision.symbol
        amount = decision.quote_amount if decision.action == "buy" else decision.quantity
        assert amount is not None
        unit: Literal["quote", "base"] = "quote" if decision.action == "buy" else "base"
        plan = await desk.plan(OrderIntent(decision.action, symbol, base_of(symbol), amount, unit))
        held = next((v.quantity * books[symbol].bid for v in positions if v.symbol == symbol), Decimal(0))
        check_plan(plan, params, held)
    except Invalid as exc:
        return Asked("invalid", str(exc)[:300], usage=usage, messages=asked)
    return Asked(decision.action, decision.reason, symbol, amount, unit, usage, messages=asked)
