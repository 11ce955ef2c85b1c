"""A second (third, ...) deskmate process for the multi-process job tests.

    python -m tests.storage.job_worker URL MODE OUT [GO]

- ``drain``: say it is ready (OUT with suffix .ready), wait until the file GO exists (so racing
  processes start together), then run every due "race.mark" job once (JobRunner.run_due);
  each execution appends a line "<job id>" to OUT and ends once another OUT file beside it
  (another racer's) has a line.
- ``enqueue``: after the same start signal, enqueue 20 jobs with one dedupe key; append a line
  "<job id> <created>" to OUT for each.
- ``hang``: claim "race.mark" jobs and hang inside the handler after appending
  a line "<job id> <lease token>" to OUT: a claimant that the test kills mid-job.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from adapters.storage.engine import create_engine
from adapters.storage.jobs import SqlJobStore
from core.clock import SystemClock
from core.jobs import DONE, Job, JobContext, JobKind, JobKinds, JobResult, JobRunner, RunnerConfig
from core.outbound.memory import MemoryDeliveryLog
from core.outbound.service import PlatformRouter, RecordedOutbound

KIND = "race.mark"


async def main(url: str, mode: str, out: Path) -> None:
    async def mark(job: Job, ctx: JobContext) -> JobResult:
        with out.open("a") as f:
            f.write(f"{job.id}\n")
        await asyncio.sleep(0.002)  # let the other process's claims interleave with ours
        await other_has_run_one(out)
        return DONE

    async def hang(job: Job, ctx: JobContext) -> JobResult:
        with out.open("a") as f:
            f.write(f"{job.id} {job.lease_token}\n")
        await asyncio.Event().wait()
        return DONE

    engine = create_engine(url)
    store = SqlJobStore(engine)
    clock = SystemClock()
    kind = JobKind(KIND, mark if mode == "drain" else hang, timeout=600)
    outbound = RecordedOutbound(PlatformRouter(), MemoryDeliveryLog(), clock)
    runner = JobRunner(store, JobKinds([kind]), outbound, clock, RunnerConfig(lease_seconds=2, concurrency=4))
    try:
        if mode == "enqueue":
            for _ in range(20):
                enqueued = await runner.queue.enqueue(KIND, {}, dedupe_key="race:one-key")
                with out.open("a") as f:
                    f.write(f"{enqueued.job_id} {enqueued.created}\n")
            return
        await runner.run_due()
    finally:
        await store.close()
        await engine.dispose()


async def other_has_run_one(out: Path, limit: float = 30.0) -> None:
    """Hold a job until a racing process has run one too (another OUT file beside ours has a
    line), for at most ``limit`` seconds. A process that started first could otherwise drain
    every job before the other made its first claim (its claims take up to 32 at once): both then
    take part in the race however the machine schedules their starts. The held jobs' leases are
    renewed by their runner like any running job's."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if any(p != out and p.stat().st_size > 0 for p in out.parent.glob("*.txt")):
            return
        await asyncio.sleep(0.005)


def wait_for_go(out: Path, go: Path) -> None:
    """Say this process is up, then wait for the test to start the race."""
    out.with_suffix(".ready").touch()
    while not go.exists():
        time.sleep(0.005)


if __name__ == "__main__":
    url, mode, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    if len(sys.argv) > 4:
        wait_for_go(out, Path(sys.argv[4]))
    asyncio.run(main(url, mode, out))
