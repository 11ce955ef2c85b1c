"""Two processes on one database (SQLite file, PostgreSQL): the same names created at once are
each created once, and moving the default mark back and forth leaves exactly one default."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.strategies import SqlStrategies
from core.strategies import NewStrategy
from tests.fakes import NOW
from tests.strategies.conftest import migrated
from tests.strategies.store_worker import PARAMS
from tests.strategies.test_store import A, audit

pytestmark = pytest.mark.process  # starts other Python processes

ROOT = Path(__file__).resolve().parents[2]
NAMES = [f"dca {i}" for i in range(15)]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return migrated(request.param, request, tmp_path)


def race(tmp_path: Path, url: str, *argvs: list[str]) -> list[dict[str, list[str]]]:
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.strategies.store_worker", url, str(go), *argv],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for argv in argvs
    ]
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("go.ready.*"))) < len(procs) and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()  # both are ready: let them go together
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        outs.append(json.loads(out))
    return outs


async def stored(url: str) -> list[tuple[str, bool]]:
    engine = create_engine(url)
    try:
        return [(s.name, s.is_default) for s in await SqlStrategies(engine).owned(A)]
    finally:
        await engine.dispose()


def test_two_processes_create_the_same_names(tmp_path: Path, url: str) -> None:
    first, second = race(tmp_path, url, ["create", A, *NAMES], ["create", A, *NAMES])
    assert sorted(first["done"] + second["done"]) == sorted(NAMES)  # each name created once
    assert sorted(first["refused"] + second["refused"]) == sorted(NAMES)  # and refused once
    rows = asyncio.run(stored(url))
    assert sorted(n for n, _ in rows) == sorted(NAMES)
    assert sum(d for _, d in rows) == 1  # every create asked for the mark; one holds it


def test_two_processes_move_the_default(tmp_path: Path, url: str) -> None:
    async def seed() -> list[str]:
        engine = create_engine(url)
        try:
            store = SqlStrategies(engine)
            return [(await store.create(NewStrategy(A, n, PARAMS, NOW), audit(A))).id for n in NAMES[:4]]
        finally:
            await engine.dispose()

    ids = asyncio.run(seed())
    first, second = race(tmp_path, url, ["mark", A, "25", *ids], ["mark", A, "25", *reversed(ids)])
    assert len(first["done"]) == len(second["done"]) == 25
    assert sum(d for _, d in asyncio.run(stored(url))) == 1
