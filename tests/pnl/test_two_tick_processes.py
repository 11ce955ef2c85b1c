"""Two `deskmate tick` processes at the same UTC midnight (a Monday), on one SQLite file and on
PostgreSQL (skipped when none answers): the snapshot job runs once and every account gets one
snapshot; each person who turned the weekly report on gets it once."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.wiring import build_app
from core.clock import FixedClock
from core.pnl.ports import SNAPSHOTS
from core.pnl.snapshots import ensure_snapshots
from core.pnl.weekly import WEEKLY_REPORTS, schedule_weekly
from core.tasks.audit import AuditEntry
from core.workspace.accounts import EXCHANGE_ACCOUNTS, NewExchangeAccount
from tests.storage.conftest import migrated_process_env, scratch_pg_database

pytestmark = pytest.mark.process  # starts other Python processes

REPO = Path(__file__).resolve().parents[2]
T0 = datetime(2030, 1, 6, 9, 0, tzinfo=UTC)
MIDNIGHT = "2030-01-07T00:00:00Z"
PEOPLE = 4


@pytest.fixture(params=["sqlite", "postgresql"])
def env(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[dict[str, str]]:
    if request.param == "sqlite":
        (tmp_path / "db").mkdir()
        yield from _env(f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}", monkeypatch, tmp_path)
    else:
        with scratch_pg_database() as url:
            yield from _env(url, monkeypatch, tmp_path)


def _env(url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[dict[str, str]]:
    yield migrated_process_env(url, monkeypatch, tmp_path)


async def _accounts() -> list[str]:
    app = await build_app(Settings(), clock=FixedClock(T0))
    try:
        await ensure_snapshots(app.jobs, T0)  # what the job runner does when it starts
        await ensure_snapshots(app.jobs, T0)  # and another process's runner: still one row
        ids = []
        for n in range(PEOPLE):
            owner = f"console:u{n}"
            audit = AuditEntry(owner, "test", T0, "test", "create", None, None, "ok")
            new = NewExchangeAccount(owner, "paper", "paper", {}, Decimal(1000 * (n + 1)), T0)
            ids.append((await app.skills.services.get(EXCHANGE_ACCOUNTS).create(new, audit)).id)
            await app.skills.services.get(WEEKLY_REPORTS).choose(owner, True, "en", T0)
            await schedule_weekly(app.jobs, owner, "en", T0)
        return ids
    finally:
        await app.aclose()


async def _snapshots(ids: list[str]) -> dict[str, list[tuple[str, Decimal]]]:
    app = await build_app(Settings())
    try:
        store = app.skills.services.get(SNAPSHOTS)
        return {i: [(s.day.isoformat(), s.equity) for s in await store.of(i)] for i in ids}
    finally:
        await app.aclose()


def test_two_processes_take_each_snapshot_once(env: dict[str, str]) -> None:
    ids = asyncio.run(_accounts())
    cmd = [sys.executable, "-m", "bot.cli", "tick", "--json", "--now", MIDNIGHT]
    procs = [subprocess.Popen(cmd, env=env, cwd=REPO, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [json.loads(p.communicate(timeout=180)[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    ran = [j for out in outs for j in out["jobs"] if j["kind"] == "pnl.snapshot"]
    assert len(ran) == 1 and ran[0]["outcome"] == "rescheduled"
    assert ran[0]["next_due"].startswith("2030-01-08T00:00:00")
    weekly = [j for out in outs for j in out["jobs"] if j["kind"] == "pnl.weekly"]
    assert len(weekly) == PEOPLE and {j["outcome"] for j in weekly} == {"rescheduled"}
    reports = [n for out in outs for n in out["notifications"] if n["kind"] == "pnl_weekly"]
    assert sorted(n["user"] for n in reports) == [f"u{n}" for n in range(PEOPLE)]
    found = asyncio.run(_snapshots(ids))
    assert found == {i: [("2030-01-07", Decimal(1000 * (n + 1)))] for n, i in enumerate(ids)}
