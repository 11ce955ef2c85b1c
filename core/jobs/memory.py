"""An in-memory JobStore with the SQL store's semantics: for unit tests. Not persistent."""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from core.jobs.model import LIVE_STATUSES, Enqueued, Job, JobStatus, NewJob
from core.jobs.ports import Finish

LEASE_EXPIRED_ERROR = "lease expired: the runner stopped before finishing its last attempt"


class MemoryJobStore:
    def __init__(self) -> None:
        self.jobs: dict[str, Job] = {}
        self.enqueued = 0  # enqueue calls so far (JobRunner.run_due reads it)

    async def enqueue(self, job: NewJob) -> Enqueued:
        self.enqueued += 1
        if job.dedupe_key is not None:
            for existing in self.jobs.values():
                if existing.dedupe_key == job.dedupe_key and existing.status in LIVE_STATUSES:
                    return Enqueued(existing.id, created=False)
        job_id = uuid.uuid4().hex
        self.jobs[job_id] = Job(
            id=job_id,
            kind=job.kind,
            payload=_copy(job.payload),
            status=JobStatus.PENDING,
            due_at=job.due_at,
            attempts=0,
            max_attempts=job.max_attempts,
            created_at=job.created_at,
            updated_at=job.created_at,
            owner=job.owner,
            dedupe_key=job.dedupe_key,
        )
        return Enqueued(job_id, created=True)

    async def get(self, job_id: str) -> Job | None:
        job = self.jobs.get(job_id)
        return replace(job, payload=_copy(job.payload)) if job is not None else None

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
        for job in list(self.jobs.values()):
            if _expired(job, now) and job.kind in kinds and job.attempts >= job.max_attempts:
                self.jobs[job.id] = _unleased(job, now, status=JobStatus.DEAD, last_error=LEASE_EXPIRED_ERROR)
        due = sorted(
            (
                j
                for j in self.jobs.values()
                if j.kind in kinds
                and j.id not in exclude
                and j.attempts < j.max_attempts
                and ((j.status is JobStatus.PENDING and j.due_at <= now) or _expired(j, now))
            ),
            key=lambda j: (j.due_at, j.created_at, j.id),
        )[:limit]
        token = secrets.token_hex(16)
        claimed = []
        for job in due:
            leased = replace(
                job,
                status=JobStatus.RUNNING,
                attempts=job.attempts + 1,
                lease_owner=owner,
                lease_token=token,
                lease_expires_at=now + lease,
                updated_at=now,
            )
            self.jobs[job.id] = leased
            claimed.append(replace(leased, payload=_copy(leased.payload)))
        return claimed

    async def renew(self, job_id: str, token: str, expires_at: datetime) -> bool:
        job = self._leased(job_id, token)
        if job is None:
            return False
        self.jobs[job_id] = replace(job, lease_expires_at=expires_at)
        return True

    async def complete(self, job_id: str, token: str, now: datetime) -> bool:
        return self._finish(job_id, token, now, status=JobStatus.DONE)

    async def reschedule(
        self, job_id: str, token: str, due_at: datetime, payload: dict[str, Any] | None, now: datetime
    ) -> bool:
        changes: dict[str, Any] = {"due_at": due_at, "attempts": 0, "last_error": None}
        if payload is not None:
            changes["payload"] = _copy(payload)
        return self._finish(job_id, token, now, status=JobStatus.PENDING, **changes)

    async def fail(
        self, job_id: str, token: str, error: str, retry_at: datetime | None, now: datetime
    ) -> bool:
        if retry_at is None:
            return self._finish(job_id, token, now, status=JobStatus.DEAD, last_error=error)
        return self._finish(job_id, token, now, status=JobStatus.PENDING, due_at=retry_at, last_error=error)

    async def release(self, job_id: str, token: str, now: datetime) -> bool:
        job = self._leased(job_id, token)
        if job is None:
            return False
        return self._finish(job_id, token, now, status=JobStatus.PENDING, attempts=max(job.attempts - 1, 0))

    async def finish_many(self, finishes: Sequence[Finish], now: datetime) -> list[bool]:
        before = dict(self.jobs)  # all or nothing, as the SQL store's one transaction
        kept = []
        try:
            for f in finishes:
                if f.how == "done":
                    kept.append(await self.complete(f.job_id, f.token, now))
                elif f.how == "reschedule":
                    assert f.due_at is not None
                    kept.append(await self.reschedule(f.job_id, f.token, f.due_at, f.payload, now))
                else:
                    kept.append(await self.fail(f.job_id, f.token, f.error or "", f.due_at, now))
        except BaseException:
            self.jobs = before
            raise
        return kept

    def _leased(self, job_id: str, token: str) -> Job | None:
        job = self.jobs.get(job_id)
        if job is None or job.status is not JobStatus.RUNNING or job.lease_token != token:
            return None
        return job

    def _finish(self, job_id: str, token: str, now: datetime, **changes: Any) -> bool:
        job = self._leased(job_id, token)
        if job is None:
            return False
        self.jobs[job_id] = _unleased(job, now, **changes)
        return True


def _expired(job: Job, now: datetime) -> bool:
    return (
        job.status is JobStatus.RUNNING and job.lease_expires_at is not None and job.lease_expires_at <= now
    )


def _unleased(job: Job, now: datetime, **changes: Any) -> Job:
    return replace(job, lease_owner=None, lease_token=None, lease_expires_at=None, updated_at=now, **changes)


def _copy(payload: dict[str, Any]) -> dict[str, Any]:
    """A JSON round trip, as the database does: nothing stored aliases a caller's object."""
    copied: dict[str, Any] = json.loads(json.dumps(payload))
    return copied
