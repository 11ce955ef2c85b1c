"""Job runners as real OS processes sharing one database (SQLite file, PostgreSQL): each job runs
exactly once when two race, and a runner killed mid-job loses its job to the next runner after
the lease expires, without its late result counting."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.jobs import SqlJobStore
from core.clock import FixedClock, SystemClock
from core.jobs import DONE, Job, JobContext, JobKind, JobKinds, JobOutcome, JobResult, JobRunner, JobStatus
from core.jobs.model import NewJob
from core.outbound.memory import MemoryDeliveryLog
from core.outbound.service import PlatformRouter, RecordedOutbound
from tests.storage.job_worker import KIND

pytestmark = pytest.mark.process  # starts other Python processes

REPO = Path(__file__).resolve().parents[2]
JOBS = 80


def spawn(url: str, mode: str, out: Path, go: Path | None = None) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "tests.storage.job_worker", url, mode, str(out)]
    if go is not None:
        args.append(str(go))
    return subprocess.Popen(args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(condition: object, within: float = 60.0) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.01)
    raise AssertionError("condition not met in time")


def lines(path: Path) -> list[str]:
    return path.read_text().split("\n")[:-1] if path.exists() else []


async def enqueue(url: str, n: int) -> list[str]:
    engine = create_engine(url)
    store = SqlJobStore(engine)
    now = SystemClock().now()
    try:
        return [
            (await store.enqueue(NewJob(KIND, {"i": i}, now - timedelta(seconds=1), 3, now))).job_id
            for i in range(n)
        ]
    finally:
        await store.close()
        await engine.dispose()


async def jobs_of(url: str, ids: list[str]) -> list[Job]:
    engine = create_engine(url)
    store = SqlJobStore(engine)
    try:
        return [job for i in ids if (job := await store.get(i)) is not None]
    finally:
        await store.close()
        await engine.dispose()


def test_two_runner_processes_run_each_job_exactly_once(db_url: str, tmp_path: Path) -> None:
    ids = asyncio.run(enqueue(db_url, JOBS))
    go = tmp_path / "go"
    outs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    procs = [spawn(db_url, "drain", out, go) for out in outs]
    try:
        wait_for(lambda: all(out.with_suffix(".ready").exists() for out in outs))
        go.touch()  # both processes are up: let them race
        for proc in procs:
            _, stderr = proc.communicate(timeout=120)
            assert proc.returncode == 0, stderr
    finally:
        for proc in procs:
            proc.kill()

    ran = [lines(out) for out in outs]
    executions = Counter(job_id for per_process in ran for job_id in per_process)
    assert set(executions) == set(ids)  # every job ran ...
    assert max(executions.values()) == 1  # ... exactly once
    assert all(ran), [len(r) for r in ran]  # and both processes took part in the race
    jobs = asyncio.run(jobs_of(db_url, ids))
    assert {j.status for j in jobs} == {JobStatus.DONE}
    assert {j.attempts for j in jobs} == {1}


def test_a_killed_claimant_s_job_runs_once_after_its_lease_and_its_late_result_is_refused(
    db_url: str, tmp_path: Path
) -> None:
    ids = asyncio.run(enqueue(db_url, 3))
    out = tmp_path / "hung.txt"
    proc = spawn(db_url, "hang", out)
    try:
        wait_for(lambda: len(lines(out)) == 3)  # all three handlers are running in the worker
    finally:
        proc.kill()  # SIGKILL mid-job: no cleanup, no release
        proc.communicate(timeout=30)
    stale = dict(line.split(" ") for line in lines(out))
    assert set(stale) == set(ids)

    async def restart() -> None:
        engine = create_engine(db_url)
        store = SqlJobStore(engine)
        executed: list[str] = []

        async def mark(job: Job, ctx: JobContext) -> JobResult:
            executed.append(job.id)
            return DONE

        kinds = JobKinds([JobKind(KIND, mark)])
        try:
            now = SystemClock().now()
            for job in await asyncio.gather(*(store.get(i) for i in ids)):
                assert job is not None and job.status is JobStatus.RUNNING and job.attempts == 1

            def runner(clock: FixedClock) -> JobRunner:
                outbound = RecordedOutbound(PlatformRouter(), MemoryDeliveryLog(), clock)
                return JobRunner(store, kinds, outbound, clock)

            # Restarted while the dead claimant's lease still runs: nothing to take over yet.
            assert await runner(FixedClock(now)).run_due() == []
            # After the lease (2 s in the worker): each job runs once more, here.
            runs = await runner(FixedClock(now + timedelta(seconds=5))).run_due()
            assert sorted(r.job_id for r in runs) == sorted(ids)
            assert {r.outcome for r in runs} == {JobOutcome.DONE}
            assert sorted(executed) == sorted(ids)

            # The killed claimant "comes back" with its old lease: refused.
            later = now + timedelta(seconds=6)
            for job_id, token in stale.items():
                assert not await store.complete(job_id, token, later)
                assert not await store.fail(job_id, token, "late", None, later)
            for job in await asyncio.gather(*(store.get(i) for i in ids)):
                assert job is not None and job.status is JobStatus.DONE and job.attempts == 2
        finally:
            await store.close()
            await engine.dispose()

    asyncio.run(restart())


def test_two_processes_enqueueing_one_dedupe_key_make_one_job(db_url: str, tmp_path: Path) -> None:
    go = tmp_path / "go"
    outs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    procs = [spawn(db_url, "enqueue", out, go) for out in outs]
    try:
        wait_for(lambda: all(out.with_suffix(".ready").exists() for out in outs))
        go.touch()
        for proc in procs:
            _, stderr = proc.communicate(timeout=120)
            assert proc.returncode == 0, stderr
    finally:
        for proc in procs:
            proc.kill()

    results = [line.split(" ") for out in outs for line in lines(out)]
    assert len(results) == 40
    assert len({job_id for job_id, _ in results}) == 1  # everyone got the same job ...
    assert [created for _, created in results].count("True") == 1  # ... which one of them created
