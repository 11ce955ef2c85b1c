"""An in-memory StrategyStore for unit tests. Not persistent.

It keeps the SQL store's rules: names unique per owner after folding, ids never reused, at most
one default per owner, deletion refused while a trader uses the strategy, a kind never changed,
and a change applied only once its audit entry is written.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime

from core.strategies.model import NewStrategy, Strategy, StrategyChanges
from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.errors import InUse, NameTaken, NotFound
from core.tasks.names import name_key
from core.workspace.memory import MemoryTraders


class MemoryStrategies:
    def __init__(self, audit: AuditLog, traders: MemoryTraders, ids: Iterator[int] | None = None) -> None:
        self.audit = audit
        self.traders = traders
        self._ids = ids if ids is not None else itertools.count(1)
        self.items: dict[str, Strategy] = {}

    async def owned(self, owner: str) -> list[Strategy]:
        return [s for s in self.items.values() if s.owner == owner]

    async def get(self, owner: str, strategy_id: str) -> Strategy | None:
        found = self.items.get(strategy_id)
        return found if found is not None and found.owner == owner else None

    async def get_by_name(self, owner: str, name: str) -> Strategy | None:
        key = name_key(name)
        return next((s for s in await self.owned(owner) if name_key(s.name) == key), None)

    async def default(self, owner: str) -> Strategy | None:
        return next((s for s in await self.owned(owner) if s.is_default), None)

    async def create(self, new: NewStrategy, audit: AuditEntry) -> Strategy:
        self._check_name(new.owner, new.name, None)
        strategy = Strategy(
            id=str(next(self._ids)),
            owner=new.owner,
            name=new.name,
            params=new.params,
            is_default=new.is_default,
            created_at=new.now,
            updated_at=new.now,
        )
        await self.audit.record(replace(audit, target_id=strategy.id, target_name=strategy.name))
        if new.is_default:
            self._clear(new.owner)
        self.items[strategy.id] = strategy
        return strategy

    async def update(
        self, owner: str, strategy_id: str, changes: StrategyChanges, now: datetime, audit: AuditEntry
    ) -> Strategy:
        current = await self.get(owner, strategy_id)
        if current is None:
            raise NotFound(strategy_id)
        if changes.name is not None:
            self._check_name(owner, changes.name, strategy_id)
        if changes.params is not None and changes.params.kind != current.kind:
            raise ValueError(f"a {current.kind} strategy cannot become a {changes.params.kind} one")
        updated = replace(
            current,
            name=changes.name if changes.name is not None else current.name,
            params=changes.params if changes.params is not None else current.params,
            updated_at=now,
        )
        await self.audit.record(replace(audit, target_id=updated.id, target_name=updated.name))
        self.items[strategy_id] = updated
        return updated

    async def delete(self, owner: str, strategy_id: str, audit: AuditEntry) -> None:
        found = await self.get(owner, strategy_id)
        if found is None:
            raise NotFound(strategy_id)
        users = self.traders.using("strategy_id", owner, strategy_id)
        if users:
            raise InUse(tuple(users))
        await self.audit.record(replace(audit, target_id=found.id, target_name=found.name))
        del self.items[strategy_id]

    async def set_default(
        self, owner: str, strategy_id: str | None, now: datetime, audit: AuditEntry
    ) -> Strategy | None:
        target = None
        if strategy_id is not None:
            target = await self.get(owner, strategy_id)
            if target is None:
                raise NotFound(strategy_id)
        name = target.name if target is not None else None
        await self.audit.record(replace(audit, target_id=strategy_id, target_name=name))
        self._clear(owner)
        if target is None:
            return None
        marked = replace(target, is_default=True)
        self.items[marked.id] = marked
        return marked

    async def traders_using(self, owner: str, strategy_id: str) -> list[str]:
        return self.traders.using("strategy_id", owner, strategy_id)

    def _clear(self, owner: str) -> None:
        for s in list(self.items.values()):
            if s.owner == owner and s.is_default:
                self.items[s.id] = replace(s, is_default=False)

    def _check_name(self, owner: str, name: str, own_id: str | None) -> None:
        key = name_key(name)
        for s in self.items.values():
            if s.owner == owner and s.id != own_id and name_key(s.name) == key:
                raise NameTaken(name)
