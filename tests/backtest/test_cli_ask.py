"""`deskmate ask --json` as shipped (bot.wiring: the cached, guarded market, the SQL kline cache,
the picture): the backtest block with the issue's fields, its picture written, and the same window
asked again in another process served from the database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.process  # starts other Python processes

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def ask(tmp_path: Path) -> Callable[[str], dict[str, Any]]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}",
        "DESKMATE_MARKET": "demo",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
    }

    def run(text: str) -> dict[str, Any]:
        cmd = [sys.executable, "-m", "bot.cli", "ask", "--json", "--out", str(tmp_path / "out"), text]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=180, cwd=REPO)
        assert proc.returncode == 0, proc.stderr
        out: dict[str, Any] = json.loads(proc.stdout)
        return out

    return run


def test_a_backtest_through_the_shipped_app(ask: Callable[[str], dict[str, Any]]) -> None:
    out = ask("回测一下每天买50U的BTC定投，过去90天")
    assert out["route"]["skill"] == "backtest" and out["status"] == "completed"
    [block] = [b for b in out["blocks"] if b["type"] == "backtest"]
    assert block["params"] == {"quote_amount": "50", "interval": "1d"}
    assert (block["interval"], block["candles"], block["trades"]["buys"]) == ("1d", 90, 90)
    assert block["demo"] is True and set(block["final"]) == {"cash", "holdings", "equity"}
    [image] = [b for b in out["blocks"] if b["type"] == "image"]
    assert Path(image["path"]).read_bytes().startswith(b"\x89PNG")
    again = ask("回测一下每天买100U的BTC定投，过去90天")  # another process: the window is in the database
    [second] = [b for b in again["blocks"] if b["type"] == "backtest"]
    assert second["candles"] == 90 and second["params"]["quote_amount"] == "100"
