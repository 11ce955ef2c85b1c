"""Two `deskmate tick` processes on one PostgreSQL database at the same instant: every trader's
tick runs once (the job claim skips locked rows; a decision is stored once per tick), so each
dca trader buys exactly once. Skips when PostgreSQL is unreachable."""

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
from core.events import ConversationKey
from core.strategies import STRATEGIES, NewStrategy
from core.tasks.audit import AuditEntry
from core.traders.ports import TRADERS
from core.trading.ports import ORDERS
from core.workspace.accounts import EXCHANGE_ACCOUNTS, NewExchangeAccount
from tests.storage.conftest import migrated_process_env, scratch_pg_database
from tests.traders.conftest import dca
from tests.workspace.conftest import Chat

pytestmark = pytest.mark.process  # starts other Python processes

REPO = Path(__file__).resolve().parents[2]
T0 = datetime(2030, 1, 6, 9, 0, tzinfo=UTC)
PEOPLE = 6


@pytest.fixture
def pg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[dict[str, str]]:
    with scratch_pg_database() as url:
        yield migrated_process_env(url, monkeypatch, tmp_path)


async def _start_traders() -> None:
    app = await build_app(Settings(), clock=FixedClock(T0))
    try:
        services = app.skills.services
        for n in range(PEOPLE):
            owner = f"console:u{n}"
            audit = AuditEntry(owner, "test", T0, "test", "create", None, None, "ok")
            await services.get(EXCHANGE_ACCOUNTS).create(
                NewExchangeAccount(owner, "paper", "paper", {}, Decimal("10000"), T0), audit
            )
            await services.get(STRATEGIES).create(NewStrategy(owner, "s", dca(), T0, True), audit)
            chat = Chat(app.core, ConversationKey("console", f"c{n}", f"u{n}"))
            reply = await chat.say("create a trader named alpha and auto start it")
            assert "trader_started" in [getattr(b, "code", None) for b in reply.blocks], reply
    finally:
        await app.aclose()


async def _bought() -> dict[str, int]:
    app = await build_app(Settings())
    try:
        services = app.skills.services
        counts = {}
        for n in range(PEOPLE):
            [account] = await services.get(EXCHANGE_ACCOUNTS).owned(f"console:u{n}")
            counts[f"u{n}"] = len(await services.get(ORDERS).trades(account.id, 50))
            [trader] = await services.get(TRADERS).owned(f"console:u{n}")
            assert len(await services.get(TRADERS).decisions(trader.id)) == 1
        return counts
    finally:
        await app.aclose()


def test_two_runners_run_each_trader_tick_once(pg: dict[str, str]) -> None:
    asyncio.run(_start_traders())
    cmd = [sys.executable, "-m", "bot.cli", "tick", "--json", "--now", "2030-01-06T09:00:00Z"]
    procs = [subprocess.Popen(cmd, env=pg, cwd=REPO, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [json.loads(p.communicate(timeout=120)[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    ran = [j for out in outs for j in out["jobs"]]
    assert len(ran) == PEOPLE and {j["outcome"] for j in ran} == {"rescheduled"}
    fills = [n for out in outs for n in out["notifications"] if n["kind"] == "fill"]
    assert len(fills) == PEOPLE
    assert asyncio.run(_bought()) == {f"u{n}": 1 for n in range(PEOPLE)}
