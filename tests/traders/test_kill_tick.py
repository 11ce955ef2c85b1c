"""A tick process killed after its order and before its record (SQLite file and PostgreSQL):
the job's lease expires, the next runner finds the recorded decision and places the same leg
under the same client order id — one order, one fill notice, the tick recorded once."""

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


def _tick(env: dict[str, str], at: str, module: str = "bot.cli") -> subprocess.CompletedProcess[str]:
    args = [at] if module != "bot.cli" else ["tick", "--json", "--now", at]
    return subprocess.run(
        [sys.executable, "-m", module, *args], env=env, cwd=REPO, capture_output=True, text=True, timeout=120
    )


def test_a_tick_killed_after_its_order_completes_once_after_the_lease(env: dict[str, str]) -> None:
    start_trader(dca(amount="50", interval="1d"))
    at = T0.isoformat()
    killed = _tick(env, at, "tests.traders.kill_worker")
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
