"""The strategy store (core.strategies.model.StrategyStore) on SQLAlchemy Core.

- Names are unique per owner: a unique constraint on (owner, name_key), NameTaken on a clash.
- One default per owner: a partial unique index on (owner) WHERE is_default. Moving the mark
  clears the old one, then sets the new one, in one transaction: on SQLite its first statement is
  a write and so takes the database's write lock; on PostgreSQL it first row-locks the owner's
  strategies, so a second mover waits and then sees the first one's mark. A strategy created
  meanwhile by another process can still make the index refuse; the change is then retried.
- Deleting a strategy a trader uses is refused inside the delete's transaction (SqlRecords), and
  traders.strategy_id's foreign key refuses a trader another process attaches meanwhile.
- Parameters are stored as JSON whose numbers are strings: nothing passes through a float.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Integer,
    Row,
    String,
    Table,
    Text,
    UniqueConstraint,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.audit_log import insert_audit
from adapters.storage.dialects import partial_index
from adapters.storage.records import SqlRecords, name_columns, row_id
from adapters.storage.tables import Base, UTCDateTime
from adapters.storage.traders import traders
from core.strategies.model import NewStrategy, Strategy, StrategyChanges
from core.strategies.params import from_json, to_json
from core.tasks.audit import AuditEntry
from core.tasks.errors import NameTaken, NotFound
from core.tasks.names import name_key

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

_ATTEMPTS = 3  # a default mark raced by another process's new default: try again


class StrategyRow(Base):
    __tablename__ = "strategies"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    owner: Mapped[str] = mapped_column(String)
    name: Mapped[str] = mapped_column(String)
    name_key: Mapped[str] = mapped_column(String)
    kind: Mapped[str] = mapped_column(String)  # dca | grid | ai
    params: Mapped[str] = mapped_column(Text)  # JSON, Decimals as strings
    is_default: Mapped[bool] = mapped_column(Boolean, server_default="0")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (
        UniqueConstraint("owner", "name_key", name="uq_strategies_owner_name"),
        CheckConstraint("kind IN ('dca', 'grid', 'ai')", name="kind"),
        partial_index(
            "uq_strategies_owner_default", "owner", unique=True, where=CheckConstraint("is_default").sqltext
        ),
        # Ids are never reused: a stale confirmation must not find a different strategy.
        {"sqlite_autoincrement": True},
    )


strategies = cast(Table, StrategyRow.__table__)


class _DefaultRaced(Exception):
    """Another process's new default made the one-default index refuse: try again."""


async def _lock_owner(conn: AsyncConnection, owner: str) -> None:
    """PostgreSQL: lock the owner's strategies so a second mark waits for this one and then sees
    it. SQLite needs nothing: the transaction's first write already holds the database's lock.
    In id order: rows are locked as the scan meets them, and two scans meeting them in different
    orders each held a row the other wanted (a deadlock, seen in the two-process test)."""
    if conn.dialect.name == "postgresql":
        owned = select(strategies.c.id).where(strategies.c.owner == owner).order_by(strategies.c.id)
        await conn.execute(owned.with_for_update())


async def _mark(conn: AsyncConnection, owner: str, key: int) -> Row[Any]:
    """Make ``key`` the owner's one default; NotFound when it is not the owner's. Two statements
    (clear, then mark): a unique index is checked row by row, so one statement could collide with
    itself."""
    c = strategies.c
    await _lock_owner(conn, owner)
    await _clear(conn, owner, but=key)
    marked = update(strategies).where(c.id == key, c.owner == owner).values(is_default=True)
    try:
        row = (await conn.execute(marked.returning(*c))).first()
    except IntegrityError:
        raise _DefaultRaced from None
    if row is None:
        raise NotFound(str(key))
    return row


async def _clear(conn: AsyncConnection, owner: str, *, but: int | None = None) -> None:
    c = strategies.c
    others = (c.owner == owner) & c.is_default.is_(True)
    if but is not None:
        others &= c.id != but
    await conn.execute(update(strategies).where(others).values(is_default=False))


class SqlStrategies(SqlRecords):
    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine, strategies, traders.c.strategy_id)

    async def owned(self, owner: str) -> list[Strategy]:
        return [_strategy(r) for r in await self._owned(owner)]

    async def get(self, owner: str, strategy_id: str) -> Strategy | None:
        row = await self._get(owner, strategy_id)
        return _strategy(row) if row is not None else None

    async def get_by_name(self, owner: str, name: str) -> Strategy | None:
        c = strategies.c
        stmt = select(strategies).where(c.owner == owner, c.name_key == name_key(name))
        async with self._engine.connect() as conn:
            row = (await conn.execute(stmt)).first()
        return _strategy(row) if row is not None else None

    async def default(self, owner: str) -> Strategy | None:
        c = strategies.c
        stmt = select(strategies).where(c.owner == owner, c.is_default.is_(True))
        async with self._engine.connect() as conn:
            row = (await conn.execute(stmt)).first()
        return _strategy(row) if row is not None else None

    async def create(self, new: NewStrategy, audit: AuditEntry) -> Strategy:
        values = {
            "owner": new.owner,
            **name_columns(new.name),
            "kind": new.params.kind,
            "params": json.dumps(to_json(new.params), sort_keys=True),
            "is_default": False,
            "created_at": new.now,
            "updated_at": new.now,
        }
        stmt = insert(strategies).values(**values).returning(*strategies.c)
        for _ in range(_ATTEMPTS):
            try:
                async with self._engine.begin() as conn:
                    try:
                        row = (await conn.execute(stmt)).one()  # first: SQLite's write lock
                    except IntegrityError:
                        raise NameTaken(new.name) from None
                    if new.is_default:
                        row = await _mark(conn, new.owner, row.id)
                    await insert_audit(conn, replace(audit, target_id=str(row.id), target_name=row.name))
                    return _strategy(row)
            except _DefaultRaced:
                continue
        raise RuntimeError("the default strategy mark kept racing")

    async def update(
        self, owner: str, strategy_id: str, changes: StrategyChanges, now: datetime, audit: AuditEntry
    ) -> Strategy:
        values: dict[str, Any] = {"updated_at": now}
        if changes.name is not None:
            values |= name_columns(changes.name)
        if changes.params is not None:
            current = await self.get(owner, strategy_id)
            if current is None:
                raise NotFound(strategy_id)
            if current.kind != changes.params.kind:  # kinds never change (the row's check too)
                raise ValueError(f"a {current.kind} strategy cannot become a {changes.params.kind} one")
            values["params"] = json.dumps(to_json(changes.params), sort_keys=True)
        return _strategy(await self._update(owner, strategy_id, values, audit))

    async def delete(self, owner: str, strategy_id: str, audit: AuditEntry) -> None:
        await self._delete(owner, strategy_id, audit)

    async def set_default(
        self, owner: str, strategy_id: str | None, now: datetime, audit: AuditEntry
    ) -> Strategy | None:
        key = None
        if strategy_id is not None:
            key = row_id(strategy_id)
            if key is None:
                raise NotFound(strategy_id)
        for _ in range(_ATTEMPTS):
            try:
                async with self._engine.begin() as conn:
                    if key is None:
                        await _clear(conn, owner)
                        await insert_audit(conn, audit)
                        return None
                    row = await _mark(conn, owner, key)
                    await insert_audit(conn, replace(audit, target_id=str(row.id), target_name=row.name))
                    return _strategy(row)
            except _DefaultRaced:
                continue
        raise RuntimeError("the default strategy mark kept racing")

    async def traders_using(self, owner: str, strategy_id: str) -> list[str]:
        return await self._traders_using(owner, strategy_id)


def _strategy(row: Row[Any]) -> Strategy:
    return Strategy(
        id=str(row.id),
        owner=row.owner,
        name=row.name,
        params=from_json(row.kind, json.loads(row.params)),
        is_default=bool(row.is_default),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )
