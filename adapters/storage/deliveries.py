"""SqlDeliveryLog: core.outbound.ports.DeliveryLog on ``deliveries`` and ``paused_destinations``.

A delivery and the pause it causes are written in one transaction; pausing is an
``INSERT ... ON CONFLICT DO NOTHING``, so two processes pausing one destination keep the first
pause. Deliveries are kept 30 days (pruned by the log itself every few hundred records).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import (
    ARRAY,
    Connection,
    Index,
    Integer,
    Row,
    String,
    Table,
    any_,
    bindparam,
    delete,
    insert,
    select,
    text,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.driven import Driven, DrivenRow, on_driver
from adapters.storage.runner import transaction_runner
from adapters.storage.tables import Base, UTCDateTime
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryRecord, DeliveryStatus, PausedDestination

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

logger = logging.getLogger(__name__)

RETENTION = timedelta(days=30)
PRUNE_EVERY = 500
# PostgreSQL: a batch's log rows (one INSERT over arrays of their values) and its read of the
# destinations' pauses sent on the asyncpg connection itself (adapters.storage.driven), without
# SQLAlchemy's per-statement work; False: through its execution, as before.
ON_DRIVER = True
UNDELIVERED = [DeliveryStatus.BLOCKED.value, DeliveryStatus.FAILED.value, DeliveryStatus.PAUSED.value]


class DeliveryRow(Base):
    """One attempt to send a message nobody asked for (sent, blocked, failed, or skipped: paused)."""

    __tablename__ = "deliveries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    destination: Mapped[str] = mapped_column(String)  # Destination.as_str()
    # The destination's parts, so it can be rebuilt without parsing the string form.
    platform: Mapped[str] = mapped_column(String)
    chat_id: Mapped[str | None] = mapped_column(String, nullable=True)
    user_id: Mapped[str | None] = mapped_column(String, nullable=True)
    thread_id: Mapped[str | None] = mapped_column(String, nullable=True)
    kind: Mapped[str] = mapped_column(String)
    status: Mapped[str] = mapped_column(String)
    error_code: Mapped[str | None] = mapped_column(String, nullable=True)
    job_id: Mapped[str | None] = mapped_column(String, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)  # indexed for pruning

    __table_args__ = (
        Index("ix_deliveries_destination_created_at", "destination", "created_at"),
        {"sqlite_autoincrement": True},
    )


class PausedDestinationRow(Base):
    """A destination that turned out unreachable: sends to it are skipped until it is resumed."""

    __tablename__ = "paused_destinations"

    destination: Mapped[str] = mapped_column(String, primary_key=True)
    platform: Mapped[str] = mapped_column(String)
    chat_id: Mapped[str | None] = mapped_column(String, nullable=True)
    user_id: Mapped[str | None] = mapped_column(String, nullable=True)
    thread_id: Mapped[str | None] = mapped_column(String, nullable=True)
    reason: Mapped[str] = mapped_column(String)
    paused_at: Mapped[datetime] = mapped_column(UTCDateTime())


deliveries = cast(Table, DeliveryRow.__table__)
paused_destinations = cast(Table, PausedDestinationRow.__table__)


class SqlDeliveryLog:
    def __init__(self, engine: AsyncEngine) -> None:
        dialect = engine.dialect.name
        if dialect not in ("sqlite", "postgresql"):
            raise ValueError(f"unsupported database backend: {dialect}")
        d, p = deliveries.c, paused_destinations.c
        dialect_insert = insert_for(dialect)
        self._insert = insert(deliveries)
        self._pause = dialect_insert(paused_destinations).on_conflict_do_nothing(
            index_elements=[p.destination]
        )
        self._paused = select(paused_destinations).where(p.destination == bindparam("key"))
        self._paused_among = select(paused_destinations).where(
            p.destination.in_(bindparam("keys", expanding=True))
        )
        self._resume = delete(paused_destinations).where(p.destination == bindparam("key"))
        self._undelivered = (
            select(deliveries)
            .where(
                d.destination == bindparam("key"),
                d.created_at >= bindparam("since"),
                d.status.in_(UNDELIVERED),
            )
            .order_by(d.created_at, d.id)
        )
        self._prune = delete(deliveries).where(d.created_at < bindparam("cutoff"))
        self._runner = transaction_runner(engine, inline_first=True)
        self._since_prune = PRUNE_EVERY
        self._engine = engine
        self._insert_many: Driven | None = None
        self._paused_any: Driven | None = None
        if dialect == "postgresql" and ON_DRIVER:
            self._insert_many = Driven(text(_INSERT_MANY), engine.dialect)
            self._paused_any = Driven(
                select(paused_destinations).where(
                    p.destination == any_(bindparam("keys", type_=ARRAY(String)))
                ),
                engine.dialect,
            )

    async def close(self) -> None:
        await self._runner.close()

    async def record(self, delivery: DeliveryRecord, *, pause: bool = False) -> None:
        dest = delivery.destination
        values = {
            **_destination_columns(dest),
            "kind": delivery.kind,
            "status": delivery.status.value,
            "error_code": delivery.error_code,
            "job_id": delivery.job_id,
            "created_at": delivery.created_at,
        }
        paused = {
            **_destination_columns(dest),
            "reason": delivery.error_code or delivery.status.value,
            "paused_at": delivery.created_at,
        }

        def record(conn: Connection) -> None:
            conn.execute(self._insert, values)
            if pause:
                conn.execute(self._pause, paused)

        await self._runner.run(record)
        await self._after_record(delivery.created_at)

    async def record_many(self, deliveries_: Sequence[DeliveryRecord]) -> None:
        rows = [
            {
                **_destination_columns(d.destination),
                "kind": d.kind,
                "status": d.status.value,
                "error_code": d.error_code,
                "job_id": d.job_id,
                "created_at": d.created_at,
            }
            for d in deliveries_
        ]
        if not rows:
            return
        # One INSERT of every row, atomic by itself: on PostgreSQL no BEGIN / COMMIT around it,
        # one statement over arrays of their values, on the driver.
        many = self._insert_many
        if many is not None:
            args = many.args(
                {name: [r[name] for r in rows] for name in _COLUMNS} | {"created_at": _utc(rows)}
            )
            await on_driver(self._engine, lambda driver: driver.execute(many.sql, *args))
        else:
            await self._runner.run(lambda conn: conn.execute(self._insert, rows), single_statement=True)
        self._since_prune += len(rows) - 1
        await self._after_record(deliveries_[-1].created_at)

    async def paused_among(self, destinations: Sequence[Destination]) -> dict[str, PausedDestination]:
        keys = sorted({d.as_str() for d in destinations})
        if not keys:
            return {}

        def read(conn: Connection) -> list[Row[Any]]:
            return list(conn.execute(self._paused_among, {"keys": keys}))

        rows: Sequence[Row[Any] | DrivenRow]
        among = self._paused_any
        if among is not None:
            args = among.args({"keys": keys})
            rows = among.rows(await on_driver(self._engine, lambda driver: driver.fetch(among.sql, *args)))
        else:
            rows = await self._runner.run(read, read_only=True, single_statement=True)
        p = paused_destinations.c
        out = {}
        for row in rows:
            m = row._mapping  # by column object: a Row's and a DrivenRow's alike
            where = Destination(m[p.platform], m[p.chat_id], m[p.user_id], m[p.thread_id])
            out[m[p.destination]] = PausedDestination(where, m[p.reason], m[p.paused_at])
        return out

    async def paused(self, destination: Destination) -> PausedDestination | None:
        def read(conn: Connection) -> Row[Any] | None:
            return conn.execute(self._paused, {"key": destination.as_str()}).first()

        row = await self._runner.run(read, read_only=True)
        if row is None:
            return None
        return PausedDestination(_destination(row), row.reason, row.paused_at)

    async def resume(self, destination: Destination) -> bool:
        def resume(conn: Connection) -> bool:
            return conn.execute(self._resume, {"key": destination.as_str()}).rowcount == 1

        return await self._runner.run(resume)

    async def undelivered(self, destination: Destination, since: datetime) -> list[DeliveryRecord]:
        def read(conn: Connection) -> list[Row[Any]]:
            return list(conn.execute(self._undelivered, {"key": destination.as_str(), "since": since}))

        return [
            DeliveryRecord(
                destination=_destination(r),
                kind=r.kind,
                status=DeliveryStatus(r.status),
                created_at=r.created_at,
                error_code=r.error_code,
                job_id=r.job_id,
            )
            for r in await self._runner.run(read, read_only=True)
        ]

    async def prune(self, now: datetime) -> int:
        """Delete deliveries older than 30 days (also runs by itself every few hundred records)."""

        def prune(conn: Connection) -> int:
            return conn.execute(self._prune, {"cutoff": now - RETENTION}).rowcount

        return await self._runner.run(prune, long=True, single_statement=True)

    async def _after_record(self, now: datetime) -> None:
        self._since_prune += 1
        if self._since_prune >= PRUNE_EVERY:
            self._since_prune = 0
            try:
                await self.prune(now)
            except SQLAlchemyError as exc:  # housekeeping: never fail a delivery for it
                logger.warning("pruning old deliveries failed: %s", exc)


_COLUMNS = (
    "destination",
    "platform",
    "chat_id",
    "user_id",
    "thread_id",
    "kind",
    "status",
    "error_code",
    "job_id",
)
_INSERT_MANY = """
INSERT INTO deliveries (destination, platform, chat_id, user_id, thread_id, kind, status, error_code,
    job_id, created_at)
SELECT * FROM unnest(
    CAST(:destination AS VARCHAR[]), CAST(:platform AS VARCHAR[]), CAST(:chat_id AS VARCHAR[]),
    CAST(:user_id AS VARCHAR[]), CAST(:thread_id AS VARCHAR[]), CAST(:kind AS VARCHAR[]),
    CAST(:status AS VARCHAR[]), CAST(:error_code AS VARCHAR[]), CAST(:job_id AS VARCHAR[]),
    CAST(:created_at AS TIMESTAMPTZ[])
)
"""


def _utc(rows: Sequence[dict[str, Any]]) -> list[datetime]:
    """The rows' times as UTCDateTime binds them (aware, in UTC; a naive one is refused)."""
    out = []
    for row in rows:
        at: datetime = row["created_at"]
        if at.utcoffset() is None:
            raise ValueError("naive datetime given to a UTC column; pass an aware datetime")
        out.append(at.astimezone(UTC))
    return out


def _destination_columns(dest: Destination) -> dict[str, str | None]:
    return {
        "destination": dest.as_str(),
        "platform": dest.platform,
        "chat_id": dest.chat_id,
        "user_id": dest.user_id,
        "thread_id": dest.thread_id,
    }


def _destination(row: Row[Any]) -> Destination:
    return Destination(row.platform, row.chat_id, row.user_id, row.thread_id)
