"""SqlUsageLedger on a migrated database: persisted, atomic daily counters behind the budgets."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from sqlalchemy import inspect
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.usage_ledger import SqlUsageLedger
from core.planner import PlannerLimits, user_scope
from core.reply import NoticeBlock, Status
from tests.planner.conftest import NOW, MakePlanner
from tests.planner.llm_server import ScriptedLLMServer, completion
from tests.storage.conftest import scratch_pg_database

DAY = date(2026, 5, 1)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database migrated to head (sync: no event loop runs here)."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
        migrate.upgrade(url)
        yield url
        return
    with scratch_pg_database() as url:
        migrate.upgrade(url)
        yield url


@pytest.fixture
async def engine(db_url: str) -> AsyncIterator[AsyncEngine]:
    eng = create_engine(db_url)
    yield eng
    await eng.dispose()


async def test_counts_per_scope_and_day(engine: AsyncEngine) -> None:
    ledger = SqlUsageLedger(engine)
    assert await ledger.tokens_used("site", DAY) == 0

    await ledger.add_tokens([user_scope("u1"), "site"], DAY, 120)
    await ledger.add_tokens([user_scope("u2"), "site"], DAY, 30)
    await ledger.add_tokens([user_scope("u1"), "site"], DAY + timedelta(days=1), 7)
    await ledger.add_tokens([user_scope("u1")], DAY, 0)  # nothing to record

    assert await ledger.tokens_used(user_scope("u1"), DAY) == 120
    assert await ledger.tokens_used(user_scope("u2"), DAY) == 30
    assert await ledger.tokens_used("site", DAY) == 150
    assert await ledger.tokens_used("site", DAY + timedelta(days=1)) == 7


async def test_concurrent_increments_are_not_lost(db_url: str) -> None:
    # Two engines stand for two processes.
    engines = [create_engine(db_url), create_engine(db_url)]
    try:
        ledgers = [SqlUsageLedger(e) for e in engines]
        await asyncio.gather(
            *(ledgers[i % 2].add_tokens([user_scope("u1"), "site"], DAY, 10) for i in range(40))
        )
        assert await ledgers[0].tokens_used(user_scope("u1"), DAY) == 400
        assert await ledgers[1].tokens_used("site", DAY) == 400
    finally:
        for e in engines:
            await e.dispose()


async def test_budget_persists_across_ledger_instances(
    engine: AsyncEngine, llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    llm.add(completion("Which coin?", prompt_tokens=700, completion_tokens=400))
    limits = PlannerLimits(user_daily_token_budget=1000)

    first = await make_planner(ledger=SqlUsageLedger(engine), limits=limits).run(
        text="price?", locale="en", user_id="u1"
    )
    # A restart: a new ledger on the same database still knows today's spend.
    second = await make_planner(ledger=SqlUsageLedger(engine), limits=limits).run(
        text="price?", locale="en", user_id="u1"
    )

    assert first.status is Status.NEEDS_INPUT  # "Which coin?": a question back
    assert await SqlUsageLedger(engine).tokens_used(user_scope("u1"), NOW.date()) == 1100
    assert len(llm.requests) == 1
    assert [b.code for b in second.blocks if isinstance(b, NoticeBlock)] == ["budget_user"]


def test_migration_creates_and_drops_the_table(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"

    def tables() -> set[str]:
        async def run() -> set[str]:
            eng = create_engine(url)
            try:
                async with eng.connect() as conn:
                    return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
            finally:
                await eng.dispose()

        return asyncio.run(run())

    migrate.upgrade(url, "0002_usage")
    assert "usage_daily" in tables()
    migrate.downgrade(url, "0001_initial")
    assert "usage_daily" not in tables() and "conversation_states" in tables()
    assert migrate.current(url) == "0001_initial"
