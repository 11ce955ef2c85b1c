"""A trader, its run state and the decisions it records.

A trader is ``stopped`` until started; ``starting`` while its pre-launch checks run; ``running``
while its job ticks; ``error`` after an automatic stop (3 consecutive failed ticks), with
``last_error`` saying why. A stop asked while a tick is placing its orders (its decision is
recorded, not yet finished) makes it ``stopping``: that tick places no further order, finishes
what is in flight, and its end makes the trader ``stopped``; a stop at any other time is
``stopped`` at once (a tick still deciding then records nothing and orders nothing).

``run`` counts the starts: a tick job carries the run it belongs to, so the job of an earlier
run (stopped, then started again) finds itself outdated and ends instead of acting twice.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any, Literal


class TraderState(StrEnum):
    STOPPED = "stopped"
    STARTING = "starting"
    RUNNING = "running"
    STOPPING = "stopping"
    ERROR = "error"

    @property
    def active(self) -> bool:
        """It may act: a delete is refused and a start is pointless."""
        return self in (TraderState.STARTING, TraderState.RUNNING, TraderState.STOPPING)


# What one tick decided. hold: nothing to do; buy / sell: an order was placed (its outcome in
# ``status``); invalid: the model's answer failed validation; skipped: no decision this tick (a
# late model, a budget used up, a missed slot); error: the tick failed (exchange, market).
DecisionAction = Literal["hold", "buy", "sell", "invalid", "skipped", "error"]
DecisionStatus = Literal["pending", "done"]


@dataclass(frozen=True, slots=True)
class Trader:
    id: str
    owner: str
    name: str
    account_id: str | None
    strategy_id: str | None
    model_id: str | None
    state: TraderState
    auto_start: bool
    daily_summary: bool
    run: int  # starts so far (the tick job of another run ends without acting)
    started_at: datetime | None
    stopped_at: datetime | None
    last_error: str | None
    consecutive_errors: int
    ticks: int  # in this run
    orders: int  # in this run
    memory: dict[str, Any]  # the strategy's running state (grid holdings, last price, ...)
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class NewTrader:
    owner: str
    name: str
    account_id: str
    strategy_id: str
    model_id: str | None
    auto_start: bool
    daily_summary: bool
    now: datetime


@dataclass(frozen=True, slots=True)
class TraderChanges:
    name: str | None = None
    account_id: str | None = None
    strategy_id: str | None = None
    model_id: str | None = None
    clear_model: bool = False  # a strategy that is not ai needs no model
    auto_start: bool | None = None
    daily_summary: bool | None = None


@dataclass(frozen=True, slots=True)
class Leg:
    """One order a decision asks for, in the trading service's terms (``unit`` quote or base)."""

    side: Literal["buy", "sell"]
    symbol: str
    amount: Decimal
    unit: Literal["quote", "base"]
    client_order_id: str
    level: int | None = None  # a grid level

    def as_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "symbol": self.symbol,
            "amount": format(self.amount, "f"),
            "unit": self.unit,
            "client_order_id": self.client_order_id,
            "level": self.level,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Leg:
        return Leg(
            data["side"],
            data["symbol"],
            Decimal(data["amount"]),
            data["unit"],
            data["client_order_id"],
            data.get("level"),
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one leg did: its order's status and fill (Decimal strings), or the error."""

    client_order_id: str
    status: str  # filled | rejected | unknown | error
    side: str
    symbol: str
    quantity: str = "0"
    quote_amount: str = "0"
    fee: str = "0"
    price: str = ""
    error_code: str | None = None
    error_message: str | None = None
    level: int | None = None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Outcome:
        return Outcome(**data)


@dataclass(frozen=True, slots=True)
class Decision:
    """One tick's decision, recorded before any order so a re-run finds it and does not decide
    again (the same legs, the same client order ids)."""

    trader_id: str
    run: int
    tick: str  # the tick's slot (ISO time): unique per trader and run
    at: datetime
    action: DecisionAction
    reason: str = ""
    legs: tuple[Leg, ...] = ()
    outcomes: tuple[Outcome, ...] = ()
    status: DecisionStatus = "pending"
    error: str | None = None
    tokens: int = 0
    owner: str = ""

    @property
    def filled(self) -> tuple[Outcome, ...]:
        return tuple(o for o in self.outcomes if o.status == "filled")


@dataclass(frozen=True, slots=True)
class TickResult:
    """How a finished tick changes its trader (written with the decision, in one transaction)."""

    memory: dict[str, Any] | None = None  # replaces the strategy's running state when given
    errored: bool = False  # counts towards the automatic stop; a good tick resets the count
    orders: int = 0
    stop_with_error: str | None = None  # the trader stops itself (state error) with this reason


@dataclass(frozen=True, slots=True)
class Tally:
    """A run's figures from its decisions: what the status answer and summaries show."""

    decisions: int = 0
    orders: int = 0
    fills: int = 0
    bought_quote: Decimal = Decimal(0)
    sold_quote: Decimal = Decimal(0)
    fees: Decimal = Decimal(0)
    net_base: dict[str, Decimal] = field(default_factory=dict)  # symbol -> quantity bought - sold

    def add(self, decision: Decision) -> Tally:
        net = dict(self.net_base)
        bought, sold, fees, fills = self.bought_quote, self.sold_quote, self.fees, self.fills
        for o in decision.filled:
            q, amount = Decimal(o.quantity), Decimal(o.quote_amount)
            fees += Decimal(o.fee)
            fills += 1
            if o.side == "buy":
                bought += amount
                net[o.symbol] = net.get(o.symbol, Decimal(0)) + q
            else:
                sold += amount
                net[o.symbol] = net.get(o.symbol, Decimal(0)) - q
        return Tally(self.decisions + 1, self.orders + len(decision.outcomes), fills, bought, sold, fees, net)

    def pnl(self, prices: dict[str, Decimal]) -> Decimal | None:
        """Cash in and out (fees included) plus what is still held at ``prices``; None when a
        held coin has no price."""
        value = self.sold_quote - self.bought_quote - self.fees
        for symbol, qty in self.net_base.items():
            if qty == 0:
                continue
            price = prices.get(symbol)
            if price is None:
                return None
            value += qty * price
        return value
