"""`deskmate ask` processes sharing a conversation on the local PostgreSQL server, end to end as a
scaled-out deployment runs (the turn-by-turn races are in test_two_processes.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adapters.storage import migrate
from tests.reliability.harness import REPO
from tests.storage.conftest import scratch_pg_database

pytestmark = pytest.mark.process  # starts other Python processes


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    with scratch_pg_database() as url:
        migrate.upgrade(url)
        yield url


def start(pg_url: str, tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": pg_url,
        "DESKMATE_MARKET": "demo",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
    }
    cmd = [sys.executable, "-m", "bot.cli", "ask", "--json", "--out", str(tmp_path / "out"), *args]
    return subprocess.Popen(cmd, env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def result(proc: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    answer: dict[str, Any] = json.loads(out)
    return answer


def test_two_ask_processes_share_a_conversation_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    chose, quoted = (
        start(pg_url, tmp_path, "--chat", "shared", "/lang zh"),
        start(pg_url, tmp_path, "--chat", "shared", "BTC price"),
    )
    assert result(chose)["locale"] == "zh"
    assert result(quoted)["blocks"][0]["type"] == "quote"
    # Whichever finished last, the choice stands: the next turn, in a third process, is in Chinese.
    assert result(start(pg_url, tmp_path, "--chat", "shared", "ETH price"))["locale"] == "zh"
