"""The job runner: claim due jobs with a lease, run each under its kind's time limit while
renewing the lease, and record the outcome (done, rescheduled, retried with backoff, dead).

- ``run_forever`` is what `deskmate run|telegram|discord` start beside the platforms: it polls
  every ``poll_seconds`` and runs up to ``concurrency`` jobs at once. Cancelling it stops
  claiming, lets running jobs finish for up to ``shutdown_grace`` seconds, then interrupts
  the rest and hands them back (released: pending, the attempt not counted).
- ``run_due`` is `deskmate tick`: every job due at the clock's now, each once. It claims up to
  ``due_batch`` due jobs at a time (their kinds' reads done once for them all, their outcomes
  stored in one write) and runs at most ``concurrency`` of them at once.

Either way the jobs claimed together send in one batch of the outbound (their people's pauses
read at once, the sent messages' log rows written at once).

A lease is ``lease_seconds`` long and renewed every third of that while a handler runs, so a
long job keeps it and a crashed runner's jobs are free again within one lease. Runners
compare leases with their own clocks: hosts sharing a database need synchronised clocks (NTP).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from core.clock import Clock
from core.jobs.kinds import JobContext, JobKind, JobKinds
from core.jobs.model import Done, Job, JobResult, Reschedule, Retry
from core.jobs.ports import Finish, JobStore
from core.jobs.queue import JobQueue
from core.outbound.ports import Outbound

log = logging.getLogger(__name__)

MAX_ERROR_CHARS = 500


class JobOutcome(StrEnum):
    DONE = "done"
    RESCHEDULED = "rescheduled"
    RETRY = "retry"  # failed; pending again after backoff
    DEAD = "dead"  # failed its last attempt
    LOST = "lost"  # the lease was taken over (this runner was too slow): its result was not kept
    RELEASED = "released"  # interrupted by shutdown; pending again


@dataclass(frozen=True, slots=True)
class JobRun:
    """One attempt, as reported by `deskmate tick`."""

    job_id: str
    kind: str
    outcome: JobOutcome
    error: str | None = None
    next_due: datetime | None = None


@dataclass(frozen=True, slots=True)
class RunnerConfig:
    lease_seconds: float = 60.0
    poll_seconds: float = 1.0
    concurrency: int = 4
    shutdown_grace: float = 10.0
    # `deskmate tick` (run_due) claims up to this many due jobs together: one claim, one batch
    # read of each kind's (JobKind.prepare), one read of the pauses, one write of the outcomes
    # for them all, where claiming ``concurrency`` at a time made those per 4 jobs (20 due DCA
    # ticks: 5 batches). Still at most ``concurrency`` handlers run at once.
    due_batch: int = 32

    def __post_init__(self) -> None:
        if self.lease_seconds <= 0 or self.poll_seconds <= 0 or self.concurrency < 1 or self.due_batch < 1:
            raise ValueError(
                "the job runner needs lease_seconds > 0, poll_seconds > 0, concurrency >= 1, due_batch >= 1"
            )


class LeaseLost(Exception):
    """Renewing the lease failed: another runner owns the job now."""


def runner_id() -> str:
    """Names this runner in the lease_owner column: host, process and a random suffix."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class JobRunner:
    def __init__(
        self,
        store: JobStore,
        kinds: JobKinds,
        outbound: Outbound,
        clock: Clock,
        config: RunnerConfig | None = None,
        *,
        owner: str | None = None,
    ) -> None:
        self.store = store
        self.kinds = kinds
        self.outbound = outbound
        self.clock = clock
        self.config = config or RunnerConfig()
        self.owner = owner or runner_id()
        self.queue = JobQueue(store, kinds, clock)
        self._lease = timedelta(seconds=self.config.lease_seconds)

    # --- driving ------------------------------------------------------------------------------

    async def run_due(self) -> list[JobRun]:
        """Run every job due now, each once (a job rescheduled or retried for a time that is
        already due waits for the next tick), including jobs that these jobs enqueue for now."""
        runs: list[JobRun] = []
        seen: set[str] = set()
        limit = max(self.config.concurrency, self.config.due_batch)
        while True:
            queued = self._enqueued()
            try:
                claimed = await self._claim(limit, exclude=seen)
            except Exception:  # a database still locked after the store's own retries
                log.exception("job runner: claiming jobs failed; the rest wait for the next tick")
                return runs
            if not claimed:
                return runs
            seen.update(job.id for job in claimed)
            await self._prepare(claimed)
            async with self._batched(claimed):
                attempts = await self._attempt_together(claimed)
            runs.extend(await self._record_all(claimed, attempts))
            if len(claimed) < limit and queued is not None and self._enqueued() == queued:
                # Every job due was claimed, and these queued none: another claim would find
                # nothing (one statement less a tick; jobs another process queues meanwhile are
                # the next tick's, as they would be a moment later).
                return runs

    def _enqueued(self) -> int | None:
        """How many jobs this process has queued on the store so far, where it counts them
        (``enqueued``: the SQL and in-memory stores do); None: unknown."""
        count = getattr(self.store, "enqueued", None)
        return count if isinstance(count, int) else None

    async def _attempt_together(self, claimed: list[Job]) -> list[JobResult | JobRun]:
        """Each claimed job's attempt, at most ``concurrency`` at once. Their outcomes are stored
        together when the last ends (``_record_all``), so a job that ends first keeps its lease
        until then, renewed as a running job's is, and so does one waiting for its turn: else,
        behind a slow one, its lease would run out and another runner claim and run it again. A
        renewal refused: the lease was lost, the result dropped."""
        gate = asyncio.Semaphore(self.config.concurrency)
        started: set[str] = set()
        lost: set[str] = set()

        async def attempt(job: Job) -> JobResult | JobRun:
            try:
                await gate.acquire()
            except asyncio.CancelledError:  # shutdown before its turn: handed back, uncounted
                assert job.lease_token is not None
                with contextlib.suppress(Exception):
                    await self.store.release(job.id, job.lease_token, self.clock.now())
                raise
            try:
                if job.id in lost:  # its lease ran out while it waited: another runner has it
                    return JobRun(job.id, job.kind, JobOutcome.LOST)
                started.add(job.id)
                return await self._attempt(job)
            finally:
                gate.release()

        tasks = [asyncio.ensure_future(attempt(job)) for job in claimed]
        try:
            pending: set[asyncio.Future[JobResult | JobRun]] = set(tasks)
            while pending:
                _, pending = await asyncio.wait(pending, timeout=self.config.lease_seconds / 3)
                if pending:
                    await self._renew_ended(claimed, tasks, lost, started)
        finally:
            unfinished = [task for task in tasks if not task.done()]
            for task in unfinished:  # cancelled (shutdown): each hands its job back
                task.cancel()
            await asyncio.gather(*unfinished, return_exceptions=True)
        return [
            JobRun(job.id, job.kind, JobOutcome.LOST) if job.id in lost else task.result()
            for job, task in zip(claimed, tasks, strict=True)
        ]

    async def _renew_ended(
        self,
        claimed: list[Job],
        tasks: Sequence[asyncio.Future[JobResult | JobRun]],
        lost: set[str],
        started: set[str],
    ) -> None:
        """The leases of the claimed jobs that ended (their outcome waits for the others') or
        wait for their turn; a running one renews its own."""
        expires = self.clock.now() + self._lease
        for job, task in zip(claimed, tasks, strict=True):
            if job.id in lost:
                continue
            if task.done():
                if isinstance(task.result(), JobRun):
                    continue  # nothing left to store
            elif job.id in started:
                continue  # running: it renews its own
            assert job.lease_token is not None
            try:
                renewed = await self.store.renew(job.id, job.lease_token, expires)
            except Exception:  # the next round tries again; storing it says if it was kept
                log.warning("job %s (%s): renewing its lease failed", job.id, job.kind, exc_info=True)
                continue
            if not renewed:
                log.warning(
                    "job %s (%s): lease lost while the others ran; its result is dropped", job.id, job.kind
                )
                lost.add(job.id)

    def _batched(self, claimed: list[Job]) -> contextlib.AbstractAsyncContextManager[None]:
        """The jobs claimed together (by `deskmate tick` or `deskmate run`) send in one batch of
        the outbound, where it has one (core.outbound.service.RecordedOutbound.batch): the
        pauses of the people their kinds tell (JobKind.tells) are read at once, and the log rows
        of the messages they sent are written together when the batch is done, not one read and
        one write a message."""
        batch = getattr(self.outbound, "batch", None)
        if batch is None:
            return contextlib.nullcontext()
        told = (self.kinds[job.kind].tells for job in claimed)
        found = (tells(job) for tells, job in zip(told, claimed, strict=True) if tells is not None)
        opened: contextlib.AbstractAsyncContextManager[None] = batch(
            list({d.as_str(): d for d in found if d is not None}.values())
        )
        return opened

    async def _record_all(self, claimed: list[Job], attempts: list[JobResult | JobRun]) -> list[JobRun]:
        """The outcomes of jobs run together, stored in one write (JobStore.finish_many): a crash
        before it leaves them leased, run again when their leases expire, as a crash between a
        job's work and its own outcome would. When the write fails, each job is handed back
        (pending, this attempt uncounted) instead of staying leased."""
        now = self.clock.now()
        planned = [
            (job, got if isinstance(got, JobRun) else self._finish(job, self.kinds[job.kind], got, now))
            for job, got in zip(claimed, attempts, strict=True)
        ]
        finishing = [(job, plan) for job, plan in planned if not isinstance(plan, JobRun)]
        try:
            kept = await self.store.finish_many([finish for _, (finish, _) in finishing], now)
        except Exception:  # one by one, then: one outcome that cannot be stored keeps no other
            log.warning("job runner: storing %d outcomes together failed", len(finishing), exc_info=True)
            stored = {job.id: await self._store_one(job, *plan, now) for job, plan in finishing}
        else:
            pairs = zip(finishing, kept, strict=True)
            stored = {job.id: self._stored(job, run, ok) for (job, (_, run)), ok in pairs}
        return [plan if isinstance(plan, JobRun) else stored[job.id] for job, plan in planned]

    async def _store_one(self, job: Job, finish: Finish, run: JobRun, now: datetime) -> JobRun:
        try:
            [kept] = await self.store.finish_many([finish], now)
        except Exception as exc:
            log.exception("job %s (%s): could not store its outcome; handed back", job.id, job.kind)
            return await self._hand_back(job, exc)
        return self._stored(job, run, kept)

    async def _hand_back(self, job: Job, exc: Exception) -> JobRun:
        assert job.lease_token is not None
        try:
            released = await self.store.release(job.id, job.lease_token, self.clock.now())
        except Exception:  # its lease expires instead
            released = False
        outcome = JobOutcome.RELEASED if released else JobOutcome.LOST
        return JobRun(job.id, job.kind, outcome, _error_text(exc))

    async def run_forever(self) -> None:
        """Poll and run jobs until cancelled (see the module docstring for shutdown)."""
        if not self.kinds:
            log.info("job runner: no job kinds registered; idle")
        running: set[asyncio.Task[JobRun | None]] = set()
        groups: set[asyncio.Task[None]] = set()
        claim_failing = False
        try:
            while True:
                free = self.config.concurrency - len(running)
                claimed: list[Job] = []
                if free > 0 and self.kinds:
                    # Cancelled mid-claim, the claimed jobs are not run; their lease expires and
                    # another runner takes them (one attempt counted).
                    try:
                        claimed = await self._claim(free)
                    except Exception as exc:  # the database may be back at the next poll
                        if not claim_failing:
                            log.exception("job runner: claiming jobs failed; retrying every poll")
                        else:
                            log.debug("job runner: claiming jobs still fails: %s", type(exc).__name__)
                        claim_failing = True
                    else:
                        if claim_failing:
                            log.info("job runner: claiming jobs works again")
                        claim_failing = False
                if claimed:
                    await self._prepare(claimed)
                    started: asyncio.Future[None] = asyncio.get_running_loop().create_future()
                    group = asyncio.create_task(self._run_group(claimed, running, started))
                    groups.add(group)
                    group.add_done_callback(groups.discard)
                    # Its jobs are running (counted in ``running``) before the next claim.
                    await asyncio.wait({started, group}, return_when=asyncio.FIRST_COMPLETED)
                if len(running) >= self.config.concurrency:
                    # Busy (a full batch came back): claim again as soon as a slot frees up.
                    await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                else:
                    await asyncio.sleep(self.config.poll_seconds)
        finally:
            await self._drain(running)
            await asyncio.gather(*groups, return_exceptions=True)  # their batches' log rows

    async def _run_group(
        self, claimed: list[Job], running: set[asyncio.Task[JobRun | None]], started: asyncio.Future[None]
    ) -> None:
        """The jobs claimed together run in one batch of the outbound (``_batched``: the pauses
        of the people they tell read at once, the log rows of the messages they sent written at
        once when the last of them ends); each stores its own outcome as soon as it ends (its
        lease is its own). Their tasks join ``running``, then ``started`` is set."""
        async with contextlib.AsyncExitStack() as stack:
            try:
                await stack.enter_async_context(self._batched(claimed))
            except Exception:  # the pauses could not be read at once: each send reads its own
                log.warning("job runner: reading the pauses of %d jobs failed", len(claimed), exc_info=True)
            tasks = [
                asyncio.create_task(self._run_logged(job), name=f"job:{job.kind}:{job.id}") for job in claimed
            ]
            for task in tasks:
                running.add(task)
                task.add_done_callback(running.discard)
            started.set_result(None)
            await asyncio.wait(tasks)

    async def _run_logged(self, job: Job) -> JobRun | None:
        try:
            return await self.run_one(job)
        except Exception:  # storing the outcome failed (database down): the lease expires, it re-runs
            log.exception("job %s (%s): could not store its outcome", job.id, job.kind)
            return None

    async def _drain(self, running: set[asyncio.Task[JobRun | None]]) -> None:
        if not running:
            return
        log.info("job runner: waiting up to %.0f s for %d job(s)", self.config.shutdown_grace, len(running))
        _, pending = await asyncio.wait(set(running), timeout=self.config.shutdown_grace)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)

    async def _prepare(self, claimed: list[Job]) -> None:
        """Each kind's ``prepare`` with its jobs of this claim (core.jobs.kinds.JobPrepare)."""
        by_kind: dict[str, list[Job]] = {}
        for job in claimed:
            by_kind.setdefault(job.kind, []).append(job)
        for name, jobs in by_kind.items():
            prepare = self.kinds[name].prepare
            if prepare is None:
                continue
            try:
                await prepare(jobs)
            except Exception:  # the jobs read for themselves
                log.exception("job runner: preparing %d %s job(s) failed", len(jobs), name)

    async def _claim(self, limit: int, exclude: set[str] | None = None) -> list[Job]:
        return await self.store.claim(
            owner=self.owner,
            kinds=list(self.kinds),
            now=self.clock.now(),
            lease=self._lease,
            limit=limit,
            exclude=exclude or (),
        )

    # --- one attempt --------------------------------------------------------------------------

    async def run_one(self, job: Job) -> JobRun:
        """Run a claimed job once and store its outcome."""
        got = await self._attempt(job)
        return got if isinstance(got, JobRun) else await self._record(job, self.kinds[job.kind], got)

    async def _attempt(self, job: Job) -> JobResult | JobRun:
        """Run a claimed job once: its result to store (a failure is a Retry), or the JobRun of
        an attempt whose lease was lost (nothing to store)."""
        assert job.lease_token is not None, "a claimed job"
        kind = self.kinds[job.kind]
        try:
            return await self._execute(job, kind)
        except asyncio.CancelledError:
            # Shutdown: hand the job back for another runner, then stop as asked.
            with contextlib.suppress(Exception):
                await self.store.release(job.id, job.lease_token, self.clock.now())
            raise
        except LeaseLost:
            log.warning("job %s (%s): lease lost while running; its result is dropped", job.id, job.kind)
            return JobRun(job.id, job.kind, JobOutcome.LOST)
        except TimeoutError:
            return Retry(f"timeout: no result within {kind.timeout:g} s")
        except Exception as exc:
            log.warning("job %s (%s) attempt %d failed", job.id, job.kind, job.attempts, exc_info=True)
            return Retry(_error_text(exc))

    async def _execute(self, job: Job, kind: JobKind) -> JobResult:
        """The handler's result; TimeoutError past the kind's limit; LeaseLost when a renewal fails."""
        assert job.lease_token is not None
        context = JobContext(job, self.clock.now(), self.clock, self.outbound, self.queue)
        handler = asyncio.ensure_future(kind.handler(job, context))
        renew_every = self.config.lease_seconds / 3
        try:
            async with asyncio.timeout(kind.timeout):
                while True:
                    done, _ = await asyncio.wait({handler}, timeout=renew_every)
                    if done:
                        break
                    expires = self.clock.now() + self._lease
                    if not await self.store.renew(job.id, job.lease_token, expires):
                        raise LeaseLost(job.id)
        finally:
            if not handler.done():
                handler.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await handler
        result = handler.result()  # the handler's own exception, if any, propagates from here
        if not isinstance(result, Done | Reschedule | Retry):
            raise TypeError(f"job handler for {job.kind!r} returned {type(result).__name__}, not a JobResult")
        return result

    async def _record(self, job: Job, kind: JobKind, result: JobResult) -> JobRun:
        now = self.clock.now()
        finish, run = self._finish(job, kind, result, now)
        [kept] = await self.store.finish_many([finish], now)
        return self._stored(job, run, kept)

    @staticmethod
    def _finish(job: Job, kind: JobKind, result: JobResult, now: datetime) -> tuple[Finish, JobRun]:
        """What storing ``result`` changes, and the run reported once it is stored."""
        token = job.lease_token
        assert token is not None
        if isinstance(result, Done):
            return Finish(job.id, token, "done"), JobRun(job.id, job.kind, JobOutcome.DONE)
        if isinstance(result, Reschedule):
            return (
                Finish(job.id, token, "reschedule", result.at, result.payload),
                JobRun(job.id, job.kind, JobOutcome.RESCHEDULED, next_due=result.at),
            )
        if job.is_last_attempt:
            return (
                Finish(job.id, token, "dead", error=result.error),
                JobRun(job.id, job.kind, JobOutcome.DEAD, result.error),
            )
        retry_at = result.at or now + kind.backoff.delay(job.attempts)
        return (
            Finish(job.id, token, "retry", retry_at, error=result.error),
            JobRun(job.id, job.kind, JobOutcome.RETRY, result.error, retry_at),
        )

    @staticmethod
    def _stored(job: Job, run: JobRun, kept: bool) -> JobRun:
        """The run reported for a job whose outcome was stored (``kept``) or not: its lease was
        lost before (another runner has the job now)."""
        if not kept:
            log.warning("job %s (%s): lease lost before its %s was stored", job.id, job.kind, run.outcome)
            return JobRun(job.id, job.kind, JobOutcome.LOST, run.error)
        if run.outcome is JobOutcome.DEAD:
            log.error("job %s (%s) is dead after %d attempts: %s", job.id, job.kind, job.attempts, run.error)
        return run


def _error_text(exc: BaseException) -> str:
    """The class and message, short: stored and shown to operators (handlers keep secrets out)."""
    message = str(exc).strip()
    text = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 1] + "…"
