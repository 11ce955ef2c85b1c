"""The strategy conversation on the SQL store (SQLite, PostgreSQL): what the chat says is what
is stored, with its audit rows; a delete is refused while a trader (a traders row) uses it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from decimal import Decimal as D

import pytest
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.strategies import SqlStrategies
from adapters.storage.traders import traders
from core.reply import Status
from core.strategies import GridParams
from tests.fakes import NOW
from tests.strategies.desk import OWNER, strategy_desk
from tests.workspace.conftest import codes, text_of


@pytest.fixture
async def engine(db_url: str) -> AsyncIterator[AsyncEngine]:
    eng = create_engine(db_url)
    yield eng
    await eng.dispose()


async def test_create_activate_duplicate_and_delete_on_sql(engine: AsyncEngine) -> None:
    store, audit = SqlStrategies(engine), SqlAuditLog(engine)
    desk = strategy_desk(strategies=store, audit=audit)
    chat = desk.chat
    assert (await chat.say("创建一个BTC定投策略，每天买50U")).status is Status.COMPLETED
    await chat.say("创建一个ETH网格策略，3000到4000，10格，每格50U")
    assert codes(await chat.say("把ETH网格设为默认策略")) == ["strategy_activated"]
    assert codes(await chat.say("复制 ETH网格策略 为 ETH网格2")) == ["strategy_duplicated"]
    stored = {s.name: s for s in await store.owned(OWNER)}
    assert list(stored) == ["BTC定投", "ETH网格", "ETH网格2"]
    assert (
        stored["ETH网格2"].params
        == stored["ETH网格"].params
        == GridParams("ETHUSDT", D(3000), D(4000), 10, D(50))
    )
    assert [n for n, s in stored.items() if s.is_default] == ["ETH网格"]

    async with engine.begin() as conn:  # a trader runs the grid
        row = {"owner": OWNER, "name": "grid-bot", "name_key": "grid-bot", "created_at": NOW}
        await conn.execute(insert(traders).values(**row, strategy_id=int(stored["ETH网格"].id)))
    refused = await chat.say("删除策略 ETH网格")
    assert codes(refused) == ["in_use"] and "grid-bot" in text_of(refused)
    confirm = await chat.say("删除策略 BTC定投")
    assert confirm.status is Status.AWAITING_CONFIRMATION
    assert codes(await chat.press(confirm.buttons[0])) == ["strategy_deleted"]
    assert [s.name for s in await store.owned(OWNER)] == ["ETH网格", "ETH网格2"]
    actions = [(e.action, e.outcome) for e in reversed(await audit.recent(OWNER))]
    assert actions == [
        ("create", "ok"), ("create", "ok"), ("activate", "ok"), ("duplicate", "ok"), ("delete", "refused"),
        ("delete", "ok"),
    ]  # fmt: skip
