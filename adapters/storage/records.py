"""What the record repositories share: owned lookups, unique names, the trader check on delete,
and every change written with its audit row in one transaction.

Names are unique per owner through a unique constraint on (owner, name_key), name_key being the
case- and width-folded name. The core's ids are opaque strings; these tables keep integer keys
(never reused: SQLite AUTOINCREMENT), so an id that is not one simply finds nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sqlalchemy import ColumnElement, Row, Table, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from adapters.storage.audit_log import insert_audit
from adapters.storage.key_fence import check_sealed_write
from adapters.storage.runner import shared_runner
from adapters.storage.traders import trader_names
from core.tasks.audit import AuditEntry
from core.tasks.errors import InUse, NameTaken, NotFound
from core.tasks.names import name_key

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

_MAX_ID_DIGITS = 18  # fits a BIGINT


class _Attached(Exception):
    """A delete the foreign key refused: a trader was attached after the check."""


def row_id(record_id: str) -> int | None:
    """The table key of a core id, or None when it cannot be one of ours."""
    if not record_id.isdecimal() or not record_id.isascii() or len(record_id) > _MAX_ID_DIGITS:
        return None
    return int(record_id)


def name_columns(name: str) -> dict[str, str]:
    """A name and its uniqueness key (case- and width-folded) are always written together."""
    return {"name": name, "name_key": name_key(name)}


class SqlRecords:
    """One table of named, owned records that traders may use (via ``used_by``)."""

    def __init__(self, engine: AsyncEngine, table: Table, used_by: ColumnElement[Any]) -> None:
        self._engine = engine
        self._table = table
        self._used_by = used_by
        # Reads outside a write run on the short-transaction runner: on a SQLite file one hop to
        # a worker thread, not aiosqlite's several a statement (every order and tick reads these).
        self._reads = shared_runner(engine)

    async def _owned(self, owner: str) -> Sequence[Row[Any]]:
        c = self._table.c
        stmt = select(self._table).where(c.owner == owner).order_by(c.id)
        return await self._reads.run(lambda conn: conn.execute(stmt).all(), read_only=True)

    async def _get(self, owner: str, record_id: str) -> Row[Any] | None:
        key = row_id(record_id)
        if key is None:
            return None
        c = self._table.c
        stmt = select(self._table).where(c.id == key, c.owner == owner)
        return await self._reads.run(lambda conn: conn.execute(stmt).first(), read_only=True)

    async def _row(
        self, conn: AsyncConnection, owner: str, key: int, *, for_update: bool = False
    ) -> Row[Any] | None:
        c = self._table.c
        stmt = select(self._table).where(c.id == key, c.owner == owner)
        if for_update:
            stmt = stmt.with_for_update()
        return (await conn.execute(stmt)).first()

    async def _insert(self, values: dict[str, Any], audit: AuditEntry) -> Row[Any]:
        """Insert one named row and its audit row; a name clash is NameTaken."""
        stmt = insert(self._table).values(**values).returning(*self._table.c)
        async with self._engine.begin() as conn:
            try:
                row = (await conn.execute(stmt)).one()
            except IntegrityError:
                raise NameTaken(str(values["name"])) from None
            await conn.run_sync(check_sealed_write, values)  # never a secret under a retired key
            await insert_audit(conn, replace(audit, target_id=str(row.id), target_name=row.name))
            return row

    async def _update(
        self,
        owner: str,
        record_id: str,
        values: dict[str, Any],
        audit: AuditEntry,
        *,
        merge: str | None = None,
    ) -> Row[Any]:
        """Update one row and write its audit row; NotFound, or NameTaken when a new name clashes.
        ``merge``: a JSON object column whose given keys replace the stored ones (read under a
        row lock, so concurrent edits of different keys both survive on PostgreSQL)."""
        key = row_id(record_id)
        if key is None:
            raise NotFound(record_id)
        c = self._table.c
        async with self._engine.begin() as conn:
            row = await self._row(conn, owner, key, for_update=True)
            if row is None:
                raise NotFound(record_id)
            if merge is not None and merge in values:
                merged = {**json.loads(row._mapping[merge]), **values[merge]}
                values = {**values, merge: json.dumps(merged, sort_keys=True)}
            stmt = update(self._table).where(c.id == key, c.owner == owner).values(**values)
            try:
                updated = (await conn.execute(stmt.returning(*self._table.c))).one()
            except IntegrityError:
                raise NameTaken(str(values.get("name", ""))) from None
            await conn.run_sync(check_sealed_write, values)
            await insert_audit(conn, replace(audit, target_id=record_id, target_name=updated.name))
            return updated

    async def _delete(self, owner: str, record_id: str, audit: AuditEntry) -> None:
        """Delete one row unless a trader uses it, with its audit row: one transaction."""
        key = row_id(record_id)
        if key is None:
            raise NotFound(record_id)
        c = self._table.c
        mine = (c.id == key, c.owner == owner)
        users = trader_names(self._used_by, owner, key)
        try:
            async with self._engine.begin() as conn:
                found = (await conn.execute(select(c.id, c.name).where(*mine).with_for_update())).first()
                if found is None:
                    raise NotFound(record_id)
                names = list((await conn.execute(users)).scalars())
                if names:
                    raise InUse(tuple(names))
                try:
                    await conn.execute(delete(self._table).where(*mine))
                except IntegrityError:
                    raise _Attached from None  # a trader was attached meanwhile: the foreign key refused
                await insert_audit(conn, replace(audit, target_id=record_id, target_name=found.name))
        except _Attached:  # named after the rolled-back transaction, on a fresh connection
            raise InUse(tuple(await self._names(users)) or ("?",)) from None

    async def _traders_using(self, owner: str, record_id: str) -> list[str]:
        key = row_id(record_id)
        return [] if key is None else await self._names(trader_names(self._used_by, owner, key))

    async def _names(self, stmt: Any) -> list[str]:
        async with self._engine.connect() as conn:
            return list((await conn.execute(stmt)).scalars())
