"""A tick process killed at its worst moments (SQLite file and PostgreSQL), each order and each
tick recorded once:
- a tick on the pending-decision path (a live account's, a grid crossing several levels),
  killed after its order and before its record: the job's lease expires, the next runner finds
  the recorded decision and places the same leg under the same client order id — one order, one
  fill notice, the tick recorded once;
- a paper tick recorded in one transaction (its decision, order and counters), killed before
  that transaction commits: nothing of it is left, and the next runner places it once;
- the same killed after it commits, before the owner is told and the job rescheduled: the next
  runner finds the tick done and only reschedules (no second order). The fill notice is lost
  then: a notice is sent at most once (as a kill between the record and the notice did before).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from adapters.storage import migrate
from tests.storage.conftest import scratch_pg_database
from tests.traders.conftest import dca
from tests.traders.test_tick_cli import T0, start_trader, stored

pytestmark = pytest.mark.process  # starts other Python processes

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "postgresql"])
def env(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[dict[str, str]]:
    def setup(url: str) -> dict[str, str]:
        migrate.upgrade(url)
        values = {
            "DESKMATE_DATABASE_URL": url,
            "DESKMATE_DATA_DIR": str(tmp_path / "data"),
            "DESKMATE_SECRET_KEY": Fernet.generate_key().decode(),
        }
        for name in list(os.environ):
            if name.startswith("DESKMATE_"):
                monkeypatch.delenv(name)
        for key, value in values.items():
            monkeypatch.setenv(key, value)
        monkeypatch.chdir(tmp_path)
        base = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
        return base | values | {"PYTHONPATH": str(REPO)}

    if request.param == "sqlite":
        yield setup(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")
    else:
        with scratch_pg_database() as url:
            yield setup(url)


def _tick(
    env: dict[str, str], at: str, module: str = "bot.cli", *more: str
) -> subprocess.CompletedProcess[str]:
    args = [at, *more] if module != "bot.cli" else ["tick", "--json", "--now", at]
    return subprocess.run(
        [sys.executable, "-m", module, *args], env=env, cwd=REPO, capture_output=True, text=True, timeout=120
    )


def test_a_tick_killed_after_its_order_completes_once_after_the_lease(env: dict[str, str]) -> None:
    start_trader(dca(amount="50", interval="1d"))
    at = T0.isoformat()
    killed = _tick(env, at, "tests.traders.kill_worker", "finish")
    assert killed.returncode == 9
    assert len(stored("trades")) == 1  # the order went through
    [pending] = stored("decisions")
    assert pending.status == "pending"

    assert json.loads(_tick(env, at).stdout)["jobs"] == []  # its lease still holds
    later = (T0 + timedelta(seconds=61)).isoformat()
    out = json.loads(_tick(env, later).stdout)
    assert [j["outcome"] for j in out["jobs"]] == ["rescheduled"]
    assert [n["kind"] for n in out["notifications"]] == ["fill"]
    assert len(stored("trades")) == 1  # not placed a second time
    [done] = stored("decisions")
    assert done.status == "done" and done.outcomes[0].status == "filled"


def test_a_paper_tick_killed_inside_its_one_transaction_leaves_nothing_and_runs_once_later(
    env: dict[str, str],
) -> None:
    start_trader(dca(amount="50", interval="1d"))
    at = T0.isoformat()
    killed = _tick(env, at, "tests.traders.kill_worker", "record")
    assert killed.returncode == 9
    assert stored("trades") == [] and stored("decisions") == []  # its order rows went with it

    assert json.loads(_tick(env, at).stdout)["jobs"] == []  # its lease still holds
    later = (T0 + timedelta(seconds=61)).isoformat()
    out = json.loads(_tick(env, later).stdout)
    assert [j["outcome"] for j in out["jobs"]] == ["rescheduled"]
    assert [n["kind"] for n in out["notifications"]] == ["fill"]
    assert len(stored("trades")) == 1
    [done] = stored("decisions")
    assert done.status == "done" and done.outcomes[0].status == "filled"


def test_a_paper_tick_killed_after_its_one_transaction_is_not_run_again(env: dict[str, str]) -> None:
    start_trader(dca(amount="50", interval="1d"))
    at = T0.isoformat()
    killed = _tick(env, at, "tests.traders.kill_worker", "recorded")
    assert killed.returncode == 9
    assert len(stored("trades")) == 1
    [done] = stored("decisions")
    assert done.status == "done" and done.outcomes[0].status == "filled"

    later = (T0 + timedelta(seconds=61)).isoformat()
    out = json.loads(_tick(env, later).stdout)
    assert [j["outcome"] for j in out["jobs"]] == ["rescheduled"]  # only the reschedule was lost
    assert out["notifications"] == []  # at most once: the killed process had not told yet
    assert len(stored("trades")) == 1
    assert len(stored("decisions")) == 1
