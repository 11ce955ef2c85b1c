"""The background job runtime (platform-free): jobs, their kinds and handlers, the store port,
backoff, and the runner. Storage lives in adapters.storage.jobs; the runner is started by the
composition root (bot/jobs.py)."""

from core.jobs.backoff import Backoff
from core.jobs.kinds import JobContext, JobHandler, JobKind, JobKinds
from core.jobs.model import DONE, Done, Enqueued, Job, JobResult, JobStatus, NewJob, Reschedule, Retry
from core.jobs.ports import JobStore
from core.jobs.queue import JOBS, JobQueue
from core.jobs.runner import JobOutcome, JobRun, JobRunner, RunnerConfig

__all__ = [
    "DONE",
    "JOBS",
    "Backoff",
    "Done",
    "Enqueued",
    "Job",
    "JobContext",
    "JobHandler",
    "JobKind",
    "JobKinds",
    "JobOutcome",
    "JobQueue",
    "JobResult",
    "JobRun",
    "JobRunner",
    "JobStatus",
    "JobStore",
    "NewJob",
    "Reschedule",
    "Retry",
    "RunnerConfig",
]
