"""Two `deskmate ask` processes on one database and one (scripted) Binance: a ban seen by the
first is respected by the second, which sends no request, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.adapters.binance_server import Answer, BinanceServer
from tests.storage.conftest import BACKENDS, scratch_pg_database

pytestmark = pytest.mark.process  # starts other Python processes


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}"
    else:
        with scratch_pg_database() as url:
            yield url


def ask(tmp_path: Path, database_url: str, binance: str, text: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env |= {
        "DESKMATE_DATABASE_URL": database_url,
        "DESKMATE_MARKET": "binance",
        "DESKMATE_BINANCE__BASE_URL": binance,
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
    }
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "ask", "--json", text],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_a_ban_seen_by_one_process_is_respected_by_the_next(tmp_path: Path, database_url: str) -> None:
    with BinanceServer() as binance:
        # Banned: whatever reaches Binance is refused (the quote and the 24-hour change go out
        # together, so one answer queued for the first request would let the other through).
        banned = Answer(418, {"code": -1003, "msg": "banned"}, {"Retry-After": "99999999999"})
        binance.add(banned, banned)

        first = ask(tmp_path, database_url, binance.base_url, "BTC price")
        # The quote and its 24-hour change go out together, both before the ban is known.
        asked_by_the_first = len(binance.requests)
        second = ask(tmp_path, database_url, binance.base_url, "ETH price")

    for out in (first, second):
        assert out["status"] == "failed"
        assert [b["code"] for b in out["blocks"]] == ["market_blocked"]
        assert "try again in 5 min" in out["text"]
        assert "99999999999" not in out["text"]
    assert 1 <= asked_by_the_first <= 2
    assert len(binance.requests) == asked_by_the_first  # the second process asked nobody
