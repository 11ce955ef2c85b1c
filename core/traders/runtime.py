"""The trader runtime: a running trader is one recurring job (kind ``trader_management.tick``).

Each tick belongs to a slot (its scheduled time) of one run of the trader. It:

1. ends, doing nothing, when the trader is gone, stopped, or in another run (a stop, or a
   stop and a new start: the new run has its own job);
2. finds the slot's decision if one was recorded (a re-run after a crash, or a runner whose
   lease expired): it acts on that one instead of deciding again — the same legs under the same
   client order ids, which the trading service executes at most once;
3. otherwise decides (dca: buy its amount; grid: buy or sell the levels the price crossed since
   the last tick; ai: ask the trader's model, validate its strict JSON). A decision with no
   order, or with one on a paper account, is recorded whole in one transaction of the SQL
   store (core.traders.ports.TickUnit): the stop check under the trader's row lock, the
   decision, the paper order (planned by the TradingService against the balances and caps the
   batch read) and the trader's counters and memory. Any other (a live order, several legs)
   records its decision pending, then places each leg through the TradingService — the order
   path, caps, filters and audit of a conversation's orders —
4. and records the outcomes with the trader's counters and running memory in one transaction;
   either way it tells the owner privately (fills, rejections, errors, an automatic stop after 3 consecutive
   errors), queues the owner's daily summary job on its first tick of a UTC day when asked
   (core.traders.daily), and reschedules itself for the next slot (missed slots
   are skipped, never caught up on: a restart does not buy twice).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Final

from core.i18n import Locale, stored_locale, t
from core.jobs import DONE, Job, JobContext, JobKind, JobQueue, JobResult, Reschedule
from core.market import MarketError
from core.markets import MarketCatalog
from core.outbound.destination import Destination
from core.planner.budget import TokenBudget
from core.strategies import DcaParams, GridParams, Strategy, StrategyStore
from core.tasks.audit import AuditEntry
from core.traders import decide
from core.traders.daily import DailySummary, schedule_daily
from core.traders.model import Decision, Leg, Outcome, TickResult, Trader, TraderState
from core.traders.notices import AUTO_STOP_AFTER, INVALID_TOLD, OwnerNotices
from core.traders.ports import DecisionModels, TickKey, TickRead, TickUnit, TraderStore
from core.traders.tick_decisions import Tick, TickDecisions
from core.trading.model import Order, OrderIntent, OrderStatus
from core.trading.ports import ExchangeError
from core.trading.service import PaperOrder, Placed, PriceMoved, TradingService
from core.workspace.accounts import ExchangeAccountRepository
from core.workspace.model_configs import ModelConfigRepository

log = logging.getLogger(__name__)

SKILL: Final = "trader_management"
KIND: Final = f"{SKILL}.tick"
GRID_POLL: Final = timedelta(minutes=1)  # a grid watches the price this often
AI_DEADLINE: Final = 30.0  # seconds: a later answer is a skipped tick
TICK_TIMEOUT: Final = AI_DEADLINE + 90  # seconds: one attempt of a tick job
# A decision still pending this long after it was recorded belongs to a tick attempt that died
# (attempts time out after TICK_TIMEOUT): a stop does not wait for it.
STALE_TICK: Final = timedelta(minutes=10)
_RUNNABLE = (TraderState.STARTING, TraderState.RUNNING)
# Invalid ai answers are told to the owner, at most this often per trader (the time is kept in the
# trader's memory under INVALID_TOLD, core.traders.notices).
INVALID_NOTICE_EVERY: Final = timedelta(hours=1)


def interval_of(strategy: Strategy) -> timedelta:
    p = strategy.params
    return GRID_POLL if isinstance(p, GridParams) else p.interval.delta


def dedupe_key(trader: Trader) -> str:
    return f"{KIND}:{trader.id}:{trader.run}"


async def schedule(queue: JobQueue, trader: Trader, due: datetime, locale: Locale) -> None:
    """Queue the run's tick job (at most one live job per run, whoever calls)."""
    payload = {"trader_id": trader.id, "run": trader.run, "slot": due.isoformat(), "locale": locale}
    await queue.enqueue(KIND, payload, due_at=due, owner=trader.owner, dedupe_key=dedupe_key(trader))


class TraderRuntime(TickDecisions, OwnerNotices):
    def __init__(
        self,
        traders: TraderStore,
        strategies: StrategyStore,
        accounts: ExchangeAccountRepository,
        model_configs: ModelConfigRepository,
        trading: TradingService,
        catalog: MarketCatalog,
        models: DecisionModels | None,
        budget: TokenBudget | None,
    ) -> None:
        self.traders = traders
        self.strategies = strategies
        self.accounts = accounts
        self.model_configs = model_configs
        self.trading = trading
        self.catalog = catalog
        self.models = models
        self.budget = budget
        self.deadline = AI_DEADLINE  # seconds: a later answer is a skipped tick
        # What ``prepare`` read for the claimed ticks, by (job id, lease token): each tick takes
        # its own (None: its trader was not found); a tick not in it reads for itself.
        self._read: dict[tuple[str, str | None], TickRead | None] = {}

    def kinds(self) -> list[JobKind]:
        summary = DailySummary(self.traders, self.trading)
        tick = JobKind(
            KIND, self.tick, timeout=TICK_TIMEOUT, max_attempts=3, prepare=self.prepare, tells=_owner
        )
        return [tick, summary.kind()]

    # -- the job -------------------------------------------------------------------------------

    async def prepare(self, jobs: Sequence[Job]) -> None:
        """The ticks a runner claimed together read their traders, decisions, strategies and
        accounts at once: one read for the batch instead of four for each tick."""
        keys = {(job.id, job.lease_token): _tick_key(job) for job in jobs}
        found = await self.traders.tick_reads(list(keys.values()))
        if found is None:
            return
        if len(self._read) > _MAX_READ:  # ticks claimed and never run (cancelled): forgotten
            self._read.clear()
        for claim, key in keys.items():
            self._read[claim] = found.get(key)

    async def tick(self, job: Job, ctx: JobContext) -> JobResult:
        payload = job.payload
        claim = (job.id, job.lease_token)
        read = self._read.pop(claim, None) if claim in self._read else _UNREAD
        if isinstance(read, TickRead) or read is None:
            trader = read.trader if read is not None else None
        else:
            trader = await self.traders.by_id(str(payload.get("trader_id", "")))
        run = int(payload.get("run", -1))
        if trader is None or trader.run != run or not trader.state.active:
            return DONE  # stopped, deleted, or restarted (the new run has its own job)
        locale: Locale = stored_locale(payload.get("locale"))
        slot = str(payload.get("slot") or job.due_at.isoformat())
        if trader.state is TraderState.STOPPING:
            return await self._wind_down(ctx, trader, slot, locale)
        if isinstance(read, TickRead):
            strategy = read.strategy
        else:
            strategy = await self.strategies.get(trader.owner, trader.strategy_id or "")
        if trader.state is TraderState.STARTING:
            moved = await self.traders.transition(
                trader.owner, trader.id, (TraderState.STARTING,), TraderState.RUNNING, ctx.now, None
            )
            trader = moved or trader
        if strategy is None:
            return await self._stop(ctx, trader, locale, "strategy_gone", errors=AUTO_STOP_AFTER)
        known = read if isinstance(read, TickRead) else None
        tick = self._levels(Tick(trader, strategy, slot, locale, ctx.now, read=known))
        if known is not None:
            existing = known.decision
        else:
            existing = await self.traders.decision(trader.id, run, slot)
        if existing is None:
            decided = await self._decide(tick)
            if isinstance(self.traders, TickUnit) and _at_once(tick, decided):
                return await self._at_once(ctx, tick, decided, self.traders, payload)
            existing = await self.traders.begin(decided)
            if existing is None:  # stopped while it decided: nothing recorded, no order
                return DONE
        return await self._act(ctx, tick, existing, payload)

    async def _act(
        self, ctx: JobContext, tick: Tick, decision: Decision, payload: dict[str, Any]
    ) -> JobResult:
        """A recorded decision: done (finished before a crash: only the reschedule was lost) or
        pending (just begun, or its tick died): its legs placed, then the tick recorded."""
        if decision.status == "done":
            return self._next(tick, payload)
        decision = _with_outcomes(decision, await self._place(tick, decision))
        result, finished, summary_day = self._result(tick, decision)
        if summary_day:  # queued before the tick is recorded: a crash between queues it again
            await schedule_daily(ctx.queue, tick.trader.owner, tick.now.date(), tick.locale)
        after = await self.traders.finish(decision, result, ctx.now)
        return await self._end(ctx, tick, decision, after, result, finished, payload)

    async def _at_once(
        self, ctx: JobContext, tick: Tick, decided: Decision, unit: TickUnit, payload: dict[str, Any]
    ) -> JobResult:
        """A fresh decision with no order, or one leg on a paper account read with the batch:
        the stop check, the decision, its order and the trader's counters in one transaction
        (TickUnit.record). A stop before it: nothing is written, no order; after it: the stop
        finds the tick done."""
        early: tuple[Outcome, ...] = ()
        order: PaperOrder | None = None
        if decided.legs:
            [leg] = decided.legs
            read = tick.read
            assert read is not None and read.account is not None and read.paper is not None
            intent = OrderIntent(leg.side, leg.symbol, self.catalog.base_of(leg.symbol), leg.amount, leg.unit)
            try:
                planned = await self.trading.paper_order(
                    read.account, intent, leg.client_order_id, self._audit(tick, leg), read.paper
                )
            except (MarketError, ExchangeError) as exc:
                early = (_failed(leg, getattr(exc, "code", "error"), str(exc)),)
            else:
                if isinstance(planned, Placed):
                    early = (_outcome(leg, planned),)
                else:
                    order = planned
        if self._summary_due(tick):  # queued before the tick is recorded, as in _act
            await schedule_daily(ctx.queue, tick.trader.owner, tick.now.date(), tick.locale)

        def settle(decision: Decision, placed: Order | None) -> tuple[Decision, TickResult]:
            outcomes = early
            if placed is not None and order is not None:
                outcomes = (_outcome(decision.legs[0], Placed(placed, order.plan)),)
            decision = _with_outcomes(decision, outcomes)
            return decision, self._result(tick, decision)[0]

        recorded = await unit.record(decided, order, settle, ctx.now)
        if recorded is None:  # stopped while it decided: nothing recorded, no order
            return DONE
        if recorded.found:
            return await self._act(ctx, tick, recorded.decision, payload)
        decision, after = recorded.decision, recorded.trader
        result, finished, _ = self._result(tick, decision)
        return await self._end(ctx, tick, decision, after, result, finished, payload)

    async def _end(
        self,
        ctx: JobContext,
        tick: Tick,
        decision: Decision,
        after: Trader | None,
        result: TickResult,
        finished: str | None,
        payload: dict[str, Any],
    ) -> JobResult:
        """After the tick is recorded: the owner told, and the next slot (or the end)."""
        locale = tick.locale
        if after is not None and tick.rebuilt is not None:
            assert isinstance(tick.strategy.params, GridParams)
            await self._tell_rebuilt(ctx, tick.trader, locale, tick.strategy.params, tick.rebuilt)
        await self._tell(ctx, tick.trader, locale, tick.strategy, decision, after, result)
        if after is not None and after.state is TraderState.STOPPED:  # a stop waited for this tick
            await self._stopped(ctx, after, locale)
        if after is None or not after.state.active:
            return DONE
        if finished is not None:
            await self.traders.transition(
                after.owner, after.id, _RUNNABLE, TraderState.STOPPED, ctx.now, None
            )
            await self._send(
                ctx,
                tick.trader,
                locale,
                t(locale, "trader.note.finished", name=after.name, total=finished),
                "trader_stopped",
            )
            return DONE
        return self._next(replace(tick, trader=after), payload)

    async def _wind_down(self, ctx: JobContext, trader: Trader, slot: str, locale: Locale) -> JobResult:
        """A stop came while an attempt of this tick was placing orders, and that attempt died
        (a crash, a timeout): record its decision with no new order, and the trader is stopped."""
        strategy = await self.strategies.get(trader.owner, trader.strategy_id or "")
        pending = await self.traders.decision(trader.id, trader.run, slot)
        after: Trader | None
        if strategy is not None and pending is not None and pending.status == "pending":
            tick = Tick(trader, strategy, slot, locale, ctx.now)
            decision = replace(pending, outcomes=await self._place(tick, pending))
            result, _, _ = self._result(tick, decision)
            result = replace(result, stop_with_error=None)
            after = await self.traders.finish(decision, result, ctx.now)
            # What the earlier attempt filled.
            await self._tell(ctx, trader, locale, strategy, decision, after, result)
        else:
            after = await self.traders.transition(
                trader.owner, trader.id, (TraderState.STOPPING,), TraderState.STOPPED, ctx.now, None
            )
        if after is not None and after.state is TraderState.STOPPED:
            await self._stopped(ctx, after, locale)
        return DONE

    def _next(self, tick: Tick, payload: dict[str, Any]) -> Reschedule:
        # Down for a while: the missed slots are skipped, never caught up on.
        due = decide.next_slot(datetime.fromisoformat(tick.slot), interval_of(tick.strategy), tick.now)
        return Reschedule(due, {**payload, "slot": due.isoformat()})

    # -- acting -------------------------------------------------------------------------------

    async def _place(self, tick: Tick, decision: Decision) -> tuple[Outcome, ...]:
        if not decision.legs:
            return ()
        trader = tick.trader
        account = await self._account(tick)
        outcomes: list[Outcome] = []
        for leg in decision.legs:
            if account is None:
                outcomes.append(_failed(leg, "account_gone", "the trader's account no longer exists"))
                continue
            current = await self.traders.by_id(trader.id)
            if current is None or current.run != trader.run or current.state not in _RUNNABLE:
                # Stopped (or stopping): no new order. One an earlier attempt of this tick
                # placed before it died keeps its real outcome.
                earlier = await self.trading.orders.order(leg.client_order_id)
                if earlier is not None:
                    outcomes.append(_outcome(leg, Placed(earlier, None, duplicate=True)))
                else:
                    outcomes.append(_failed(leg, "stopped", "the trader was stopped before this order"))
                continue
            intent = OrderIntent(leg.side, leg.symbol, self.catalog.base_of(leg.symbol), leg.amount, leg.unit)
            try:
                audit = self._audit(tick, leg)
                placed = await self.trading.place(account, intent, leg.client_order_id, audit)
            except (MarketError, ExchangeError) as exc:
                outcomes.append(_failed(leg, getattr(exc, "code", "error"), str(exc)))
                continue
            if isinstance(placed, PriceMoved):  # no reference price is passed: cannot happen
                outcomes.append(_failed(leg, "price_moved", "the price moved"))
                continue
            outcomes.append(_outcome(leg, placed))
        return tuple(outcomes)

    @staticmethod
    def _audit(tick: Tick, leg: Leg) -> AuditEntry:
        trader = tick.trader
        detail = {"trader": trader.name, "trader_id": trader.id, "run": str(trader.run), "tick": tick.slot}
        actor = f"trader:{trader.id}"
        return AuditEntry(trader.owner, actor, tick.now, SKILL, leg.side, None, None, "ok", detail)

    def _result(self, tick: Tick, decision: Decision) -> tuple[TickResult, str | None, bool]:
        """The trader's new counters and memory; for a dca that reached its total, that total; and
        whether to queue the owner's daily summary of today (the first tick of a UTC day)."""
        trader, p = tick.trader, tick.strategy.params
        # A refused order (a cap, a filter, the balance) will be refused again next time: it
        # counts towards the automatic stop as a failure does.
        errored = decision.action == "error" or any(
            o.status in ("error", "unknown", "rejected") for o in decision.outcomes
        )
        memory = dict(trader.memory)
        finished: str | None = None
        fills = [_filled(o) for o in decision.filled]
        if isinstance(p, DcaParams):
            spent = decide.dca_spent(Decimal(str(memory.get("spent", "0"))), fills)
            memory["spent"] = _s(spent)
            if decide.dca_done(p, spent):
                finished = _s(p.max_total or spent)
        elif isinstance(p, GridParams):
            memory["held"] = decide.grid_held(dict(memory.get("held", {})), fills)
            if tick.price is not None:
                memory["last"] = tick.price
        summary_day = self._summary_due(tick)
        if summary_day:
            memory["summary_queued"] = tick.now.date().isoformat()
        if decision.action == "invalid":
            told = memory.get(INVALID_TOLD)
            if not isinstance(told, str) or tick.now - datetime.fromisoformat(told) >= INVALID_NOTICE_EVERY:
                memory[INVALID_TOLD] = tick.now.isoformat()  # _tell sends the notice
        count = trader.consecutive_errors + 1 if errored else 0
        stop = None
        if count >= AUTO_STOP_AFTER:
            stop = decision.error or decision.reason or "error"
        result = TickResult(memory, errored, len(decision.outcomes), stop)
        return result, finished, summary_day

    @staticmethod
    def _summary_due(tick: Tick) -> bool:
        """The owner's daily summary is to be queued: asked for, and this is the trader's first
        tick of the UTC day."""
        queued = tick.trader.memory.get("summary_queued")
        return tick.trader.daily_summary and queued != tick.now.date().isoformat()

    async def _stop(
        self, ctx: JobContext, trader: Trader, locale: Locale, error: str, *, errors: int
    ) -> JobResult:
        stopped = await self.traders.transition(
            trader.owner, trader.id, _RUNNABLE, TraderState.ERROR, ctx.now, None, error=error
        )
        if stopped is not None:
            text = t(locale, "trader.note.auto_stopped", name=trader.name, count=errors, error=error)
            await self._send(ctx, trader, locale, text, "trader_stopped")
        return DONE


class _Unread:
    """No batch read for this tick: it reads for itself."""


_UNREAD: Final = _Unread()
_MAX_READ: Final = 10_000


def _owner(job: Job) -> Destination | None:
    """Whom a tick tells: its trader's owner, privately (as _send does)."""
    platform, _, user = (job.owner or "").partition(":")
    return Destination.direct(platform, user) if platform and user else None


def _tick_key(job: Job) -> TickKey:
    payload = job.payload
    slot = str(payload.get("slot") or job.due_at.isoformat())
    return (str(payload.get("trader_id", "")), int(payload.get("run", -1)), slot)


def _at_once(tick: Tick, decided: Decision) -> bool:
    """The decision can be recorded with its order in one transaction (TraderRuntime._at_once):
    it has no order, or one on a paper account whose balances the batch read. More legs (a grid
    crossing several levels) plan each against the balances the previous one left; a live
    order waits on the exchange, never inside a transaction: those begin a pending decision."""
    if not decided.legs:
        return True
    read = tick.read
    return len(decided.legs) == 1 and read is not None and read.account is not None and read.paper is not None


def _with_outcomes(decision: Decision, outcomes: tuple[Outcome, ...]) -> Decision:
    decision = replace(decision, outcomes=outcomes)
    failures = [o for o in outcomes if o.status in ("error", "rejected", "unknown")]
    if failures and decision.action in ("buy", "sell"):
        # The order's own error is the tick's (the auto-stop's "last error"), not its plan.
        failed = failures[0]
        error = f"{failed.error_code or failed.status}: {failed.error_message or ''}"
        decision = replace(decision, error=error)
    return decision


def _failed(leg: Leg, code: str, message: str) -> Outcome:
    return Outcome(leg.client_order_id, "error" if code != "stopped" else "stopped", leg.side, leg.symbol,
                   error_code=code, error_message=message[:300], level=leg.level)  # fmt: skip


def _filled(o: Outcome) -> decide.Filled:
    side: decide.Side = "buy" if o.side == "buy" else "sell"
    return decide.Filled(side, Decimal(o.quantity), Decimal(o.quote_amount), Decimal(o.fee), o.level)


def _outcome(leg: Leg, placed: Placed) -> Outcome:
    order = placed.order
    status = {OrderStatus.FILLED: "filled", OrderStatus.REJECTED: "rejected"}.get(order.status, "unknown")
    return Outcome(
        leg.client_order_id,
        status,
        leg.side,
        leg.symbol,
        quantity=_s(order.quantity) if status == "filled" else "0",
        quote_amount=_s(order.quote_amount) if order.quote_amount is not None and status == "filled" else "0",
        fee=_s(order.fee) if order.fee is not None and status == "filled" else "0",
        price=_s(order.price) if order.price is not None else "",
        error_code=order.error_code,
        error_message=order.error_message,
        level=leg.level,
    )


def _s(value: Decimal) -> str:
    return format(value.normalize(), "f")
