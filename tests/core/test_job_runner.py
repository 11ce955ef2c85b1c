"""The job runner on the in-memory store: outcomes, backoff, dead jobs, time limits, leases,
enqueueing and shutdown."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from core.clock import FixedClock
from core.jobs import (
    DONE,
    Backoff,
    Job,
    JobContext,
    JobKind,
    JobKinds,
    JobOutcome,
    JobQueue,
    JobResult,
    JobRunner,
    JobStatus,
    Reschedule,
    Retry,
    RunnerConfig,
)
from core.jobs.memory import MemoryJobStore
from core.outbound import DeliveryStatus, Destination, PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.reply import Reply, Status, TextBlock

NOW = datetime(2026, 7, 13, 12, 0, tzinfo=UTC)
Handler = Callable[[Job, JobContext], Awaitable[JobResult]]


class World:
    def __init__(self, *kinds: JobKind, config: RunnerConfig | None = None) -> None:
        self.clock = FixedClock(NOW)
        self.store = MemoryJobStore()
        self.log = MemoryDeliveryLog()
        self.router = PlatformRouter(wait_seconds=0.05)
        self.kinds = JobKinds(kinds)
        self.outbound = RecordedOutbound(self.router, self.log, self.clock)
        self.runner = JobRunner(self.store, self.kinds, self.outbound, self.clock, config, owner="test")
        self.queue = JobQueue(self.store, self.kinds, self.clock)

    async def job(self, job_id: str) -> Job:
        job = await self.store.get(job_id)
        assert job is not None
        return job


def _count_claims(w: World) -> list[int]:
    """How many jobs each of the store's claims from now on returned, in order."""
    claims: list[int] = []
    claim = w.store.claim

    async def counted(**kwargs: Any) -> list[Job]:
        got = await claim(**kwargs)
        claims.append(len(got))
        return got

    w.store.claim = counted  # type: ignore[method-assign]
    return claims


def kind(name: str, handler: Handler, **options: Any) -> JobKind:
    return JobKind(name, handler, **options)


async def test_a_due_job_runs_once_and_a_future_one_waits() -> None:
    seen: list[dict[str, Any]] = []

    async def echo(job: Job, ctx: JobContext) -> JobResult:
        seen.append(job.payload)
        assert ctx.now == NOW and ctx.job is job
        return DONE

    w = World(kind("test.echo", echo))
    due = await w.queue.enqueue("test.echo", {"n": 1})
    later = await w.queue.enqueue("test.echo", {"n": 2}, due_at=NOW + timedelta(minutes=5))

    [run] = await w.runner.run_due()
    assert (run.job_id, run.outcome) == (due.job_id, JobOutcome.DONE)
    assert seen == [{"n": 1}]
    assert (await w.job(due.job_id)).status is JobStatus.DONE
    assert await w.runner.run_due() == []  # done stays done

    w.clock.advance(300)
    [run] = await w.runner.run_due()
    assert run.job_id == later.job_id and seen[-1] == {"n": 2}


async def test_failures_back_off_exponentially_then_the_job_is_dead_with_its_error() -> None:
    calls = 0

    async def flaky(job: Job, ctx: JobContext) -> JobResult:
        nonlocal calls
        calls += 1
        raise ConnectionError(f"upstream reset #{calls}")

    w = World(kind("test.flaky", flaky, max_attempts=4, backoff=Backoff(first=10, factor=3, cap=60)))
    enqueued = await w.queue.enqueue("test.flaky")

    waits = []
    for _ in range(3):
        [run] = await w.runner.run_due()
        assert run.outcome is JobOutcome.RETRY
        assert run.next_due is not None
        waits.append((run.next_due - w.clock.now()).total_seconds())
        job = await w.job(enqueued.job_id)
        assert (
            job.status is JobStatus.PENDING and job.last_error == f"ConnectionError: upstream reset #{calls}"
        )
        w.clock.advance(waits[-1] - 1)
        assert await w.runner.run_due() == []  # not before its time
        w.clock.advance(1)
    assert waits == [10, 30, 60]  # 10, 10*3, 10*9 capped at 60

    [run] = await w.runner.run_due()
    assert run.outcome is JobOutcome.DEAD and run.error == "ConnectionError: upstream reset #4"
    dead = await w.job(enqueued.job_id)
    assert (dead.status, dead.attempts, dead.last_error) == (
        JobStatus.DEAD,
        4,
        "ConnectionError: upstream reset #4",
    )
    w.clock.advance(3600)
    assert await w.runner.run_due() == []
    assert calls == 4


async def test_a_recurring_job_keeps_one_row_and_its_state() -> None:
    async def tick(job: Job, ctx: JobContext) -> JobResult:
        count = job.payload["count"] + 1
        return Reschedule(ctx.now + timedelta(minutes=1), {"count": count})

    w = World(kind("trader.tick", tick))
    enqueued = await w.queue.enqueue("trader.tick", {"count": 0}, dedupe_key="trader.tick:7")
    for minute in range(3):
        [run] = await w.runner.run_due()
        assert run.outcome is JobOutcome.RESCHEDULED and run.next_due == NOW + timedelta(minutes=minute + 1)
        w.clock.advance(60)
    job = await w.job(enqueued.job_id)
    assert (job.status, job.payload, job.attempts) == (JobStatus.PENDING, {"count": 3}, 0)
    assert len(w.store.jobs) == 1
    again = await w.queue.enqueue("trader.tick", {"count": 0}, dedupe_key="trader.tick:7")
    assert again.job_id == enqueued.job_id and not again.created


async def test_retry_with_a_time_and_attempts_start_over_after_a_reschedule() -> None:
    results: list[JobResult] = [Retry("market closed", at=NOW + timedelta(hours=1))]

    async def handler(job: Job, ctx: JobContext) -> JobResult:
        return results.pop(0) if results else Reschedule(ctx.now + timedelta(hours=1))

    w = World(kind("test.retry", handler, max_attempts=2))
    enqueued = await w.queue.enqueue("test.retry")
    [run] = await w.runner.run_due()
    assert (run.outcome, run.next_due, run.error) == (
        JobOutcome.RETRY,
        NOW + timedelta(hours=1),
        "market closed",
    )
    w.clock.advance(3600)
    [run] = await w.runner.run_due()  # attempt 2 of 2 succeeds and reschedules: a fresh budget
    assert run.outcome is JobOutcome.RESCHEDULED
    assert (await w.job(enqueued.job_id)).attempts == 0


async def test_an_attempt_past_its_time_limit_fails_as_a_timeout() -> None:
    started = asyncio.Event()

    async def slow(job: Job, ctx: JobContext) -> JobResult:
        started.set()
        await asyncio.sleep(10)
        return DONE

    w = World(kind("test.slow", slow, timeout=0.05, max_attempts=1))
    enqueued = await w.queue.enqueue("test.slow")
    [run] = await asyncio.wait_for(w.runner.run_due(), 5)
    assert started.is_set()
    assert run.outcome is JobOutcome.DEAD and run.error == "timeout: no result within 0.05 s"
    assert (await w.job(enqueued.job_id)).last_error == run.error


async def test_a_job_longer_than_its_lease_renews_it() -> None:
    renewals: list[datetime] = []
    renewed_twice = asyncio.Event()

    async def long(job: Job, ctx: JobContext) -> JobResult:
        await renewed_twice.wait()
        return DONE

    w = World(kind("test.long", long), config=RunnerConfig(lease_seconds=0.06))
    original_renew = w.store.renew

    async def renew(job_id: str, token: str, expires_at: datetime) -> bool:
        renewals.append(expires_at)
        if len(renewals) == 2:
            renewed_twice.set()
        return await original_renew(job_id, token, expires_at)

    w.store.renew = renew  # type: ignore[method-assign]
    await w.queue.enqueue("test.long")
    [run] = await asyncio.wait_for(w.runner.run_due(), 5)
    assert run.outcome is JobOutcome.DONE
    assert len(renewals) >= 2


async def test_a_tick_keeps_the_lease_of_a_job_done_early_while_the_others_of_its_batch_run() -> None:
    """`deskmate tick` stores the outcomes of jobs claimed together in one write, after the last
    ends: a job that ended first must not lose its lease meanwhile, or another runner claims it
    and runs it again (it failed before: the fast job was claimed again once its lease was up)."""
    w: World
    taken_by_another: list[str] = []

    async def fast(job: Job, ctx: JobContext) -> JobResult:
        return DONE

    async def slow(job: Job, ctx: JobContext) -> JobResult:
        for _ in range(6):  # 1.2 s of the clock, 4 leases: the fast job's first ran out long ago
            w.clock.advance(0.2)
            await asyncio.sleep(0.05)
        another = await w.store.claim(
            owner="another", kinds=["test.fast"], now=w.clock.now(), lease=timedelta(seconds=30), limit=4
        )
        taken_by_another.extend(j.id for j in another)
        return DONE

    w = World(kind("test.fast", fast), kind("test.slow", slow), config=RunnerConfig(lease_seconds=0.3))
    await w.queue.enqueue("test.fast")
    await w.queue.enqueue("test.slow")
    runs = await asyncio.wait_for(w.runner.run_due(), 5)
    assert taken_by_another == []
    assert sorted(r.outcome for r in runs) == [JobOutcome.DONE] * 2


async def test_a_runner_that_lost_its_lease_stops_the_handler_and_keeps_nothing() -> None:
    cancelled = asyncio.Event()
    w: World

    async def stuck(job: Job, ctx: JobContext) -> JobResult:
        # Another runner took the job over (its lease had expired while this one stalled).
        w.store.jobs[job.id] = replace(w.store.jobs[job.id], lease_token="someone-else")
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return DONE

    w = World(kind("test.stuck", stuck), config=RunnerConfig(lease_seconds=0.06))
    stolen = await w.queue.enqueue("test.stuck")
    [run] = await asyncio.wait_for(w.runner.run_due(), 5)
    assert run.outcome is JobOutcome.LOST and cancelled.is_set()
    job = await w.job(stolen.job_id)
    assert (job.status, job.lease_token) == (JobStatus.RUNNING, "someone-else")  # untouched


async def test_jobs_of_kinds_this_runner_does_not_know_are_left_alone() -> None:
    async def echo(job: Job, ctx: JobContext) -> JobResult:
        return DONE

    w = World(kind("test.echo", echo))
    other = World(kind("newer.kind", echo))
    other.store = w.store
    foreign = await JobQueue(w.store, other.kinds, w.clock).enqueue("newer.kind")
    assert await w.runner.run_due() == []
    assert (await w.job(foreign.job_id)).status is JobStatus.PENDING
    with pytest.raises(ValueError, match=r"no job kind 'newer\.kind'"):
        await w.queue.enqueue("newer.kind")


async def test_enqueue_checks_the_payload_and_the_time() -> None:
    async def echo(job: Job, ctx: JobContext) -> JobResult:
        return DONE

    w = World(kind("test.echo", echo))
    with pytest.raises(ValueError):
        await w.queue.enqueue("test.echo", {"x": float("nan")})
    with pytest.raises(TypeError):
        await w.queue.enqueue("test.echo", {"x": object()})
    with pytest.raises(ValueError, match="aware"):
        await w.queue.enqueue("test.echo", due_at=datetime(2026, 1, 1))
    assert w.store.jobs == {}


def test_a_kind_registered_twice_is_an_error() -> None:
    async def echo(job: Job, ctx: JobContext) -> JobResult:
        return DONE

    with pytest.raises(ValueError, match="registered twice"):
        JobKinds([kind("a.b", echo), kind("a.b", echo)])


async def test_a_handler_returning_something_else_is_a_failed_attempt() -> None:
    async def sloppy(job: Job, ctx: JobContext) -> JobResult:
        return "done"  # type: ignore[return-value]

    w = World(kind("test.sloppy", sloppy, max_attempts=1))
    await w.queue.enqueue("test.sloppy")
    [run] = await w.runner.run_due()
    assert run.outcome is JobOutcome.DEAD and run.error is not None and "returned str" in run.error


async def test_a_tick_runs_follow_up_jobs_enqueued_for_now_but_nothing_twice() -> None:
    async def check(job: Job, ctx: JobContext) -> JobResult:
        await ctx.enqueue("test.notify", {"text": "BTC crossed 70,000"})
        return Reschedule(ctx.now)  # due again at once: still not twice in one tick

    notified: list[str] = []

    async def notify(job: Job, ctx: JobContext) -> JobResult:
        notified.append(job.payload["text"])
        return DONE

    w = World(kind("test.check", check), kind("test.notify", notify))
    await w.queue.enqueue("test.check")
    runs = await w.runner.run_due()
    assert [(r.kind, r.outcome) for r in runs] == [
        ("test.check", JobOutcome.RESCHEDULED),
        ("test.notify", JobOutcome.DONE),
    ]
    assert notified == ["BTC crossed 70,000"]


async def test_a_job_sends_through_the_outbound_and_the_delivery_names_the_job() -> None:
    class Console:
        def __init__(self) -> None:
            self.sent: list[tuple[Destination, str]] = []

        async def deliver(self, destination: Destination, reply: Reply, kind: str) -> Any:
            from core.outbound import DeliveryResult

            self.sent.append((destination, kind))
            return DeliveryResult.sent()

    async def alert(job: Job, ctx: JobContext) -> JobResult:
        reply = Reply(Status.COMPLETED, (TextBlock("BTC above 70,000"),), "en")
        result = await ctx.send(Destination.direct("console", "local"), reply, kind="alert")
        return DONE if result.ok else Retry(result.error_code or "?")

    w = World(kind("test.alert", alert))
    w.router.attach("console", Console())
    enqueued = await w.queue.enqueue("test.alert")
    [run] = await w.runner.run_due()
    assert run.outcome is JobOutcome.DONE
    [record] = w.log.records
    assert (record.kind, record.status, record.job_id) == ("alert", DeliveryStatus.SENT, enqueued.job_id)


async def test_run_forever_runs_jobs_concurrently_and_shutdown_hands_back_the_unfinished() -> None:
    release = asyncio.Event()
    running: list[str] = []

    async def gated(job: Job, ctx: JobContext) -> JobResult:
        running.append(job.id)
        await release.wait()
        return DONE

    async def quick(job: Job, ctx: JobContext) -> JobResult:
        return DONE

    config = RunnerConfig(poll_seconds=0.01, concurrency=2, shutdown_grace=0.05)
    w = World(kind("test.gated", gated), kind("test.quick", quick), config=config)
    gated_ids = [(await w.queue.enqueue("test.gated")).job_id for _ in range(3)]
    task = asyncio.create_task(w.runner.run_forever())
    for _ in range(200):
        if len(running) == 2:
            break
        await asyncio.sleep(0.01)
    assert len(running) == 2  # two at once: the concurrency limit
    await asyncio.sleep(0.05)
    assert len(running) == 2  # the third waits for a free slot

    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, 5)
    jobs = [await w.job(i) for i in gated_ids]
    # Interrupted after the grace period: back to pending, the attempt not counted.
    assert [(j.status, j.attempts) for j in jobs] == [(JobStatus.PENDING, 0)] * 3

    release.set()
    quick_id = (await w.queue.enqueue("test.quick")).job_id
    task = asyncio.create_task(w.runner.run_forever())
    everything = [*gated_ids, quick_id]
    for _ in range(500):
        if all(w.store.jobs[i].status is JobStatus.DONE for i in everything):
            break
        await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert [w.store.jobs[i].status for i in everything] == [JobStatus.DONE] * 4


async def test_run_forever_survives_a_database_outage_while_claiming() -> None:
    ran = asyncio.Event()

    async def echo(job: Job, ctx: JobContext) -> JobResult:
        ran.set()
        return DONE

    w = World(kind("test.echo", echo), config=RunnerConfig(poll_seconds=0.01))
    await w.queue.enqueue("test.echo")
    original_claim = w.store.claim
    failures = 0

    async def flaky_claim(**kwargs: Any) -> list[Job]:
        nonlocal failures
        if failures < 3:
            failures += 1
            raise ConnectionError("database restarting")
        return await original_claim(**kwargs)

    w.store.claim = flaky_claim  # type: ignore[method-assign]
    task = asyncio.create_task(w.runner.run_forever())
    await asyncio.wait_for(ran.wait(), 5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert failures == 3


async def test_a_tick_hands_back_a_job_whose_outcome_cannot_be_stored_and_runs_the_others() -> None:
    """A database still locked when one job's result is stored (issue 22): the tick does not
    exit; that job is handed back (pending, its attempt uncounted), the others finish."""

    async def echo(job: Job, ctx: JobContext) -> JobResult:
        return DONE

    w = World(kind("test.echo", echo))
    stuck = await w.queue.enqueue("test.echo", {"n": 1})
    fine = await w.queue.enqueue("test.echo", {"n": 2})
    complete = w.store.complete

    async def locked_once(job_id: str, token: str, now: datetime) -> bool:
        if job_id == stuck.job_id:
            raise RuntimeError("database is locked")
        return await complete(job_id, token, now)

    w.store.complete = locked_once  # type: ignore[method-assign]
    runs = {r.job_id: r for r in await w.runner.run_due()}
    assert runs[fine.job_id].outcome is JobOutcome.DONE
    assert runs[stuck.job_id].outcome is JobOutcome.RELEASED
    assert "database is locked" in (runs[stuck.job_id].error or "")
    job = await w.job(stuck.job_id)
    assert job.status is JobStatus.PENDING and job.lease_token is None and job.attempts == 0

    w.store.complete = complete  # type: ignore[method-assign]
    [again] = await w.runner.run_due()  # the next tick runs it
    assert (again.job_id, again.outcome) == (stuck.job_id, JobOutcome.DONE)


def _whom(job: Job) -> Destination:
    return Destination.direct("console", str(job.payload["n"]))


async def _tell(job: Job, ctx: JobContext) -> JobResult:
    await ctx.send(_whom(job), Reply(Status.COMPLETED, (TextBlock("hi"),), "en"), kind="t")
    return DONE


class _Console:
    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> Any:
        from core.outbound import DeliveryResult

        return DeliveryResult.sent()


def _telling_world(config: RunnerConfig | None = None) -> World:
    """A runner whose "test.tell" jobs each send one message to a console user of their own
    (payload n), who is whom the kind tells (JobKind.tells)."""
    w = World(kind("test.tell", _tell, tells=_whom), config=config)
    w.router.attach("console", _Console())
    return w


async def test_a_tick_stores_the_outcomes_of_jobs_claimed_together_in_one_write() -> None:
    """`deskmate tick` (run_due): the jobs it claimed together (up to due_batch, 32 by default;
    before, 4 at a time: the concurrency) store their outcomes in one JobStore.finish_many, and
    the pauses of the people their kinds tell (JobKind.tells) are read in one read, not one a
    message."""

    w = _telling_world()
    for n in range(6):
        await w.queue.enqueue("test.tell", {"n": n})
    writes: list[int] = []
    finish_many = w.store.finish_many

    async def counted(finishes: Any, now: datetime) -> list[bool]:
        writes.append(len(finishes))
        return await finish_many(finishes, now)

    reads: list[int] = []
    paused_among = w.log.paused_among

    async def pauses(destinations: Any) -> Any:
        reads.append(len(destinations))
        return await paused_among(destinations)

    w.store.finish_many = counted  # type: ignore[method-assign]
    w.log.paused_among = pauses  # type: ignore[method-assign]
    paused = w.log.paused

    async def one_pause(destination: Destination) -> Any:
        raise AssertionError("a pause read for one message")

    w.log.paused = one_pause  # type: ignore[method-assign]
    runs = await w.runner.run_due()
    w.log.paused = paused  # type: ignore[method-assign]
    assert [r.outcome for r in runs] == [JobOutcome.DONE] * 6
    assert writes == [6] and reads == [6]
    assert [(await w.job(r.job_id)).status for r in runs] == [JobStatus.DONE] * 6


async def test_a_tick_claims_its_due_jobs_together_but_runs_at_most_concurrency_at_once() -> None:
    """run_due claims up to due_batch jobs in one claim (their batch reads and outcome write
    shared), yet runs at most ``concurrency`` handlers at a time."""
    running: list[int] = []
    most = 0

    async def work(job: Job, ctx: JobContext) -> JobResult:
        nonlocal most
        running.append(1)
        most = max(most, len(running))
        await asyncio.sleep(0.01)
        running.pop()
        return DONE

    w = World(kind("test.work", work), config=RunnerConfig(concurrency=2, due_batch=8))
    for n in range(7):
        await w.queue.enqueue("test.work", {"n": n})
    claims = _count_claims(w)
    runs = await asyncio.wait_for(w.runner.run_due(), 5)
    assert [r.outcome for r in runs] == [JobOutcome.DONE] * 7
    assert claims == [7]  # one claim for the seven (before: 2, 2, 2, 1); not full: no second
    assert most == 2


async def test_a_tick_claims_again_after_a_full_batch_or_one_that_queued_jobs() -> None:
    """run_due claims once more only when another claim may find something: its batch was full,
    or its jobs queued others (due now: they run in this tick)."""

    async def work(job: Job, ctx: JobContext) -> JobResult:
        if job.payload.get("more"):
            await ctx.enqueue("test.work", {"n": 99})
        return DONE

    w = World(kind("test.work", work), config=RunnerConfig(concurrency=2, due_batch=3))
    for n in range(4):  # claimed in this order
        await w.queue.enqueue("test.work", {"n": n, "more": n == 3}, due_at=NOW - timedelta(seconds=4 - n))
    claims = _count_claims(w)
    runs = await asyncio.wait_for(w.runner.run_due(), 5)
    assert [r.outcome for r in runs] == [JobOutcome.DONE] * 5
    # Full (3 of 3): again; 1 that queued one: again; the one queued, which queued none: done.
    assert claims == [3, 1, 1]
    assert w.store.enqueued == 5


async def test_a_tick_keeps_the_lease_of_a_job_waiting_for_its_turn() -> None:
    """A job claimed with the others but waiting for a free slot (concurrency 1 here) keeps
    its lease while the one before it runs long: no other runner claims it meanwhile."""
    w: World
    taken_by_another: list[str] = []

    async def slow(job: Job, ctx: JobContext) -> JobResult:
        if job.payload["n"] == 0:
            for _ in range(6):  # 1.2 s of the clock, 4 leases
                w.clock.advance(0.2)
                await asyncio.sleep(0.05)
            another = await w.store.claim(
                owner="another", kinds=["test.slow"], now=w.clock.now(), lease=timedelta(seconds=30), limit=4
            )
            taken_by_another.extend(j.id for j in another)
        return DONE

    w = World(kind("test.slow", slow), config=RunnerConfig(lease_seconds=0.3, concurrency=1))
    await w.queue.enqueue("test.slow", {"n": 0})
    await w.queue.enqueue("test.slow", {"n": 1}, due_at=NOW + timedelta(microseconds=1))
    w.clock.advance(0.001)
    runs = await asyncio.wait_for(w.runner.run_due(), 5)
    assert taken_by_another == []
    assert [r.outcome for r in runs] == [JobOutcome.DONE] * 2


async def test_deskmate_run_reads_the_pauses_and_logs_the_notices_of_jobs_claimed_together_at_once() -> None:
    """The polling runner (`deskmate run`): the jobs it claims together run in one batch of the
    outbound (one pause read, one write of the sent messages' log rows when the last ends), and
    each stores its own outcome as soon as it ends."""

    w = _telling_world(RunnerConfig(poll_seconds=0.01))
    jobs = [await w.queue.enqueue("test.tell", {"n": n}) for n in range(3)]
    reads: list[int] = []
    writes: list[int] = []
    paused_among, record_many = w.log.paused_among, w.log.record_many

    async def pauses(destinations: Any) -> Any:
        reads.append(len(destinations))
        return await paused_among(destinations)

    async def logged(records: Any) -> None:
        writes.append(len(records))
        await record_many(records)

    async def one_pause(destination: Destination) -> Any:
        raise AssertionError("a pause read for one message")

    w.log.paused_among = pauses  # type: ignore[method-assign]
    w.log.record_many = logged  # type: ignore[method-assign]
    w.log.paused = one_pause  # type: ignore[method-assign]
    task = asyncio.create_task(w.runner.run_forever())
    for _ in range(500):
        if writes:
            break
        await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert reads == [3] and writes == [3]
    assert [(await w.job(j.job_id)).status for j in jobs] == [JobStatus.DONE] * 3
