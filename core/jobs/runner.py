"""The job runner: claim due jobs with a lease, run each under its kind's time limit while
renewing the lease, and record the outcome (done, rescheduled, retried with backoff, dead).

- ``run_forever`` is what `deskmate run|telegram|discord` start beside the platforms: it polls
  every ``poll_seconds`` and runs up to ``concurrency`` jobs at once. Cancelling it stops
  claiming, lets running jobs finish for up to ``shutdown_grace`` seconds, then interrupts
  the rest and hands them back (released: pending, the attempt not counted).
- ``run_due`` is `deskmate tick`: every job due at the clock's now, each once.

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
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from core.clock import Clock
from core.jobs.kinds import JobContext, JobKind, JobKinds
from core.jobs.model import Done, Job, JobResult, Reschedule, Retry
from core.jobs.ports import JobStore
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

    def __post_init__(self) -> None:
        if self.lease_seconds <= 0 or self.poll_seconds <= 0 or self.concurrency < 1:
            raise ValueError("the job runner needs lease_seconds > 0, poll_seconds > 0, concurrency >= 1")


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
        while True:
            try:
                claimed = await self._claim(self.config.concurrency, exclude=seen)
            except Exception:  # a database still locked after the store's own retries
                log.exception("job runner: claiming jobs failed; the rest wait for the next tick")
                return runs
            if not claimed:
                return runs
            seen.update(job.id for job in claimed)
            await self._prepare(claimed)
            async with self._batched():
                runs.extend(await asyncio.gather(*(self._run_settled(job) for job in claimed)))

    def _batched(self) -> contextlib.AbstractAsyncContextManager[None]:
        """The jobs `deskmate tick` claimed together send in one batch of the outbound, where it
        has one (core.outbound.service.RecordedOutbound.batch): the log rows of the messages
        they sent are written together when the batch is done, not one write a message."""
        batch = getattr(self.outbound, "batch", None)
        return batch(()) if batch is not None else contextlib.nullcontext()

    async def _run_settled(self, job: Job) -> JobRun:
        """``run_one``; when its outcome cannot be stored, the job is handed back (pending, this
        attempt uncounted) instead of staying leased, and the other jobs of the tick still run."""
        try:
            return await self.run_one(job)
        except Exception as exc:
            log.exception("job %s (%s): could not store its outcome; handed back", job.id, job.kind)
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
                for job in claimed:
                    task = asyncio.create_task(self._run_logged(job), name=f"job:{job.kind}:{job.id}")
                    running.add(task)
                    task.add_done_callback(running.discard)
                if len(running) >= self.config.concurrency:
                    # Busy (a full batch came back): claim again as soon as a slot frees up.
                    await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                else:
                    await asyncio.sleep(self.config.poll_seconds)
        finally:
            await self._drain(running)

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
        assert job.lease_token is not None, "run_one needs a claimed job"
        kind = self.kinds[job.kind]
        try:
            result = await self._execute(job, kind)
        except asyncio.CancelledError:
            # Shutdown: hand the job back for another runner, then stop as asked.
            with contextlib.suppress(Exception):
                await self.store.release(job.id, job.lease_token, self.clock.now())
            raise
        except LeaseLost:
            log.warning("job %s (%s): lease lost while running; its result is dropped", job.id, job.kind)
            return JobRun(job.id, job.kind, JobOutcome.LOST)
        except TimeoutError:
            result = Retry(f"timeout: no result within {kind.timeout:g} s")
        except Exception as exc:
            log.warning("job %s (%s) attempt %d failed", job.id, job.kind, job.attempts, exc_info=True)
            result = Retry(_error_text(exc))
        return await self._record(job, kind, result)

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
        token = job.lease_token
        assert token is not None
        now = self.clock.now()
        if isinstance(result, Done):
            kept = await self.store.complete(job.id, token, now)
            run = JobRun(job.id, job.kind, JobOutcome.DONE)
        elif isinstance(result, Reschedule):
            kept = await self.store.reschedule(job.id, token, result.at, result.payload, now)
            run = JobRun(job.id, job.kind, JobOutcome.RESCHEDULED, next_due=result.at)
        elif job.is_last_attempt:
            kept = await self.store.fail(job.id, token, result.error, None, now)
            run = JobRun(job.id, job.kind, JobOutcome.DEAD, result.error)
            if kept:
                log.error(
                    "job %s (%s) is dead after %d attempts: %s", job.id, job.kind, job.attempts, result.error
                )
        else:
            retry_at = result.at or now + kind.backoff.delay(job.attempts)
            kept = await self.store.fail(job.id, token, result.error, retry_at, now)
            run = JobRun(job.id, job.kind, JobOutcome.RETRY, result.error, retry_at)
        if not kept:
            log.warning("job %s (%s): lease lost before its %s was stored", job.id, job.kind, run.outcome)
            return JobRun(job.id, job.kind, JobOutcome.LOST, run.error)
        return run


def _error_text(exc: BaseException) -> str:
    """The class and message, short: stored and shown to operators (handlers keep secrets out)."""
    message = str(exc).strip()
    text = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 1] + "…"
