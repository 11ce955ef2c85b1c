"""The JobStore contract, on the memory fake, a SQLite file and PostgreSQL alike."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.jobs import SqlJobStore
from core.jobs.memory import MemoryJobStore
from core.jobs.model import JobStatus, NewJob
from core.jobs.ports import Finish, JobStore
from tests.storage.conftest import _clear

NOW = datetime(2026, 7, 13, 12, 0, tzinfo=UTC)
LEASE = timedelta(seconds=60)
KINDS = ["test.echo", "test.other"]


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    """None for the memory store, else a migrated, empty database URL (sync: no loop runs here)."""
    if request.param == "memory":
        return None
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'jobs.db'}"
        migrate.upgrade(url)
        return url
    pg: str = request.getfixturevalue("pg_migrated_url")
    asyncio.run(_clear(pg))
    return pg


@pytest.fixture
async def store(backend: str | None) -> AsyncIterator[JobStore]:
    if backend is None:
        yield MemoryJobStore()
        return
    engine = create_engine(backend)
    st = SqlJobStore(engine)
    try:
        yield st
    finally:
        await st.close()
        await engine.dispose()


def new(kind: str = "test.echo", *, due: datetime = NOW, **fields: Any) -> NewJob:
    return NewJob(
        kind=kind,
        payload=fields.pop("payload", {"n": 1}),
        due_at=due,
        max_attempts=fields.pop("max_attempts", 3),
        created_at=NOW - timedelta(minutes=1),
        **fields,
    )


async def claim(store: JobStore, now: datetime = NOW, limit: int = 10, owner: str = "r1", **kw: Any) -> list:
    return await store.claim(owner=owner, kinds=KINDS, now=now, lease=LEASE, limit=limit, **kw)


async def test_enqueue_stores_a_pending_job(store: JobStore) -> None:
    payload = {"symbol": "BTCUSDT", "note": "突破 7 万", "levels": [1, 2.5], "nested": {"ok": True}}
    enqueued = await store.enqueue(new(payload=payload, owner="telegram:42"))
    assert enqueued.created

    job = await store.get(enqueued.job_id)
    assert job is not None
    assert (job.kind, job.status, job.attempts, job.max_attempts) == ("test.echo", JobStatus.PENDING, 0, 3)
    assert job.payload == payload
    assert job.owner == "telegram:42"
    assert job.due_at == NOW and job.due_at.tzinfo is not None
    assert job.lease_token is None and job.last_error is None
    assert await store.get("no-such-job") is None


async def test_a_live_dedupe_key_makes_one_job_and_a_finished_one_frees_the_key(store: JobStore) -> None:
    first = await store.enqueue(new(dedupe_key="alert.check:BTCUSDT"))
    again = await store.enqueue(new(dedupe_key="alert.check:BTCUSDT", payload={"n": 2}))
    other = await store.enqueue(new(dedupe_key="alert.check:ETHUSDT"))
    assert first.created and not again.created and other.created
    assert again.job_id == first.job_id
    assert (await store.get(first.job_id)).payload == {"n": 1}  # type: ignore[union-attr]

    [leased] = [j for j in await claim(store) if j.id == first.job_id]
    running = await store.enqueue(new(dedupe_key="alert.check:BTCUSDT"))
    assert running.job_id == first.job_id and not running.created  # running counts as live

    assert await store.complete(leased.id, leased.lease_token, NOW)
    fresh = await store.enqueue(new(dedupe_key="alert.check:BTCUSDT"))
    assert fresh.created and fresh.job_id != first.job_id


async def test_claim_takes_due_jobs_of_its_kinds_oldest_first_with_a_lease(store: JobStore) -> None:
    late = await store.enqueue(new(due=NOW - timedelta(seconds=5)))
    early = await store.enqueue(new(due=NOW - timedelta(seconds=50)))
    future = await store.enqueue(new(due=NOW + timedelta(seconds=1)))
    foreign = await store.enqueue(new("someone.else"))

    jobs = await claim(store, limit=1)
    assert [j.id for j in jobs] == [early.job_id]
    [job] = jobs
    assert job.status is JobStatus.RUNNING and job.attempts == 1
    assert job.lease_owner == "r1" and job.lease_token
    assert job.lease_expires_at == NOW + LEASE

    rest = await claim(store, owner="r2")
    assert [j.id for j in rest] == [late.job_id]  # the leased one is not handed out again
    assert await claim(store) == []
    for job_id in (future.job_id, foreign.job_id):
        assert (await store.get(job_id)).status is JobStatus.PENDING  # type: ignore[union-attr]


async def test_claim_skips_excluded_ids(store: JobStore) -> None:
    a = await store.enqueue(new())
    b = await store.enqueue(new(due=NOW - timedelta(seconds=1)))
    assert [j.id for j in await claim(store, exclude=[b.job_id])] == [a.job_id]


async def test_an_expired_lease_is_taken_over_and_the_stale_claimant_cannot_finish(store: JobStore) -> None:
    await store.enqueue(new())
    [first] = await claim(store, owner="crashed")

    assert await claim(store, now=NOW + LEASE - timedelta(seconds=1), owner="r2") == []
    [second] = await claim(store, now=NOW + LEASE, owner="r2")
    assert second.id == first.id and second.attempts == 2
    assert second.lease_token != first.lease_token and second.lease_owner == "r2"

    later = NOW + LEASE + timedelta(seconds=5)
    assert not await store.complete(first.id, first.lease_token, later)  # the late, stale result
    assert not await store.fail(first.id, first.lease_token, "boom", None, later)
    assert not await store.reschedule(first.id, first.lease_token, later, {"x": 1}, later)
    assert not await store.renew(first.id, first.lease_token, later + LEASE)
    assert not await store.release(first.id, first.lease_token, later)
    assert (await store.get(first.id)).lease_owner == "r2"  # type: ignore[union-attr]

    assert await store.complete(second.id, second.lease_token, later)
    done = await store.get(first.id)
    assert done is not None and done.status is JobStatus.DONE and done.lease_token is None
    assert not await store.complete(second.id, second.lease_token, later)  # once


async def test_renewing_keeps_the_lease(store: JobStore) -> None:
    await store.enqueue(new())
    [job] = await claim(store)
    assert await store.renew(job.id, job.lease_token, NOW + 2 * LEASE)
    assert await claim(store, now=NOW + LEASE, owner="r2") == []
    assert [j.id for j in await claim(store, now=NOW + 2 * LEASE, owner="r2")] == [job.id]


async def test_reschedule_makes_the_next_run_of_the_same_row(store: JobStore) -> None:
    enqueued = await store.enqueue(new(payload={"last": "1"}))
    [job] = await claim(store)
    await store.fail(job.id, job.lease_token, "flaky", NOW, NOW)
    [job] = await claim(store)
    assert job.attempts == 2

    nxt = NOW + timedelta(minutes=1)
    assert await store.reschedule(job.id, job.lease_token, nxt, {"last": "2"}, NOW)
    again = await store.get(enqueued.job_id)
    assert again is not None
    assert (again.status, again.due_at, again.attempts, again.last_error) == (JobStatus.PENDING, nxt, 0, None)
    assert again.payload == {"last": "2"}

    [job] = await claim(store, now=nxt)
    assert await store.reschedule(job.id, job.lease_token, nxt + timedelta(minutes=1), None, nxt)
    assert (await store.get(job.id)).payload == {"last": "2"}  # type: ignore[union-attr]


async def test_fail_retries_at_the_given_time_then_dies_with_its_error(store: JobStore) -> None:
    await store.enqueue(new(max_attempts=2))
    [job] = await claim(store)
    retry_at = NOW + timedelta(seconds=30)
    assert await store.fail(job.id, job.lease_token, "ConnectionError: reset", retry_at, NOW)
    pending = await store.get(job.id)
    assert pending is not None
    assert (pending.status, pending.due_at, pending.attempts) == (JobStatus.PENDING, retry_at, 1)
    assert pending.last_error == "ConnectionError: reset"
    assert await claim(store, now=retry_at - timedelta(seconds=1)) == []

    [job] = await claim(store, now=retry_at)
    assert job.attempts == 2
    assert await store.fail(job.id, job.lease_token, "ConnectionError: reset again", None, retry_at)
    dead = await store.get(job.id)
    assert dead is not None and dead.status is JobStatus.DEAD
    assert dead.last_error == "ConnectionError: reset again"
    assert await claim(store, now=NOW + timedelta(days=1)) == []


async def test_finish_many_stores_a_batch_s_outcomes_each_under_its_own_lease(store: JobStore) -> None:
    for n in range(5):
        await store.enqueue(new(payload={"n": n}, max_attempts=1 if n == 3 else 3))
    jobs = sorted(await claim(store), key=lambda j: j.payload["n"])
    stale = jobs[4]
    for job in jobs[:4]:
        assert await store.renew(job.id, job.lease_token or "", NOW + 2 * LEASE)
    [taken] = await claim(store, now=NOW + LEASE, owner="r2")  # the fifth's lease expired: r2 has it
    assert taken.id == stale.id
    later, retry = NOW + LEASE, NOW + 2 * LEASE
    kept = await store.finish_many(
        [
            Finish(jobs[0].id, jobs[0].lease_token or "", "done"),
            Finish(jobs[1].id, jobs[1].lease_token or "", "reschedule", retry, {"n": 10}),
            Finish(jobs[2].id, jobs[2].lease_token or "", "retry", retry, error="flaky"),
            Finish(jobs[3].id, jobs[3].lease_token or "", "dead", error="gone"),
            Finish(stale.id, stale.lease_token or "", "done"),  # its lease was lost: not stored
        ],
        later,
    )
    assert kept == [True, True, True, True, False]
    got = [await store.get(j.id) for j in jobs]
    assert [j.status for j in got if j is not None] == [
        JobStatus.DONE, JobStatus.PENDING, JobStatus.PENDING, JobStatus.DEAD, JobStatus.RUNNING,
    ]  # fmt: skip
    assert got[1] is not None and (got[1].due_at, got[1].attempts, got[1].payload) == (retry, 0, {"n": 10})
    assert got[2] is not None and (got[2].due_at, got[2].attempts, got[2].last_error) == (retry, 1, "flaky")
    assert got[3] is not None and got[3].last_error == "gone"
    assert got[4] is not None and got[4].lease_owner == "r2"
    assert await store.finish_many([], later) == []


async def test_finish_many_reschedules_a_batch_each_with_its_time_and_payload(store: JobStore) -> None:
    """A tick's recurring jobs are rescheduled together (on PostgreSQL one statement for them
    all): each its own time, its new payload or the stored one, and none whose lease was lost."""
    for n in range(4):
        await store.enqueue(new(payload={"n": n}))
    jobs = sorted(await claim(store), key=lambda j: j.payload["n"])
    stale = jobs[3]
    for job in jobs[:3]:
        assert await store.renew(job.id, job.lease_token or "", NOW + 2 * LEASE)
    [taken] = await claim(store, now=NOW + LEASE, owner="r2")
    assert taken.id == stale.id
    later = NOW + LEASE
    at = [NOW + timedelta(hours=h) for h in range(1, 5)]
    kept = await store.finish_many(
        [
            Finish(jobs[0].id, jobs[0].lease_token or "", "reschedule", at[0], {"n": 10, "note": "下次"}),
            Finish(jobs[1].id, jobs[1].lease_token or "", "reschedule", at[1], None),  # payload kept
            Finish(jobs[2].id, jobs[2].lease_token or "", "reschedule", at[2], {"n": 12}),
            Finish(stale.id, stale.lease_token or "", "reschedule", at[3], {"n": 13}),  # not its lease
        ],
        later,
    )
    assert kept == [True, True, True, False]
    got = [await store.get(j.id) for j in jobs]
    assert [(g.status, g.due_at, g.attempts, g.payload, g.lease_token) for g in got[:3] if g] == [
        (JobStatus.PENDING, at[0], 0, {"n": 10, "note": "下次"}, None),
        (JobStatus.PENDING, at[1], 0, {"n": 1}, None),
        (JobStatus.PENDING, at[2], 0, {"n": 12}, None),
    ]
    assert got[3] is not None and (got[3].status, got[3].lease_owner) == (JobStatus.RUNNING, "r2")


async def test_release_gives_the_job_back_without_counting_the_attempt(store: JobStore) -> None:
    await store.enqueue(new())
    [job] = await claim(store)
    assert await store.release(job.id, job.lease_token, NOW)
    back = await store.get(job.id)
    assert back is not None and (back.status, back.attempts, back.lease_token) == (JobStatus.PENDING, 0, None)
    [again] = await claim(store, owner="r2")
    assert again.id == job.id and again.attempts == 1


async def test_a_claimant_that_crashed_on_the_last_attempt_leaves_a_dead_job(store: JobStore) -> None:
    await store.enqueue(new(max_attempts=1))
    [job] = await claim(store, owner="crashed")
    assert await claim(store, now=NOW + LEASE, owner="r2") == []
    dead = await store.get(job.id)
    assert dead is not None and dead.status is JobStatus.DEAD
    assert dead.last_error is not None and "lease expired" in dead.last_error


async def test_concurrent_enqueues_of_one_key_through_two_stores_make_one_row(db_url: str) -> None:
    engines = [create_engine(db_url), create_engine(db_url)]
    stores = [SqlJobStore(e) for e in engines]
    try:
        results = await asyncio.gather(
            *(stores[i % 2].enqueue(new(dedupe_key="trader.tick:7")) for i in range(20))
        )
        assert sum(r.created for r in results) == 1
        assert len({r.job_id for r in results}) == 1
        jobs = await claim(stores[0])
        assert [j.id for j in jobs] == [results[0].job_id]
    finally:
        for st in stores:
            await st.close()
        for e in engines:
            await e.dispose()


async def test_a_claim_and_a_finish_on_postgresql_send_no_begin_or_commit(db_url: str) -> None:
    """A claim (the last attempts' lapsed buried, the due claimed) and a job's outcome are
    statements atomic by themselves: on PostgreSQL sent in autocommit, 2 and 1 round trips (the
    alert check and the trader tick pay them every run; before: 4 and 3)."""
    if not db_url.startswith("postgresql"):
        pytest.skip("round trips are PostgreSQL's")
    from tests.storage.test_alert_cost import wire_writes

    engine = create_engine(db_url, pool_size=1)  # one connection: each statement prepared once on it
    store = SqlJobStore(engine)
    try:
        for n in range(6):
            await store.enqueue(new(payload={"n": n}))
        trips = []
        for how in ("complete", "reschedule", "many") * 2:  # the first three prepare the statements
            with wire_writes(db_url) as writes:
                [job] = await claim(store, limit=1)
            trips.append(writes[0])
            with wire_writes(db_url) as writes:
                if how == "complete":
                    assert await store.complete(job.id, job.lease_token, NOW)
                elif how == "reschedule":
                    assert await store.reschedule(job.id, job.lease_token, NOW + LEASE, None, NOW)
                else:
                    [kept] = await store.finish_many([Finish(job.id, job.lease_token, "done")], NOW)
                    assert kept
            trips.append(writes[0])
        assert trips[6:] == [2, 1, 2, 1, 2, 1], trips
    finally:
        await store.close()
        await engine.dispose()


async def test_a_claim_and_outcomes_sent_on_the_driver_read_as_through_sqlalchemy(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL: the claim's two statements and a batch's outcomes in one statement go on the
    asyncpg connection itself (jobs.ON_DRIVER), none through SQLAlchemy's execution; the jobs
    read from its rows are those SQLAlchemy's execution reads (UTC instants, payloads), the kinds
    and the ids left out as arrays select what the lists of values selected, and an outcome
    whose lease was lost is not kept."""
    if not db_url.startswith("postgresql"):
        pytest.skip("the driver path is PostgreSQL's")
    from adapters.storage import jobs as sql_jobs
    from tests.storage.statements import counted

    engine = create_engine(db_url)
    on_driver = SqlJobStore(engine)
    monkeypatch.setattr(sql_jobs, "ON_DRIVER", False)
    through_sqlalchemy = SqlJobStore(engine)
    try:
        ids = [
            (
                await on_driver.enqueue(
                    new(payload={"n": n, "text": "買 BTC"}, owner="o", dedupe_key=f"k{n}")
                )
            ).job_id
            for n in range(4)
        ]
        await on_driver.enqueue(new("other.kind"))
        with counted() as sql:
            [a] = await claim(on_driver, limit=1, exclude=ids[1:])
            taken = await claim(on_driver, exclude=[ids[0], ids[3]])
            finished = [Finish(j.id, j.lease_token or "", "done") for j in taken]
            kept = await on_driver.finish_many([*finished, Finish(a.id, "not-its-lease", "done")], NOW)
        # All on the driver (but the prune of finished jobs, at the first completion: housekeeping).
        assert [s.split(" WHERE")[0] for s in sql.statements] == ["DELETE FROM jobs"]
        assert a.id == ids[0] and sorted(j.id for j in taken) == sorted(ids[1:3])
        assert kept == [True, True, False]
        assert a.lease_token is not None and await on_driver.release(a.id, a.lease_token, NOW)
        [b] = await claim(through_sqlalchemy, limit=1, exclude=ids[1:])
        assert b.id == a.id and b.lease_token != a.lease_token
        assert repr(replace(b, lease_token=None)) == repr(replace(a, lease_token=None))
        assert a.due_at.tzinfo is UTC and a.payload == {"n": 0, "text": "買 BTC"}
    finally:
        await on_driver.close()
        await through_sqlalchemy.close()
        await engine.dispose()
