"""The scheduled clean-up: one recurring job removes the rows past their retention
(adapters/storage/retention.py says what is kept and for how long)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Final

from core.jobs import Job, JobContext, JobKind, JobQueue, JobResult, Reschedule

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger(__name__)

RETENTION_JOB: Final = "storage.retention"
EVERY = timedelta(hours=6)  # the tables stay within a quarter of a day of their retention


def retention_kind(engine: AsyncEngine) -> JobKind:
    async def run(job: Job, ctx: JobContext) -> JobResult:
        from adapters.storage.retention import remove_expired

        removed = await remove_expired(engine, ctx.now)
        log.info("retention: removed %s", ", ".join(f"{n} {t}" for t, n in removed.items() if n) or "nothing")
        return Reschedule(ctx.now + EVERY)

    return JobKind(RETENTION_JOB, run, timeout=600.0, max_attempts=5)


async def ensure_retention(queue: JobQueue, now: datetime) -> None:
    """The one clean-up job, queued if none is live (its dedupe key keeps it one row); the first
    run comes one period after the first start."""
    await queue.enqueue(RETENTION_JOB, {}, due_at=now + EVERY, dedupe_key=RETENTION_JOB)
