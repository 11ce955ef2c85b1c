"""Several deskmate processes started at once on a fresh database: every one starts (migrations
are serialized), they agree on one secret key, and the schema ends at head. SQLite and PostgreSQL."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import subprocess
import sys
from collections.abc import Iterator
from multiprocessing.synchronize import Barrier as BarrierType
from pathlib import Path

import pytest

from adapters.storage import migrate
from tests.storage.conftest import BACKENDS, scratch_pg_database

pytestmark = pytest.mark.process  # starts other Python processes

PROCESSES = 4


@pytest.fixture(params=BACKENDS)
def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'data' / 'deskmate.db'}"
    else:
        with scratch_pg_database() as url:
            yield url


def start_together(tmp_path: Path, url: str, argv: list[str]) -> list[subprocess.CompletedProcess[str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env |= {"DESKMATE_DATABASE_URL": url, "DESKMATE_DATA_DIR": str(tmp_path / "data")}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "bot.cli", *argv],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        results.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
    return results


def test_processes_started_together_on_a_fresh_database_all_start(tmp_path: Path, fresh_url: str) -> None:
    results = start_together(tmp_path, fresh_url, ["ask", "--json", "BTC price"])

    for result in results:
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["status"] == "completed"
    assert migrate.current(fresh_url) == migrate.head()
    keys = (tmp_path / "data" / "secret.key").read_text().split()
    assert len(keys) == 1  # one key, agreed by all


def _upgrade_at_the_barrier(url: str, barrier: BarrierType) -> None:
    barrier.wait()
    migrate.upgrade(url)


@pytest.mark.parametrize("backend", BACKENDS)
def test_upgrades_released_at_the_same_instant_all_succeed(tmp_path: Path, backend: str) -> None:
    """Separate processes released by one barrier, so the upgrades really collide (start-up
    jitter of whole `deskmate` processes often hides the race). Threads would not do: Alembic's
    context is process-global."""
    ctx = multiprocessing.get_context("spawn")
    for attempt in range(2):
        with contextlib.ExitStack() as stack:
            if backend == "sqlite":
                url = f"sqlite+aiosqlite:///{tmp_path / str(attempt) / 'deskmate.db'}"
            else:
                url = stack.enter_context(scratch_pg_database())
            barrier = ctx.Barrier(PROCESSES)
            procs = [
                ctx.Process(target=_upgrade_at_the_barrier, args=(url, barrier)) for _ in range(PROCESSES)
            ]
            for proc in procs:
                proc.start()
            for proc in procs:
                proc.join(120)
            assert [p.exitcode for p in procs] == [0] * PROCESSES  # a failed upgrade exits 1
            assert migrate.current(url) == migrate.head()
