"""SqlJobStore: core.jobs.ports.JobStore on a ``jobs`` table (SQLite file or PostgreSQL).

Claiming is one statement, so it is atomic on both backends without relying on how a driver
opens transactions:

- PostgreSQL: ``WITH picked AS (SELECT id ... ORDER BY due_at LIMIT n FOR UPDATE SKIP LOCKED)
  UPDATE jobs SET <lease> FROM picked WHERE jobs.id = picked.id RETURNING ...``. Concurrent
  claimants lock disjoint rows and skip each other's instead of waiting; a row another
  claimant leased in the meantime is re-checked against the WHERE (READ COMMITTED) and dropped.
- SQLite: ``UPDATE jobs SET <lease> WHERE id IN (SELECT id ... LIMIT n) RETURNING ...``. One
  write statement holds SQLite's single write lock from its first read to its commit, so two
  processes can never both see a job as due. (A SELECT followed by an UPDATE would not be
  safe here: Python's sqlite3 runs a leading SELECT outside any transaction.)

Every change to a claimed job is one UPDATE guarded by ``id``, ``status = 'running'`` and the
claim's ``lease_token``: a claimant whose lease expired and was taken over changes nothing.
Dedupe keys are unique among live jobs through a partial unique index, and enqueue is
``INSERT ... ON CONFLICT DO NOTHING``: of two processes enqueueing one key, one inserts.
"""

from __future__ import annotations

import json
import logging
import secrets
import uuid
from collections.abc import Collection, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import (
    ARRAY,
    ColumnElement,
    Connection,
    Index,
    Integer,
    Row,
    String,
    Table,
    Text,
    all_,
    and_,
    any_,
    bindparam,
    delete,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for, partial_index
from adapters.storage.driven import Driven, DrivenRow, on_driver
from adapters.storage.runner import transaction_runner
from adapters.storage.tables import Base, UTCDateTime
from core.jobs.model import Enqueued, Job, JobStatus, NewJob
from core.jobs.ports import Finish

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

logger = logging.getLogger(__name__)

LIVE = "status IN ('pending', 'running')"  # the partial unique index's predicate, as SQL
LEASE_EXPIRED_ERROR = "lease expired: the runner stopped before finishing its last attempt"
DONE_RETENTION = timedelta(days=7)  # finished jobs are kept a week for inspection; dead ones stay
PRUNE_EVERY = 500  # completions between prunes (and once on the first)
# PostgreSQL: the claim and a batch's outcomes (one statement) sent on the asyncpg connection
# itself (SqlJobStore._driven); False: through SQLAlchemy's execution, as before.
ON_DRIVER = True


class JobRow(Base):
    __tablename__ = "jobs"

    id: Mapped[str] = mapped_column(String, primary_key=True)  # uuid4 hex
    kind: Mapped[str] = mapped_column(String)
    owner: Mapped[str | None] = mapped_column(String, nullable=True, index=True)
    payload: Mapped[str] = mapped_column(Text)  # JSON object
    dedupe_key: Mapped[str | None] = mapped_column(String, nullable=True)
    status: Mapped[str] = mapped_column(String)  # core.jobs.model.JobStatus
    due_at: Mapped[datetime] = mapped_column(UTCDateTime())
    attempts: Mapped[int] = mapped_column(Integer)
    max_attempts: Mapped[int] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    lease_owner: Mapped[str | None] = mapped_column(String, nullable=True)
    lease_token: Mapped[str | None] = mapped_column(String, nullable=True)
    lease_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (
        # The claim scans due pending jobs and expired running ones by time.
        Index("ix_jobs_status_due_at", "status", "due_at"),
        partial_index("uq_jobs_dedupe_key_live", "dedupe_key", unique=True, where=text(LIVE)),
    )


jobs = cast(Table, JobRow.__table__)


class _Statements:
    """Every statement the store runs, built once for one dialect."""

    def __init__(self, dialect: str) -> None:
        j = jobs.c
        dialect_insert = insert_for(dialect)
        # No conflict target: the only unique index besides the (random) id is the dedupe index.
        self.insert = dialect_insert(jobs).on_conflict_do_nothing()
        self.live_by_key = select(j.id).where(j.dedupe_key == bindparam("key"), text(LIVE))
        self.get = select(jobs).where(j.id == bindparam("job_id"))

        expired = and_(j.status == JobStatus.RUNNING.value, j.lease_expires_at <= bindparam("now"))
        kinds: ColumnElement[bool] = j.kind.in_(bindparam("kinds", expanding=True))
        exclude: ColumnElement[bool] = j.id.not_in(bindparam("exclude", expanding=True))
        if dialect == "postgresql":
            # The kinds and the ids left out as arrays (= ANY, <> ALL), not lists of values
            # expanded when run: the statements are compiled once and sent on the asyncpg
            # connection itself (adapters.storage.driven).
            kinds = j.kind == any_(bindparam("kinds", type_=ARRAY(String)))
            exclude = j.id != all_(bindparam("exclude", type_=ARRAY(String)))
        # A claimant crashed on the last attempt: nothing is left to try.
        last_gone = select(j.id).where(expired, kinds, j.attempts >= j.max_attempts)
        if dialect == "postgresql":  # never wait on (or deadlock with) another claimant's rows
            last_gone = last_gone.with_for_update(skip_locked=True)
        self.bury = (
            update(jobs)
            .where(j.id.in_(last_gone.scalar_subquery()))
            .values(
                status=JobStatus.DEAD.value,
                last_error=LEASE_EXPIRED_ERROR,
                lease_owner=None,
                lease_token=None,
                lease_expires_at=None,
                updated_at=bindparam("now"),
            )
        )
        due = (
            select(j.id)
            .where(
                or_(and_(j.status == JobStatus.PENDING.value, j.due_at <= bindparam("now")), expired),
                kinds,
                j.attempts < j.max_attempts,
                exclude,
            )
            .order_by(j.due_at, j.created_at, j.id)
            .limit(bindparam("limit"))
        )
        lease = {
            "status": JobStatus.RUNNING.value,
            "attempts": j.attempts + 1,
            "lease_owner": bindparam("claimant"),
            "lease_token": bindparam("lease"),
            "lease_expires_at": bindparam("until"),
            "updated_at": bindparam("now"),
        }
        if dialect == "postgresql":
            picked = due.with_for_update(skip_locked=True).cte("picked")
            self.claim = update(jobs).where(j.id == picked.c.id).values(**lease).returning(*jobs.c)
        else:
            self.claim = (
                update(jobs).where(j.id.in_(due.scalar_subquery())).values(**lease).returning(*jobs.c)
            )

        mine = (
            j.id == bindparam("job_id"),
            j.status == JobStatus.RUNNING.value,
            j.lease_token == bindparam("lease"),
        )
        self.renew = update(jobs).where(*mine).values(lease_expires_at=bindparam("until"))
        # Leaving the lease: each outcome sets its own columns on top of these.
        self.unlease = {"lease_owner": None, "lease_token": None, "lease_expires_at": None}
        self.mine = mine
        self.prune = delete(jobs).where(j.status == JobStatus.DONE.value, j.updated_at < bindparam("cutoff"))
        # PostgreSQL: the done and rescheduled outcomes of a claimed batch, each kind in one
        # statement over arrays of the jobs' values (one round trip, not one a job), each row
        # under its own lease as _finishing's UPDATE is. SQLite has no round trips to save.
        self.done_many: Any = None
        self.reschedule_many: Any = None
        if dialect == "postgresql":
            self.done_many = text(_DONE_MANY)
            self.reschedule_many = text(_RESCHEDULE_MANY)


_DONE_MANY = """
UPDATE jobs SET status = 'done', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
    updated_at = :now
FROM unnest(CAST(:ids AS VARCHAR[]), CAST(:tokens AS VARCHAR[])) AS v(id, token)
WHERE jobs.id = v.id AND jobs.lease_token = v.token AND jobs.status = 'running'
RETURNING jobs.id
"""
_RESCHEDULE_MANY = """
UPDATE jobs SET status = 'pending', due_at = v.due_at, attempts = 0, last_error = NULL,
    payload = COALESCE(v.payload, jobs.payload),
    lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, updated_at = :now
FROM unnest(
    CAST(:ids AS VARCHAR[]), CAST(:tokens AS VARCHAR[]),
    CAST(:dues AS TIMESTAMPTZ[]), CAST(:payloads AS TEXT[])
) AS v(id, token, due_at, payload)
WHERE jobs.id = v.id AND jobs.lease_token = v.token AND jobs.status = 'running'
RETURNING jobs.id
"""


class SqlJobStore:
    """Jobs in SQL; see the module docstring for why each operation is race-free.

    ``close()`` releases the worker threads and connections the store opened itself (SQLite
    file); the engine stays the caller's to dispose."""

    def __init__(self, engine: AsyncEngine) -> None:
        dialect = engine.dialect.name
        if dialect not in ("sqlite", "postgresql"):
            raise ValueError(f"unsupported database backend: {dialect}")
        self._sql = _Statements(dialect)
        self._runner = transaction_runner(engine, inline_first=True)
        self._engine = engine
        # PostgreSQL: the claim's two statements and a batch's outcomes in one statement go on
        # the asyncpg connection itself (adapters.storage.driven): the same SQL and values,
        # without SQLAlchemy's per-statement work (about 0.5 ms of CPU a statement here).
        self._driven: dict[Any, Driven] | None = {} if dialect == "postgresql" and ON_DRIVER else None
        self._finished_since_prune = PRUNE_EVERY
        self._finishes: dict[tuple[tuple[str, ...], tuple[str, ...]], Any] = {}
        # Enqueue calls so far in this process: JobRunner.run_due claims again after a batch that
        # was not full only when its jobs queued some.
        self.enqueued = 0

    async def close(self) -> None:
        await self._runner.close()

    async def enqueue(self, job: NewJob) -> Enqueued:
        self.enqueued += 1
        job_id = uuid.uuid4().hex
        values = {
            "id": job_id,
            "kind": job.kind,
            "owner": job.owner,
            # Strict JSON: NaN or a non-JSON value fails here, not when a runner loads it.
            "payload": json.dumps(job.payload, ensure_ascii=False, allow_nan=False),
            "dedupe_key": job.dedupe_key,
            "status": JobStatus.PENDING.value,
            "due_at": job.due_at,
            "attempts": 0,
            "max_attempts": job.max_attempts,
            "last_error": None,
            "lease_owner": None,
            "lease_token": None,
            "lease_expires_at": None,
            "created_at": job.created_at,
            "updated_at": job.created_at,
        }
        sql = self._sql

        def enqueue(conn: Connection) -> Enqueued | None:
            if conn.execute(sql.insert, values).rowcount == 1:
                return Enqueued(job_id, created=True)
            existing = conn.execute(sql.live_by_key, {"key": job.dedupe_key}).scalar_one_or_none()
            return Enqueued(existing, created=False) if existing is not None else None

        for _ in range(3):
            # None: the live job with this key finished between our insert and our read; try again.
            result = await self._runner.run(enqueue)
            if result is not None:
                return result
        raise RuntimeError(f"could not enqueue a {job.kind} job with dedupe key {job.dedupe_key!r}")

    async def get(self, job_id: str) -> Job | None:
        def get(conn: Connection) -> Row[Any] | None:
            return conn.execute(self._sql.get, {"job_id": job_id}).first()

        row = await self._runner.run(get)
        return _job(row) if row is not None else None

    async def claim(
        self,
        *,
        owner: str,
        kinds: Collection[str],
        now: datetime,
        lease: timedelta,
        limit: int,
        exclude: Collection[str] = (),
    ) -> list[Job]:
        if not kinds or limit < 1:
            return []
        sql = self._sql
        params = {
            "now": now,
            "kinds": list(kinds),
            "exclude": list(exclude),
            "limit": limit,
            "claimant": owner,
            "lease": secrets.token_hex(16),
            "until": now + lease,
        }

        def claim(conn: Connection) -> tuple[int, list[Row[Any]]]:
            buried = conn.execute(sql.bury, params).rowcount
            return buried, list(conn.execute(sql.claim, params).all())

        # Each statement is atomic by itself and they touch different jobs (the last attempt's
        # lapsed, the others due): on PostgreSQL each in autocommit, two round trips with no
        # BEGIN / COMMIT around them (four before), on the driver. On SQLite one transaction.
        rows: Sequence[Row[Any] | DrivenRow]
        if self._driven is not None:
            bury, take = self._driven_of(sql.bury), self._driven_of(sql.claim)

            async def both(driver: Any) -> tuple[str, list[Any]]:
                status = await driver.execute(bury.sql, *bury.args(params))
                return status, await driver.fetch(take.sql, *take.args(params))

            status, records = await on_driver(self._engine, both)
            buried, rows = _count(status), take.rows(records)
        else:
            buried, rows = await self._runner.run(claim, single_statement=True)
        if buried:
            logger.error("%d job(s) died: their runner stopped during the last attempt", buried)
        return sorted((_job(r) for r in rows), key=lambda j: (j.due_at, j.created_at, j.id))

    async def renew(self, job_id: str, token: str, expires_at: datetime) -> bool:
        return await self._update(self._sql.renew, job_id, token, {"until": expires_at})

    async def complete(self, job_id: str, token: str, now: datetime) -> bool:
        kept = await self._finish(job_id, token, now, status=JobStatus.DONE.value)
        if kept:
            await self._after_finish(now)
        return kept

    async def reschedule(
        self, job_id: str, token: str, due_at: datetime, payload: dict[str, Any] | None, now: datetime
    ) -> bool:
        return await self._finish(job_id, token, now, **_rescheduled(due_at, payload))

    async def fail(
        self, job_id: str, token: str, error: str, retry_at: datetime | None, now: datetime
    ) -> bool:
        return await self._finish(job_id, token, now, **_failed(error, retry_at))

    async def finish_many(self, finishes: Sequence[Finish], now: datetime) -> list[bool]:
        # One transaction for a claimed batch's outcomes (`deskmate tick`'s), each statement
        # guarded by its own lease as complete / reschedule / fail's are: one commit, not one a job.
        together = self._together(finishes, now)
        steps = []
        for f in finishes:
            if f.how in together:
                continue
            if f.how == "done":
                values: dict[str, Any] = {"status": JobStatus.DONE.value}
            elif f.how == "reschedule":
                assert f.due_at is not None
                values = _rescheduled(f.due_at, f.payload)
            else:
                values = _failed(f.error or "", f.due_at if f.how == "retry" else None)
            stmt, params = self._finishing(now, values)
            steps.append((stmt, {"job_id": f.job_id, "lease": f.token, **params}))

        def run(conn: Connection) -> list[bool]:
            alone = iter([conn.execute(stmt, params).rowcount == 1 for stmt, params in steps])
            stored = {row.id for stmt, params in together.values() for row in conn.execute(stmt, params)}
            return [f.job_id in stored if f.how in together else next(alone) for f in finishes]

        # One statement (one job's outcome, or one kind's): on PostgreSQL in autocommit, on the
        # driver (a tick's rescheduled jobs, or a check's: one statement).
        alone = len(steps) + len(together) == 1
        if alone and self._driven is not None:
            kept = await self._finish_alone(finishes, steps, together)
        else:
            kept = await self._runner.run(run, single_statement=alone) if finishes else []
        for f, ok in zip(finishes, kept, strict=True):
            if ok and f.how == "done":
                await self._after_finish(now)
        return kept

    async def _finish_alone(
        self,
        finishes: Sequence[Finish],
        steps: list[tuple[Any, dict[str, Any]]],
        together: dict[str, tuple[Any, dict[str, Any]]],
    ) -> list[bool]:
        """PostgreSQL: ``finish_many``'s one statement on the driver: one job's outcome (its
        count of rows changed) or one kind's (the ids it returned)."""
        if steps:
            [(stmt, params)] = steps
            one = self._driven_of(stmt)
            status = await on_driver(self._engine, lambda driver: driver.execute(one.sql, *one.args(params)))
            return [_count(status) == 1]
        [(stmt, params)] = together.values()
        many = self._driven_of(stmt)
        records = await on_driver(self._engine, lambda driver: driver.fetch(many.sql, *many.args(params)))
        stored = {record[0] for record in records}
        return [f.job_id in stored for f in finishes]

    def _driven_of(self, stmt: Any) -> Driven:
        assert self._driven is not None
        driven = self._driven.get(stmt)
        if driven is None:
            driven = self._driven[stmt] = Driven(stmt, self._engine.dialect)
        return driven

    def _together(self, finishes: Sequence[Finish], now: datetime) -> dict[str, tuple[Any, dict[str, Any]]]:
        """PostgreSQL: the statement storing all the done (and all the rescheduled) outcomes of
        ``finishes`` at once, by how, where there are two or more of a kind."""
        sql = self._sql
        if sql.done_many is None or sql.reschedule_many is None or len(finishes) < 2:
            return {}
        out: dict[str, tuple[Any, dict[str, Any]]] = {}
        done = [f for f in finishes if f.how == "done"]
        if len(done) > 1:
            ids, tokens = [f.job_id for f in done], [f.token for f in done]
            out["done"] = (sql.done_many, {"ids": ids, "tokens": tokens, "now": now})
        moved = [f for f in finishes if f.how == "reschedule"]
        if len(moved) > 1:
            params = {
                "ids": [f.job_id for f in moved],
                "tokens": [f.token for f in moved],
                "dues": [_utc(f.due_at) for f in moved],
                "payloads": [_payload(f.payload) for f in moved],
                "now": now,
            }
            out["reschedule"] = (sql.reschedule_many, params)
        return out

    async def release(self, job_id: str, token: str, now: datetime) -> bool:
        attempts = jobs.c.attempts
        return await self._finish(job_id, token, now, status=JobStatus.PENDING.value, attempts=attempts - 1)

    async def prune(self, now: datetime) -> int:
        """Delete jobs finished more than a week ago (also runs by itself every few hundred)."""

        def prune(conn: Connection) -> int:
            return conn.execute(self._sql.prune, {"cutoff": now - DONE_RETENTION}).rowcount

        return await self._runner.run(prune, long=True)

    async def _finish(self, job_id: str, token: str, now: datetime, **values: Any) -> bool:
        stmt, params = self._finishing(now, values)
        return await self._update(stmt, job_id, token, params)

    def _finishing(self, now: datetime, values: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """A claimed job's finishing UPDATE (``values`` on top of leaving its lease), and its
        parameters but the job's id and lease."""
        # Plain values go as parameters of a statement built once per set of columns (built per
        # call, a statement and its cache key cost more than running it); an expression (a
        # release's attempts - 1) is built into its statement.
        plain = {k: v for k, v in values.items() if not isinstance(v, ColumnElement)}
        shape = (tuple(sorted(plain)), tuple(sorted(set(values) - set(plain))))
        stmt = self._finishes.get(shape)
        if stmt is None or shape[1]:
            stmt = (
                update(jobs)
                .where(*self._sql.mine)
                .values(
                    **self._sql.unlease,
                    updated_at=bindparam("_now", type_=jobs.c.updated_at.type),
                    **{k: bindparam(f"_v_{k}", type_=jobs.c[k].type) for k in plain},
                    **{k: v for k, v in values.items() if k not in plain},
                )
            )
            if not shape[1]:
                self._finishes[shape] = stmt
        return stmt, {"_now": now, **{f"_v_{k}": v for k, v in plain.items()}}

    async def _update(self, stmt: Any, job_id: str, token: str, params: dict[str, Any]) -> bool:
        def run(conn: Connection) -> bool:
            return conn.execute(stmt, {"job_id": job_id, "lease": token, **params}).rowcount == 1

        # One UPDATE, atomic by itself: on PostgreSQL one round trip (three with BEGIN / COMMIT).
        return await self._runner.run(run, single_statement=True)

    async def _after_finish(self, now: datetime) -> None:
        self._finished_since_prune += 1
        if self._finished_since_prune >= PRUNE_EVERY:
            self._finished_since_prune = 0
            try:
                pruned = await self.prune(now)
            except SQLAlchemyError as exc:  # housekeeping: never fail a job for it
                logger.warning("pruning finished jobs failed: %s", exc)
            else:
                if pruned:
                    logger.debug("pruned %d finished jobs", pruned)


def _rescheduled(due_at: datetime, payload: dict[str, Any] | None) -> dict[str, Any]:
    values: dict[str, Any] = {
        "status": JobStatus.PENDING.value,
        "due_at": due_at,
        "attempts": 0,
        "last_error": None,
    }
    if payload is not None:
        values["payload"] = _payload(payload)
    return values


def _payload(payload: dict[str, Any] | None) -> str | None:
    return json.dumps(payload, ensure_ascii=False, allow_nan=False) if payload is not None else None


def _utc(at: datetime | None) -> datetime:
    """A reschedule's time as UTCDateTime binds it (aware, in UTC)."""
    if at is None or at.utcoffset() is None:
        raise ValueError("a job is rescheduled at an aware time")
    return at.astimezone(UTC)


def _failed(error: str, retry_at: datetime | None) -> dict[str, Any]:
    if retry_at is None:
        return {"status": JobStatus.DEAD.value, "last_error": error}
    return {"status": JobStatus.PENDING.value, "due_at": retry_at, "last_error": error}


def _count(status: str) -> int:
    """The rows a statement changed, from the driver's status ("UPDATE 3")."""
    return int(str(status).rpartition(" ")[2] or 0)


def _job(row: Row[Any] | DrivenRow) -> Job:
    m, c = row._mapping, jobs.c  # by column object: a Row's and a DrivenRow's alike
    return Job(
        id=m[c.id],
        kind=m[c.kind],
        payload=json.loads(m[c.payload]),
        status=JobStatus(m[c.status]),
        due_at=m[c.due_at],
        attempts=m[c.attempts],
        max_attempts=m[c.max_attempts],
        created_at=m[c.created_at],
        updated_at=m[c.updated_at],
        owner=m[c.owner],
        dedupe_key=m[c.dedupe_key],
        last_error=m[c.last_error],
        lease_owner=m[c.lease_owner],
        lease_token=m[c.lease_token],
        lease_expires_at=m[c.lease_expires_at],
    )
