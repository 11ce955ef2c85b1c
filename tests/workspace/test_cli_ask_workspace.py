"""The create / delete flows across separate `deskmate ask` processes (a private chat).

Each step is a new Python process that builds the app from the environment, so the task state,
the single-use confirmation tokens and the secret key all have to survive through the database
and the data directory. Needs the workspace wired into bot/wiring.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.workspace.conftest import API_KEY, API_SECRET, masked

pytestmark = pytest.mark.process  # starts other Python processes

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def ask(tmp_path: Path) -> Callable[..., dict[str, Any]]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}",
        "DESKMATE_MARKET": "demo",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
    }

    def run(*args: str) -> dict[str, Any]:
        cmd = [sys.executable, "-m", "bot.cli", "ask", "--json", "--chat", "c1", "--user", "u1", *args]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=REPO)
        assert proc.returncode == 0, proc.stderr
        for secret in (API_KEY, API_SECRET):
            assert secret not in proc.stderr  # logs of any level
        out: dict[str, Any] = json.loads(proc.stdout)
        return out

    return run


def notice_codes(out: dict[str, Any]) -> list[str]:
    return [b["code"] for b in out["blocks"] if b["type"] == "notice"]


def test_create_then_delete_across_processes(ask: Callable[..., dict[str, Any]], tmp_path: Path) -> None:
    first = ask("添加一个币安交易所账户")
    assert first["status"] == "needs_input" and notice_codes(first) == ["ask_name"]
    assert first["route"]["skill"] == "exchange_management" and first["route"]["action"] == "create"
    assert notice_codes(ask("主账户")) == ["ask_api_key"]
    assert notice_codes(ask(API_KEY)) == ["ask_api_secret"]
    done = ask(API_SECRET)
    assert done["status"] == "completed" and notice_codes(done) == ["account_created"]
    (details,) = [b for b in done["blocks"] if b["type"] == "details"]
    assert ["API Key", masked(API_KEY)] in details["rows"]
    assert API_KEY not in json.dumps(done) and API_SECRET not in json.dumps(done)

    confirm = ask("删除交易所 主账户")
    assert confirm["status"] == "awaiting_confirmation"
    token = next(b["token"] for b in confirm["buttons"] if b["label"] == "确认删除")
    deleted = ask("--press", token)
    assert notice_codes(deleted) == ["account_deleted"]
    again = ask("--press", token)
    assert again["status"] == "failed" and notice_codes(again) == ["button_used"]

    raw = b"".join(p.read_bytes() for p in (tmp_path / "db").iterdir() if p.is_file())
    assert API_KEY.encode() not in raw and API_SECRET.encode() not in raw
    assert (tmp_path / "data" / "secret.key").stat().st_mode & 0o777 == 0o600
