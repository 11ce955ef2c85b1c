"""The audit log table, the AuditLog port on it, and the insert the repositories share.

A repository writes a change's audit row with ``insert_audit`` on the change's own connection,
inside its transaction: if the audit insert fails, the change is rolled back with it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import (
    Column,
    Connection,
    Index,
    Insert,
    Integer,
    String,
    Table,
    Text,
    insert,
    select,
)

from adapters.storage.tables import METADATA, UTCDateTime
from core.tasks.audit import AuditEntry, Outcome

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

# Who did what, when, with what outcome. Field names only: never a secret. A Core table (not an
# ORM class): the price alerts' store, which every start makes, writes it, and the ORM is not
# for a start to import.
audit_log = Table(
    "audit_log",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", UTCDateTime(), nullable=False),
    Column("owner", String, nullable=False),
    Column("actor", String, nullable=False),
    Column("skill", String, nullable=False),
    Column("action", String, nullable=False),
    Column("target_id", String, nullable=True),  # any aggregate's id, as text
    Column("target_name", String, nullable=True),
    Column("outcome", String, nullable=False),
    Column("detail", Text, nullable=False),  # JSON object of strings
    Index("ix_audit_log_owner_at", "owner", "at"),
    sqlite_autoincrement=True,
)


def audit_insert(entry: AuditEntry) -> Insert:
    """The INSERT of ``entry``'s row."""
    return insert(audit_log).values(
        at=entry.at,
        owner=entry.owner,
        actor=entry.actor,
        skill=entry.skill,
        action=entry.action,
        target_id=entry.target_id,
        target_name=entry.target_name,
        outcome=entry.outcome,
        detail=json.dumps(entry.detail, sort_keys=True, ensure_ascii=False),
    )


async def insert_audit(conn: AsyncConnection, entry: AuditEntry) -> None:
    """Write ``entry`` on ``conn`` (so in the caller's transaction)."""
    await conn.execute(audit_insert(entry))


_INSERT = insert(audit_log)  # built once: its values go as parameters (no statement built a row)


def insert_audit_sync(conn: Connection, entry: AuditEntry, *more: AuditEntry) -> None:
    """``insert_audit`` in a transaction function of the short-transaction runner; with
    ``more``, every entry in one executemany (on PostgreSQL one round trip, not one an entry)."""
    rows = [audit_row(e) for e in (entry, *more)]
    conn.execute(_INSERT, rows if more else rows[0])


def audit_row(entry: AuditEntry) -> dict[str, Any]:
    """``entry``'s columns, as the INSERT of its row takes them."""
    return {
        "at": entry.at,
        "owner": entry.owner,
        "actor": entry.actor,
        "skill": entry.skill,
        "action": entry.action,
        "target_id": entry.target_id,
        "target_name": entry.target_name,
        "outcome": entry.outcome,
        "detail": json.dumps(entry.detail, sort_keys=True, ensure_ascii=False),
    }


class SqlAuditLog:
    """core.tasks.audit.AuditLog: entries that go with no change, and the newest entries."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def record(self, entry: AuditEntry) -> None:
        async with self._engine.begin() as conn:
            await insert_audit(conn, entry)

    async def recent(self, owner: str, limit: int = 50) -> list[AuditEntry]:
        c = audit_log.c
        stmt = select(audit_log).where(c.owner == owner).order_by(c.at.desc(), c.id.desc()).limit(limit)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(stmt)).all()
        return [
            AuditEntry(
                owner=r.owner,
                actor=r.actor,
                at=r.at,
                skill=r.skill,
                action=r.action,
                target_id=r.target_id,
                target_name=r.target_name,
                outcome=cast(Outcome, r.outcome),
                detail=json.loads(r.detail),
            )
            for r in rows
        ]
