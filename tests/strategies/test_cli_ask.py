"""A strategy across separate `deskmate ask --json` processes: the route a message takes, the
grid asked one value at a time, and the delete confirmed, all through the SQL store."""

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
        cmd = [sys.executable, "-m", "bot.cli", "ask", "--json", "--chat", "c1", "--user", "u1", text]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=REPO)
        assert proc.returncode == 0, proc.stderr
        out: dict[str, Any] = json.loads(proc.stdout)
        return out

    return run


def codes(out: dict[str, Any]) -> list[str]:
    return [b["code"] for b in out["blocks"] if b["type"] == "notice"]


def test_a_grid_across_processes(ask: Callable[[str], dict[str, Any]]) -> None:
    first = ask("make a grid strategy for ETH between 3000 and 4000")
    assert first["route"] == {
        "skill": "strategy_management",
        "action": "create",
        "slots": {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000"},
        "by": "rule",
    }
    assert first["status"] == "needs_input" and codes(first) == ["ask_grids"]
    assert codes(ask("10")) == ["ask_quote_per_grid"]
    done = ask("50")
    assert done["status"] == "completed" and codes(done) == ["strategy_created", "strategy_default"]
    assert done["route"]["slots"]["name"] == "ETH grid"
    confirm = ask("删除策略 ETH grid")
    assert confirm["status"] == "awaiting_confirmation"
    deleted = ask("确认")
    assert codes(deleted) == ["strategy_deleted"]
    assert codes(ask("我的策略")) == ["no_strategies"]
