"""Enqueueing jobs: what skills and handlers call (the kind's defaults filled in, the payload
checked to be JSON)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Final

from core.clock import Clock
from core.jobs.kinds import JobKinds
from core.jobs.model import Enqueued, NewJob
from core.jobs.ports import JobStore
from core.services import ServiceKey


class JobQueue:
    """Where skills queue background work (services key JOBS)."""

    def __init__(self, store: JobStore, kinds: JobKinds, clock: Clock) -> None:
        self.store = store
        self.kinds = kinds
        self._clock = clock

    async def enqueue(
        self,
        kind: str,
        payload: dict[str, Any] | None = None,
        *,
        due_at: datetime | None = None,
        owner: str | None = None,
        dedupe_key: str | None = None,
        max_attempts: int | None = None,
    ) -> Enqueued:
        """Queue a job of a registered ``kind``, due now unless ``due_at`` says later. With a
        ``dedupe_key``, a live job with that key is returned instead of a second one."""
        spec = self.kinds.get(kind)
        if spec is None:
            raise ValueError(f"no job kind {kind!r} is registered")
        payload = dict(payload or {})
        # Strict JSON now: a payload that would not survive the round trip fails here, not in a runner.
        json.dumps(payload, allow_nan=False)
        if max_attempts is not None and max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if due_at is not None and due_at.tzinfo is None:
            raise ValueError("due_at must be an aware datetime")
        now = self._clock.now()
        job = NewJob(
            kind=kind,
            payload=payload,
            due_at=due_at or now,
            max_attempts=max_attempts or spec.max_attempts,
            created_at=now,
            owner=owner,
            dedupe_key=dedupe_key,
        )
        return await self.store.enqueue(job)


JOBS: Final = ServiceKey[JobQueue]("job queue")
