"""Jobs: work that happens on a clock (an alert check, a trader tick, a notice to send), persisted
so it survives restarts, claimed with a lease so no two processes run it at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any


class JobStatus(StrEnum):
    PENDING = "pending"  # waiting for due_at (a new job, a retry, the next run of a recurring one)
    RUNNING = "running"  # claimed: a runner holds the lease until lease_expires_at
    DONE = "done"
    DEAD = "dead"  # failed its last attempt; last_error says why


LIVE_STATUSES = (JobStatus.PENDING, JobStatus.RUNNING)  # where a dedupe key is unique


@dataclass(frozen=True, slots=True)
class NewJob:
    """A job to store, every field decided (core.jobs.queue.JobQueue fills the defaults)."""

    kind: str
    payload: dict[str, Any]
    due_at: datetime
    max_attempts: int
    created_at: datetime
    owner: str | None = None  # whose job, e.g. "telegram:42" (workspace owner); None: the system's
    # At most one live (pending or running) job per key, e.g. "alert.check:BTCUSDT": enqueueing
    # it again, from any process, returns the existing job.
    dedupe_key: str | None = None


@dataclass(frozen=True, slots=True)
class Job:
    id: str
    kind: str
    payload: dict[str, Any]
    status: JobStatus
    due_at: datetime
    attempts: int  # claims so far in this run (a reschedule starts a new run at 0)
    max_attempts: int
    created_at: datetime
    updated_at: datetime
    owner: str | None = None
    dedupe_key: str | None = None
    last_error: str | None = None
    lease_owner: str | None = None  # which runner holds it (for people reading the table)
    lease_token: str | None = field(default=None, repr=False)  # proves the lease: one per claim
    lease_expires_at: datetime | None = None

    @property
    def is_last_attempt(self) -> bool:
        return self.attempts >= self.max_attempts


@dataclass(frozen=True, slots=True)
class Enqueued:
    job_id: str
    created: bool  # False: a live job with the same dedupe key existed; that is job_id


# --- what a handler returns -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Done:
    """Finished; the row stays as done (pruned later)."""


@dataclass(frozen=True, slots=True)
class Reschedule:
    """Run again at ``at`` (recurring jobs keep one row): attempts start over; ``payload``, when
    given, replaces the stored one (e.g. the last price an alert saw)."""

    at: datetime
    payload: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Retry:
    """This attempt failed (a handled, transient error): try again after the kind's backoff, or at
    ``at``; after the last attempt the job is dead with ``error`` recorded. Raising an exception
    does the same with the exception as the error."""

    error: str
    at: datetime | None = None


JobResult = Done | Reschedule | Retry
DONE = Done()
