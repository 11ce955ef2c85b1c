"""An ai strategy over history: the trader runtime's own decision (core.traders.ai.ask: the same
prompt, model call, strict reading and sized-order checks) at each decision time, on a replayed
paper account (the fills of core.backtest.fills), asking the person's own model.

Every decision is a paid model call, so nothing runs before the person confirms what it would cost
(``Estimate``: the decisions over the window, one per decision interval; the tokens at most; the
cost where the model's list price is known). The run is bounded by that confirmed budget: it
stops, with the result so far marked partial, when the next call could pass the budget, when the
person's daily model budget is used up, or when the model fails or answers too late. A missing
answer is never replaced by one deskmate makes up; an invalid one is recorded and not traded, as
a live ai trader does.

No look-ahead: the model is told what a live trader's model is told at that moment (the book at
the close of the candle that just closed, the replayed balances and positions) and nothing later.
No secret is in what it is sent: the prompt holds prices, balances and the strategy's limits only.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_UP, Decimal
from typing import Final

from core.backtest.engine import Tape
from core.backtest.model import Candle, Gap, Result, interval_delta
from core.market import Book, MarketError, MarketErrorCode
from core.markets import SymbolRules
from core.strategies import AiParams
from core.traders import ai, decide
from core.trading import filters
from core.trading.model import QUOTE_ASSET, Balance, Fill, OrderIntent, OrderPlan, Position
from core.trading.paper import PAPER_SPREAD, settle
from core.trading.positions import PositionView, apply_fill, view
from core.trading.sizing import DEFAULT_TAKER_FEE, fee_of, quantity_for_quote
from core.workspace.exchanges import PAPER_DEFAULT_BALANCE
from core.workspace.model_configs import ModelConfig

START_CASH: Final = PAPER_DEFAULT_BALANCE  # what a new paper account starts with
MAX_DECISIONS: Final = 720  # model calls one backtest may make (30 days of hourly decisions)
ANSWER_TOKENS: Final = 300  # at most per answer: the live trader's max_tokens (runtime.AI_MAX_TOKENS)
DEADLINE: Final = 30.0  # seconds per answer, as a live trader waits (runtime.AI_DEADLINE)
CHARS_PER_TOKEN: Final = 3  # the prompt is JSON and numbers: about 3-4 characters a token; 3 errs high
MILLION: Final = Decimal(1_000_000)
QUOTE_PRICE: Final = Decimal("99999.99")  # a price as long as most, for sizing a prompt before any history

# List prices in USD per million tokens (input, output) of the catalog's models, as published by
# the providers when written down (PRICES_CHECKED); a model not listed gets no cost, only tokens.
PRICES_CHECKED: Final = "2025-10"
PRICES: Final[dict[tuple[str, str], tuple[Decimal, Decimal]]] = {
    ("openai", "gpt-4o-mini"): (Decimal("0.15"), Decimal("0.60")),
    ("openai", "gpt-4o"): (Decimal("2.50"), Decimal("10.00")),
    ("openai", "gpt-4.1-mini"): (Decimal("0.40"), Decimal("1.60")),
    ("openai", "gpt-4.1"): (Decimal("2.00"), Decimal("8.00")),
    ("deepseek", "deepseek-chat"): (Decimal("0.28"), Decimal("0.42")),
    ("deepseek", "deepseek-reasoner"): (Decimal("0.28"), Decimal("0.42")),
}


def decision_indexes(closes: Sequence[datetime], every: timedelta) -> list[int]:
    """The candles whose close is a decision time: the first, then one per ``every`` (the slots
    of core.traders.decide.next_slot, as the runtime reschedules a trader)."""
    out: list[int] = []
    slot: datetime | None = None
    for i, at in enumerate(closes):
        if slot is None or at >= slot:
            out.append(i)
            slot = decide.next_slot(slot or at, every, at)
    return out


@dataclass(frozen=True, slots=True)
class Estimate:
    decisions: int  # model calls over the window (one per decision interval)
    prompt_tokens: int  # per call, estimated from the prompt itself (high rather than low)
    answer_tokens: int  # per call at most
    price: tuple[Decimal, Decimal] | None  # USD per million tokens (input, output), when known

    @property
    def per_call(self) -> int:
        return self.prompt_tokens + self.answer_tokens

    @property
    def tokens(self) -> int:
        """The budget: every call at its largest."""
        return self.decisions * self.per_call

    @property
    def cost(self) -> Decimal | None:
        """USD at the list price, every call at its largest (None when no price is known)."""
        if self.price is None:
            return None
        inp, out = self.price
        total = (inp * self.prompt_tokens + out * self.answer_tokens) * self.decisions / MILLION
        return total.quantize(Decimal("0.0001"), ROUND_UP)  # rounded up: never under what it says


def price_of(config: ModelConfig) -> tuple[Decimal, Decimal] | None:
    return PRICES.get((config.provider, config.model))


def estimate(params: AiParams, decisions: int, config: ModelConfig, price: Decimal) -> Estimate:
    """What ``decisions`` calls would cost: the prompt a decision sends (with a position held, its
    longest form), in tokens, plus the longest answer."""
    base = params.symbols[0].removesuffix(QUOTE_ASSET) or params.symbols[0]
    held = Decimal("123.45678901")
    balances = [Balance(QUOTE_ASSET, START_CASH), Balance(base, held)]
    positions = [PositionView(params.symbols[0], base, held, price, price, Decimal(0), Decimal(0))]
    prices = {s: (price, price) for s in params.symbols}
    messages = ai.prompt(params, prices, balances, positions, START_CASH * 2)
    chars = len(json.dumps(messages, ensure_ascii=False))
    return Estimate(decisions, math.ceil(chars / CHARS_PER_TOKEN) + 8, ANSWER_TOKENS, price_of(config))


class ReplayDesk:
    """ai.AiDesk over a replayed paper account at one candle's close: the book the paper exchange
    would show at that price, the replayed balances and position, orders sized as the trading
    service sizes a paper order (its fee, step rounding, filters and balance check; the account's
    own risk caps are the person's settings, not the strategy's, and are not applied)."""

    def __init__(self, tape: Tape, symbol: str, base: str, rules: SymbolRules, fee_rate: Decimal) -> None:
        self.tape = tape
        self.symbol = symbol
        self.base = base
        self.rules = rules
        self.fee_rate = fee_rate
        self.now: Book | None = None
        self.position: Position | None = None

    async def book(self, symbol: str) -> Book:
        if symbol != self.symbol or self.now is None:
            raise MarketError(MarketErrorCode.SYMBOL_MISMATCH, f"no history of {symbol}")
        return self.now

    async def raw_balances(self) -> list[Balance]:
        return list(self.tape.wallet.balances.values())

    async def positions(self) -> list[PositionView]:
        p = self.position
        if p is None or p.quantity <= 0:
            return []
        return [view(p, self.symbol, self.now.bid if self.now is not None else None)]

    async def equity(self) -> Decimal:
        bid = self.now.bid if self.now is not None else Decimal(0)
        return self.tape.wallet.cash + self.tape.wallet.coin * bid

    async def plan(self, intent: OrderIntent) -> OrderPlan:
        book = await self.book(intent.symbol)
        price = book.ask if intent.side == "buy" else book.bid
        if intent.unit == "quote":
            quantity = quantity_for_quote(intent.amount, price, self.fee_rate, self.rules)
        else:
            quantity = intent.amount  # as asked: off-step quantities fail LOT_SIZE, as on Binance
        notional = quantity * price
        fee = fee_of(notional, self.fee_rate)
        plan = OrderPlan(intent, price, quantity, notional, fee, QUOTE_ASSET, await self.equity())
        rejection = filters.check_market_order(self.rules, quantity, price)
        if rejection is None:
            fill = Fill(
                intent.symbol, intent.side, quantity, price, notional, fee, QUOTE_ASSET, book.fetched_at, ""
            )
            settled = settle(self.tape.wallet.balances, fill, self.base)
            rejection = settled if not isinstance(settled, dict) else None
        return OrderPlan(intent, price, quantity, notional, fee, QUOTE_ASSET, plan.equity, rejection)

    def filled(self, fill: Fill) -> None:
        self.position, _ = apply_fill(self.position, self.base, fill)


@dataclass(frozen=True, slots=True)
class AiRun:
    result: Result | None  # None: stopped before the first decision was answered
    complete: bool
    stopped: str | None  # why it stopped early: "budget", "daily_budget", "model", "late", "market"
    error: str | None  # the model's or market's error, when that stopped it
    asked: int  # model calls made
    answered: int  # decisions made (buys, sells, holds, invalid answers)
    invalid: int
    tokens: int  # reported by the model
    messages: tuple[tuple[dict[str, object], ...], ...] = ()  # what each call sent


Charge = Callable[[int], Awaitable[bool]]  # count tokens against the daily budget; False: used up


async def replay_ai(
    params: AiParams,
    candles: Sequence[Candle],
    *,
    model: ai.Asking,
    budget: int,
    per_call: int,
    rules: SymbolRules,
    base: str,
    interval: str,
    charge: Charge | None = None,
    deadline: float = DEADLINE,
    start_cash: Decimal = START_CASH,
    fee_rate: Decimal = DEFAULT_TAKER_FEE,
    gaps: tuple[Gap, ...] = (),
    source: str = "",
    spread: Decimal = PAPER_SPREAD,
) -> AiRun:
    """``params`` (one symbol) over ``candles``, one model call per decision time, within
    ``budget`` tokens: a call is made only while one more as large as the estimate (``per_call``)
    and as the largest so far still fits."""
    if not candles:
        raise ValueError("no candles to replay")
    symbol = params.symbols[0]
    step = interval_delta(interval)
    closes = [c.open_time + step for c in candles]
    due = set(decision_indexes(closes, params.interval.delta))
    tape = Tape(symbol=symbol, base=base, interval=interval, rules=rules, cash=start_cash,
                first_ask=candles[0].close, fee_rate=fee_rate, spread=spread)  # fmt: skip
    desk = ReplayDesk(tape, symbol, base, rules, fee_rate)
    used = asked = answered = invalid = largest = 0
    stopped: str | None = None
    error: str | None = None
    sent: list[tuple[dict[str, object], ...]] = []
    for i, candle in enumerate(candles):
        at = closes[i]
        book = tape.book(candle.close)
        desk.now = book
        if i in due:
            if used + max(per_call, largest) > budget:  # the next call, as large as any so far
                stopped = "budget"
                break
            try:
                answer = await ai.ask(params, desk, model, lambda s: base, deadline)
            except MarketError as exc:
                stopped, error = "market", exc.code
                break
            asked += 1
            sent.append(answer.messages)
            used += answer.usage.total
            largest = max(largest, answer.usage.total)
            if answer.action in ("skipped", "error"):
                stopped, error = ("late" if answer.action == "skipped" else "model"), answer.error
                break
            answered += 1
            if charge is not None and not await charge(answer.usage.total):
                stopped = "daily_budget"  # this answer counts; the next is not asked
            if answer.action == "invalid":
                invalid += 1
            elif answer.action in ("buy", "sell") and answer.amount is not None:
                order = decide.Order(answer.action, answer.amount, answer.unit)
                fill = tape.fill(at, order, book)
                if fill is not None:
                    desk.filled(fill)
        tape.mark(at, candle.close, book.bid)
        if stopped is not None:
            break
    result = tape.result(candles[0].open_time, gaps=gaps, source=source) if tape.points else None
    return AiRun(result, stopped is None, stopped, error, asked, answered, invalid, used, tuple(sent))
