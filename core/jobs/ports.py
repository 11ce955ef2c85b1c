"""Port: the persisted job table."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal, Protocol

from core.jobs.model import Enqueued, Job, NewJob


@dataclass(frozen=True, slots=True)
class Finish:
    """One claimed job's outcome, as ``JobStore.finish_many`` stores it: ``done``;
    ``reschedule`` (pending at ``due_at``, attempts back to 0, ``payload`` when given); ``retry``
    (pending at ``due_at`` with ``error``); ``dead`` (with ``error``)."""

    job_id: str
    token: str
    how: Literal["done", "reschedule", "retry", "dead"]
    due_at: datetime | None = None
    payload: dict[str, Any] | None = None
    error: str | None = None


class JobStore(Protocol):
    """Jobs, claimed with a lease.

    Every change to a claimed job (renew, complete, reschedule, fail, release) names the job and
    the lease token its claim returned, and changes nothing unless that lease still holds the
    job: a claimant whose lease expired and was taken over cannot overwrite the new claimant's
    result. Each call is one transaction, safe when several processes share the database.
    """

    async def enqueue(self, job: NewJob) -> Enqueued:
        """Store ``job``; with a dedupe key that a live job already has, store nothing and return
        that job (two processes enqueueing one key make one row)."""
        ...

    async def get(self, job_id: str) -> Job | None: ...

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
        """Lease up to ``limit`` jobs of ``kinds`` that are due at ``now`` (pending with due_at <= now,
        or running with an expired lease: its claimant crashed), oldest due first, skipping ids in
        ``exclude``. Each claim counts an attempt and returns the jobs with their lease token.
        A running job whose lease expired on its last attempt becomes dead instead."""
        ...

    async def renew(self, job_id: str, token: str, expires_at: datetime) -> bool:
        """Extend the lease of a long job; False when the lease was lost."""
        ...

    async def complete(self, job_id: str, token: str, now: datetime) -> bool: ...

    async def reschedule(
        self, job_id: str, token: str, due_at: datetime, payload: dict[str, Any] | None, now: datetime
    ) -> bool:
        """Pending again at ``due_at`` with attempts back to 0 (a recurring job's next run)."""
        ...

    async def fail(
        self, job_id: str, token: str, error: str, retry_at: datetime | None, now: datetime
    ) -> bool:
        """Record ``error``; pending again at ``retry_at``, or dead when it is None."""
        ...

    async def finish_many(self, finishes: Sequence[Finish], now: datetime) -> list[bool]:
        """Store the outcomes of jobs claimed together, in one transaction: each as
        ``complete``, ``reschedule`` or ``fail`` would, under its own lease (False: that lease
        was lost, nothing of it changed)."""
        ...

    async def release(self, job_id: str, token: str, now: datetime) -> bool:
        """Give the job back untouched (shutdown interrupted it): pending, this attempt uncounted."""
        ...
