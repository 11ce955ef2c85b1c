"""The daily summary is its own job, one per owner per UTC day (SQLite file and PostgreSQL): two
traders with the summary on queue one job on their first tick of a day, due at the next UTC
midnight; two `deskmate tick` processes running at that midnight send one message, with a line
per trader (that day's decisions, orders and fills; the run's P&L), and none again after."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest

from bot.settings import Settings
from bot.wiring import build_app
from core.clock import FixedClock
from core.strategies import STRATEGIES, NewStrategy
from core.workspace.accounts import EXCHANGE_ACCOUNTS, NewExchangeAccount
from tests.traders.conftest import dca
from tests.traders.test_kill_tick import REPO, env  # noqa: F401 - the fixture
from tests.traders.test_tick_cli import AUDIT, OWNER, T0, tick
from tests.workspace.conftest import Chat

pytestmark = pytest.mark.process  # starts other Python processes

MIDNIGHT = (T0 + timedelta(days=1)).replace(hour=0)


def _two_traders() -> None:
    async def run() -> None:
        app = await build_app(Settings(), clock=FixedClock(T0))
        try:
            services = app.skills.services
            await services.get(EXCHANGE_ACCOUNTS).create(
                NewExchangeAccount(OWNER, "paper", "paper", {}, Decimal("10000"), T0), AUDIT
            )
            await services.get(STRATEGIES).create(
                NewStrategy(OWNER, "s", dca(interval="12h"), T0, True), AUDIT
            )
            chat = Chat(app.core)
            for name in ("alpha", "beta"):
                reply = await chat.say(f"create a trader named {name} with daily summary and auto start it")
                assert "trader_started" in [getattr(b, "code", None) for b in reply.blocks], reply
        finally:
            await app.aclose()

    asyncio.run(run())


def _concurrent_ticks(environ: dict[str, str], at: str, n: int = 2) -> list[dict[str, Any]]:
    args = [sys.executable, "-m", "bot.cli", "tick", "--json", "--now", at]
    pipe = subprocess.PIPE
    procs = [
        subprocess.Popen(args, env=environ, cwd=REPO, stdout=pipe, stderr=pipe, text=True) for _ in range(n)
    ]
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        outs.append(json.loads(out))
    return outs


def test_two_processes_at_midnight_send_the_owner_one_summary(
    env: dict[str, str],  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    _two_traders()
    morning = tick(capsys, T0)
    assert sorted(n["kind"] for n in morning["notifications"]) == ["fill", "fill"]
    evening = tick(capsys, T0 + timedelta(hours=12))
    assert [n["kind"] for n in evening["notifications"]] == ["fill", "fill"]  # no summary by day
    assert all(j["kind"] == "trader_management.tick" for j in morning["jobs"] + evening["jobs"])

    outs = _concurrent_ticks(env, MIDNIGHT.isoformat())
    runs = [j for o in outs for j in o["jobs"]]
    assert [(j["kind"], j["outcome"]) for j in runs] == [("trader_management.daily", "done")]
    [summary] = [n for o in outs for n in o["notifications"]]
    assert summary["kind"] == "trader_summary" and summary["user"] == "user-1"
    for name in ("alpha", "beta"):
        assert f"Trader “{name}”, 2030-01-06: 2 decisions, 2 orders (2 filled)" in summary["text"]

    again = _concurrent_ticks(env, (MIDNIGHT + timedelta(minutes=1)).isoformat())
    assert [n for o in again for n in o["notifications"]] == []
    # The next day's first tick queues that day's summary, due the midnight after.
    day_two = tick(capsys, T0 + timedelta(days=1))
    assert [n["kind"] for n in day_two["notifications"]] == ["fill", "fill"]
    next_midnight = tick(capsys, MIDNIGHT + timedelta(days=1))
    [second] = [n for n in next_midnight["notifications"] if n["kind"] == "trader_summary"]
    assert "“alpha”, 2030-01-07: 1 decisions" in second["text"]  # its 09:00 tick only
