"""An in-memory TraderStore for tests and one-process compositions. Not persistent.

It keeps the SQL store's rules: names unique per owner after folding, a delete refused while the
trader is active, state changes as compare-and-sets, one decision per (trader, run, tick), and
a change applied only once its audit entry is written.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace
from datetime import datetime

from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.errors import InUse, NameTaken, NotFound
from core.tasks.names import name_key
from core.traders.model import Decision, NewTrader, TickResult, Trader, TraderChanges, TraderState
from core.traders.ports import TickKey, TickRead
from core.workspace.memory import MemoryTraders, TraderRef


class MemoryTraderStore:
    def __init__(
        self,
        audit: AuditLog,
        refs: MemoryTraders | None = None,
        ids: Iterator[int] | None = None,
    ) -> None:
        self.audit = audit
        self.refs = refs if refs is not None else MemoryTraders()
        self._ids = ids if ids is not None else itertools.count(1)
        self.items: dict[str, Trader] = {}
        self._decisions: dict[tuple[str, int, str], Decision] = {}
        self._order: list[tuple[str, int, str]] = []

    async def owned(self, owner: str) -> list[Trader]:
        return [t for t in self.items.values() if t.owner == owner]

    async def get(self, owner: str, trader_id: str) -> Trader | None:
        found = self.items.get(trader_id)
        return found if found is not None and found.owner == owner else None

    async def by_id(self, trader_id: str) -> Trader | None:
        return self.items.get(trader_id)

    def _check_name(self, owner: str, name: str, own: str | None) -> None:
        for t in self.items.values():
            if t.owner == owner and t.id != own and name_key(t.name) == name_key(name):
                raise NameTaken(name)

    async def _write(self, trader: Trader, audit: AuditEntry | None) -> Trader:
        if audit is not None:
            await self.audit.record(replace(audit, target_id=trader.id, target_name=trader.name))
        self.items[trader.id] = trader
        self.refs.keep(
            TraderRef(
                trader.owner, trader.name, trader.account_id, trader.model_id, trader.strategy_id, trader.id
            )
        )
        return trader

    async def create(self, new: NewTrader, audit: AuditEntry) -> Trader:
        self._check_name(new.owner, new.name, None)
        trader = Trader(
            id=str(next(self._ids)),
            owner=new.owner,
            name=new.name,
            account_id=new.account_id,
            strategy_id=new.strategy_id,
            model_id=new.model_id,
            state=TraderState.STOPPED,
            auto_start=new.auto_start,
            daily_summary=new.daily_summary,
            run=0,
            started_at=None,
            stopped_at=None,
            last_error=None,
            consecutive_errors=0,
            ticks=0,
            orders=0,
            memory={},
            created_at=new.now,
            updated_at=new.now,
        )
        return await self._write(trader, audit)

    async def update(
        self, owner: str, trader_id: str, changes: TraderChanges, now: datetime, audit: AuditEntry
    ) -> Trader:
        trader = await self.get(owner, trader_id)
        if trader is None:
            raise NotFound(trader_id)
        if changes.name is not None:
            self._check_name(owner, changes.name, trader_id)
        model_id = changes.model_id if changes.model_id is not None else trader.model_id
        if changes.clear_model and changes.model_id is None:
            model_id = None
        updated = replace(
            trader,
            name=changes.name if changes.name is not None else trader.name,
            account_id=changes.account_id if changes.account_id is not None else trader.account_id,
            strategy_id=changes.strategy_id if changes.strategy_id is not None else trader.strategy_id,
            model_id=model_id,
            auto_start=changes.auto_start if changes.auto_start is not None else trader.auto_start,
            daily_summary=changes.daily_summary
            if changes.daily_summary is not None
            else trader.daily_summary,
            updated_at=now,
        )
        return await self._write(updated, audit)

    async def delete(self, owner: str, trader_id: str, audit: AuditEntry) -> None:
        trader = await self.get(owner, trader_id)
        if trader is None:
            raise NotFound(trader_id)
        if trader.state.active:
            raise InUse((trader.name,))
        await self.audit.record(replace(audit, target_id=trader.id, target_name=trader.name))
        del self.items[trader_id]
        self.refs.drop(trader_id)
        for key in [k for k in self._decisions if k[0] == trader_id]:
            del self._decisions[key]
        self._order = [k for k in self._order if k[0] != trader_id]

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
        trader = await self.get(owner, trader_id)
        if trader is None or trader.state not in expected:
            return None
        changed = replace(trader, state=to, updated_at=now)
        if new_run:
            changed = replace(
                changed, run=trader.run + 1, started_at=now, stopped_at=None, ticks=0, orders=0,
                consecutive_errors=0, last_error=None, memory={},
            )  # fmt: skip
        if not to.active:
            changed = replace(changed, stopped_at=now)
        if error is not None:
            changed = replace(changed, last_error=error)
        return await self._write(changed, audit)

    async def decision(self, trader_id: str, run: int, tick: str) -> Decision | None:
        return self._decisions.get((trader_id, run, tick))

    async def tick_reads(self, ticks: Sequence[TickKey]) -> dict[TickKey, TickRead] | None:
        return None  # the strategies and accounts are other stores' here: each tick reads its own

    async def stop(
        self, owner: str, trader_id: str, now: datetime, audit: AuditEntry, *, stale_before: datetime
    ) -> Trader | None:
        trader = await self.get(owner, trader_id)
        if trader is None or not trader.state.active:
            return None
        busy = any(
            k[0] == trader_id and k[1] == trader.run and d.status == "pending" and d.at > stale_before
            for k, d in self._decisions.items()
        )
        if busy:
            return await self._write(replace(trader, state=TraderState.STOPPING, updated_at=now), audit)
        stopped = replace(trader, state=TraderState.STOPPED, updated_at=now, stopped_at=now)
        return await self._write(stopped, audit)

    async def begin(self, decision: Decision) -> Decision | None:
        key = (decision.trader_id, decision.run, decision.tick)
        if key in self._decisions:
            return self._decisions[key]
        trader = self.items.get(decision.trader_id)
        runnable = (TraderState.STARTING, TraderState.RUNNING)
        if trader is None or trader.run != decision.run or trader.state not in runnable:
            return None
        self._decisions[key] = decision
        self._order.append(key)
        return decision

    async def finish(self, decision: Decision, result: TickResult, now: datetime) -> Trader | None:
        key = (decision.trader_id, decision.run, decision.tick)
        self._decisions[key] = replace(decision, status="done")
        if key not in self._order:
            self._order.append(key)
        trader = self.items.get(decision.trader_id)
        if trader is None or trader.run != decision.run or not trader.state.active:
            return None
        changed = replace(
            trader,
            ticks=trader.ticks + 1,
            orders=trader.orders + result.orders,
            consecutive_errors=trader.consecutive_errors + 1 if result.errored else 0,
            memory=dict(result.memory) if result.memory is not None else trader.memory,
            updated_at=now,
        )
        if result.stop_with_error is not None:
            changed = replace(
                changed, state=TraderState.ERROR, last_error=result.stop_with_error, stopped_at=now
            )
        elif trader.state is TraderState.STOPPING:  # a stop asked while this tick ran
            changed = replace(changed, state=TraderState.STOPPED, stopped_at=now)
        return await self._write(changed, None)

    async def decisions(self, trader_id: str, run: int | None = None, limit: int = 500) -> list[Decision]:
        keys = [k for k in reversed(self._order) if k[0] == trader_id and (run is None or k[1] == run)]
        return [self._decisions[k] for k in keys[:limit]]
