"""The trader repository port: traders, their run state and their decisions.

Safe with several processes: a start, a stop and a tick's end are compare-and-sets on the
trader's state and run; a tick's decision is stored under (trader, run, tick) once, so a tick
run again after a crash finds its decision instead of deciding a second time.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Protocol, runtime_checkable

from core.planner.budget import TokenBudget
from core.planner.ports import ModelResponse
from core.services import ServiceKey
from core.strategies import Strategy
from core.tasks.audit import AuditEntry
from core.traders.model import Decision, NewTrader, TickResult, Trader, TraderChanges, TraderState
from core.trading.model import Order
from core.trading.ports import OrderSnapshot
from core.trading.service import PaperOrder
from core.workspace.accounts import ExchangeAccount
from core.workspace.model_configs import ModelConfig

TickKey = tuple[str, int, str]  # a due tick: (trader id, run, slot)


@dataclass(frozen=True, slots=True)
class TickRead:
    """What a due tick reads before it decides: its trader, the slot's decision if one was
    recorded, and the trader's strategy and account (the owner's own; None when gone)."""

    trader: Trader
    decision: Decision | None
    strategy: Strategy | None
    account: ExchangeAccount | None
    # A paper account's balances and caps (no order: a slot with no decision has none), for a
    # tick that places its order and records itself in one transaction (TickUnit).
    paper: OrderSnapshot | None = None


class TraderStore(Protocol):
    async def owned(self, owner: str) -> list[Trader]:
        """The owner's traders, oldest first."""
        ...

    async def get(self, owner: str, trader_id: str) -> Trader | None: ...

    async def by_id(self, trader_id: str) -> Trader | None:
        """Any owner's trader (the runtime's lookup: a job names its trader by id)."""
        ...

    async def create(self, new: NewTrader, audit: AuditEntry) -> Trader:
        """Raises NameTaken when the owner has a trader of that name."""
        ...

    async def update(
        self, owner: str, trader_id: str, changes: TraderChanges, now: datetime, audit: AuditEntry
    ) -> Trader:
        """Raises NotFound, NameTaken."""
        ...

    async def delete(self, owner: str, trader_id: str, audit: AuditEntry) -> None:
        """Raises NotFound; InUse((name,)) while the trader is active (checked in the transaction)."""
        ...

    async def transition(
        self,
        owner: str,
        trader_id: str,
        expected: Collection[TraderState],
        to: TraderState,
        now: datetime,
        audit: AuditEntry | None,
        *,
        new_run: bool = False,
        error: str | None = None,
    ) -> Trader | None:
        """Move the trader to ``to`` if its state is one of ``expected`` (one compare-and-set);
        None when it was not. ``new_run``: a start: the run count grows, the run's counters and
        memory start over and ``started_at`` is now. Leaving an active state sets ``stopped_at``."""
        ...

    async def stop(
        self, owner: str, trader_id: str, now: datetime, audit: AuditEntry, *, stale_before: datetime
    ) -> Trader | None:
        """Stop an active trader, decided under its row lock (serialized with ``begin``): straight
        to ``stopped`` when no tick of its run is between ``begin`` and ``finish`` (a pending
        decision last written after ``stale_before``); else ``stopping``, and that tick's
        ``finish`` ends it ``stopped``. None when it was not active."""
        ...

    async def decision(self, trader_id: str, run: int, tick: str) -> Decision | None: ...

    async def tick_reads(self, ticks: Sequence[TickKey]) -> dict[TickKey, TickRead] | None:
        """What the due ``ticks`` read before deciding, for all of them in one read of the
        database (a trader not found has no entry). None: this store cannot read the strategies
        and accounts with the traders; each tick reads its own."""
        ...

    async def begin(self, decision: Decision) -> Decision | None:
        """Store a pending decision while the trader is starting or running in the decision's run
        (checked under the trader's row lock, so a stop either comes first or sees this
        decision); when one exists for its (trader, run, tick), return that one unchanged (a
        re-run, or another process that got there first). None when the trader was stopped
        (or is stopping) meanwhile: nothing is stored and no order may follow."""
        ...

    async def finish(self, decision: Decision, result: TickResult, now: datetime) -> Trader | None:
        """In one transaction: the decision is done with its outcomes, and the trader (still in
        this run) counts the tick, its orders and errors, takes ``result.memory``, and stops in
        ``error`` when ``result.stop_with_error`` says so; a ``stopping`` trader ends ``stopped``.
        None when the run is over (stopped meanwhile); the decision is still recorded."""
        ...

    async def decisions(self, trader_id: str, run: int | None = None, limit: int = 500) -> list[Decision]:
        """Newest first; ``run``: only that run's."""
        ...


TRADERS: Final = ServiceKey[TraderStore]("trader repository")

# Called inside TickUnit.record's transaction with the decision and its paper order as stored
# (None: no order): the decision with its outcomes, and the trader's counters and memory after
# it. Pure: the transaction may run it again (a SQLite lock met on the event loop's thread).
Settle = Callable[[Decision, Order | None], tuple[Decision, TickResult]]


@dataclass(frozen=True, slots=True)
class Recorded:
    """What TickUnit.record did: the decision as stored and the trader after it (None: its run
    ended meanwhile); ``found``: the slot had a decision already, returned as found, and nothing
    was written (a re-run, or another process first)."""

    decision: Decision
    trader: Trader | None
    found: bool = False


@runtime_checkable
class TickUnit(Protocol):
    """A trader store that records a whole tick in one transaction (the SQL stores): the stop
    check, the decision, its paper order and the trader's counters, all or nothing."""

    async def record(
        self, decision: Decision, order: PaperOrder | None, settle: Settle, now: datetime
    ) -> Recorded | None:
        """One transaction: under the trader's row lock (as ``begin``: a stop either comes first
        and nothing is written, or comes after and finds the tick done), when the trader is
        starting or running in the decision's run and its slot has no decision: ``order``
        placed (claimed, paid for and filled or refused, OrderStore.place_paper), then the
        decision stored done with ``settle``'s outcomes and the trader counting the tick as
        ``finish`` does. None when the trader was stopped: nothing stored, no order."""
        ...


class DecisionModels(Protocol):
    """Asks a person's own model config (an OpenAI-compatible API) for one completion. The API
    key is opened inside the adapter, for that call only, and never logged. Raises ModelError
    (core.planner.ports) on any failure; never retries on its own."""

    async def complete(
        self,
        config: ModelConfig,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        timeout: float,  # noqa: ASYNC109 - bounds the provider call itself
    ) -> ModelResponse: ...


DECISION_MODELS: Final = ServiceKey[DecisionModels]("decision models")
# The daily token budgets (per person and site-wide) an ai trader's decisions count against.
MODEL_BUDGET: Final = ServiceKey[TokenBudget]("model token budget")
