"""A stored strategy, its changes, and the StrategyStore port.

Names are unique per owner (case- and width-insensitively: core.tasks.names.name_key); a store
enforces it itself (a unique constraint in SQL) and raises NameTaken. At most one strategy per
owner is the default ("active") one: ``set_default`` moves the mark in one transaction. Deleting a
strategy a trader uses raises InUse, checked inside the store's own transaction. Every change is
written with its audit entry, atomically. Ids are opaque strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final, Protocol

from core.services import ServiceKey
from core.strategies.params import Kind, StrategyParams
from core.tasks.audit import AuditEntry


@dataclass(frozen=True, slots=True)
class Strategy:
    id: str
    owner: str  # "platform:user_id": one person's workspace across their chats
    name: str
    params: StrategyParams
    is_default: bool  # the owner's active strategy: what a new trader uses unless told otherwise
    created_at: datetime
    updated_at: datetime

    @property
    def kind(self) -> Kind:
        return self.params.kind

    @property
    def symbols(self) -> tuple[str, ...]:
        return self.params.symbols


@dataclass(frozen=True, slots=True)
class NewStrategy:
    owner: str
    name: str
    params: StrategyParams  # validated by the caller (core.strategies.params.validate)
    now: datetime
    is_default: bool = False  # a person's first strategy is made the default by the skill


@dataclass(frozen=True, slots=True)
class StrategyChanges:
    name: str | None = None
    params: StrategyParams | None = None  # the whole new set, of the same kind


class StrategyStore(Protocol):
    """One person's strategies."""

    async def owned(self, owner: str) -> list[Strategy]:
        """The owner's strategies, oldest first."""
        ...

    async def get(self, owner: str, strategy_id: str) -> Strategy | None: ...

    async def get_by_name(self, owner: str, name: str) -> Strategy | None:
        """The owner's strategy of that name (compared by name_key), or None."""
        ...

    async def default(self, owner: str) -> Strategy | None:
        """The owner's default (active) strategy, if one is marked."""
        ...

    async def create(self, new: NewStrategy, audit: AuditEntry) -> Strategy:
        """NameTaken when the owner has one by that name. A new default takes the mark."""
        ...

    async def update(
        self, owner: str, strategy_id: str, changes: StrategyChanges, now: datetime, audit: AuditEntry
    ) -> Strategy:
        """NotFound, NameTaken; a change of kind is a ValueError (make a new strategy instead)."""
        ...

    async def delete(self, owner: str, strategy_id: str, audit: AuditEntry) -> None:
        """NotFound, or InUse naming the traders that use it."""
        ...

    async def set_default(
        self, owner: str, strategy_id: str | None, now: datetime, audit: AuditEntry
    ) -> Strategy | None:
        """Mark one strategy the owner's default and clear the mark elsewhere (None: clear it);
        the strategy so marked, NotFound when it is not the owner's."""
        ...

    async def traders_using(self, owner: str, strategy_id: str) -> list[str]:
        """Names of the owner's traders that use the strategy (the in-use check)."""
        ...


STRATEGIES: Final = ServiceKey[StrategyStore]("strategy store")
