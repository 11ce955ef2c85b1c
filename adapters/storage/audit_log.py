"""The audit log table, the AuditLog port on it, and the insert the repositories share.

A repository writes a change's audit row with ``insert_audit`` on the change's own connection,
inside its transaction: if the audit insert fails, the change is rolled back with it.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Index, Insert, Integer, String, Table, Text, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.tables import Base, UTCDateTime
from core.tasks.audit import AuditEntry, Outcome


class AuditLogRow(Base):
    """Who did what, when, with what outcome. Field names only: never a secret."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    owner: Mapped[str] = mapped_column(String)
    actor: Mapped[str] = mapped_column(String)
    skill: Mapped[str] = mapped_column(String)
    action: Mapped[str] = mapped_column(String)
    target_id: Mapped[str | None] = mapped_column(String, nullable=True)  # any aggregate's id, as text
    target_name: Mapped[str | None] = mapped_column(String, nullable=True)
    outcome: Mapped[str] = mapped_column(String)
    detail: Mapped[str] = mapped_column(Text)  # JSON object of strings

    __table_args__ = (Index("ix_audit_log_owner_at", "owner", "at"), {"sqlite_autoincrement": True})


audit_log = cast(Table, AuditLogRow.__table__)


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
