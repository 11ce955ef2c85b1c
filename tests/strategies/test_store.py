"""The strategy store, memory and SQL (SQLite, PostgreSQL): names unique per owner, one default
per owner, kinds never change, the trader check on delete, audit with every change."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.strategies import SqlStrategies, strategies
from adapters.storage.traders import traders
from core.strategies import (
    AiParams,
    DcaParams,
    GridParams,
    Interval,
    NewStrategy,
    StrategyChanges,
    StrategyStore,
)
from core.strategies.memory import MemoryStrategies
from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.errors import InUse, NameTaken, NotFound
from core.workspace.memory import MemoryAuditLog, MemoryTraders, TraderRef
from tests.fakes import NOW
from tests.strategies.conftest import migrated

A, B = "console:alice", "console:bob"
DCA = DcaParams("BTCUSDT", Decimal(50), Interval.of("1d"), Decimal(1000))
GRID = GridParams("ETHUSDT", Decimal(3000), Decimal(4000), 10, Decimal(50))
AI = AiParams(("BTCUSDT", "ETHUSDT"), Interval.of("1h"), Decimal("12.5"), Decimal(200), "be careful")


def audit(owner: str, action: str = "create") -> AuditEntry:
    return AuditEntry(owner, f"console:chat:{owner}:", NOW, "strategy_management", action, None, None, "ok")


class Backend:
    def __init__(self, store: StrategyStore, log: AuditLog, add_trader: object) -> None:
        self.store = store
        self.log = log
        self.add_trader = add_trader


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def backend_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return "" if request.param == "memory" else migrated(request.param, request, tmp_path)


@pytest.fixture
async def backend(backend_url: str) -> AsyncIterator[Backend]:
    if not backend_url:
        log = MemoryAuditLog()
        refs = MemoryTraders()

        async def add_memory(owner: str, name: str, strategy_id: str) -> None:
            refs.refs.append(TraderRef(owner, name, None, None, strategy_id))

        yield Backend(MemoryStrategies(log, refs), log, add_memory)
        return
    engine: AsyncEngine = create_engine(backend_url)

    async def add_sql(owner: str, name: str, strategy_id: str) -> None:
        async with engine.begin() as conn:
            values = {"owner": owner, "name": name, "name_key": name, "created_at": NOW}
            await conn.execute(insert(traders).values(**values, strategy_id=int(strategy_id)))

    yield Backend(SqlStrategies(engine), SqlAuditLog(engine), add_sql)
    await engine.dispose()


async def test_create_get_and_list(backend: Backend) -> None:
    store = backend.store
    dca = await store.create(NewStrategy(A, "BTC 定投", DCA, NOW), audit(A))
    grid = await store.create(NewStrategy(A, "eth grid", GRID, NOW + timedelta(seconds=1)), audit(A))
    ai = await store.create(NewStrategy(A, "AI", AI, NOW), audit(A))
    assert [s.name for s in await store.owned(A)] == ["BTC 定投", "eth grid", "AI"]
    assert await store.owned(B) == []
    got = await store.get(A, dca.id)
    assert got is not None and got.params == DCA and got.kind == "dca" and got.created_at == NOW
    assert (await store.get(A, grid.id)).params == GRID  # type: ignore[union-attr]
    assert (await store.get(A, ai.id)).params == AI  # type: ignore[union-attr]
    assert await store.get(B, dca.id) is None  # someone else's
    assert await store.get(A, "nope") is None
    by_name = await store.get_by_name(A, "ＥＴＨ GRID")  # width- and case-folded
    assert by_name is not None and by_name.id == grid.id
    assert await store.get_by_name(B, "eth grid") is None
    created = [e for e in await backend.log.recent(A) if e.action == "create"]
    assert sorted(e.target_name or "" for e in created) == sorted(["BTC 定投", "eth grid", "AI"])


async def test_names_are_unique_per_owner(backend: Backend) -> None:
    store = backend.store
    first = await store.create(NewStrategy(A, "Main", DCA, NOW), audit(A))
    with pytest.raises(NameTaken):
        await store.create(NewStrategy(A, " main ", GRID, NOW), audit(A))
    await store.create(NewStrategy(B, "main", GRID, NOW), audit(B))  # another person may
    other = await store.create(NewStrategy(A, "Other", GRID, NOW), audit(A))
    with pytest.raises(NameTaken):
        await store.update(A, other.id, StrategyChanges(name="MAIN"), NOW, audit(A, "update"))
    renamed = await store.update(A, first.id, StrategyChanges(name="Main 2"), NOW, audit(A, "update"))
    assert renamed.name == "Main 2" and renamed.params == DCA


async def test_update_params_keeps_the_kind(backend: Backend) -> None:
    store = backend.store
    s = await store.create(NewStrategy(A, "dca", DCA, NOW), audit(A))
    later = NOW + timedelta(minutes=5)
    new = DcaParams("ETHUSDT", Decimal(20), Interval.of("4h"))
    updated = await store.update(A, s.id, StrategyChanges(params=new), later, audit(A, "update"))
    assert updated.params == new and updated.updated_at == later and updated.created_at == NOW
    with pytest.raises(ValueError):
        await store.update(A, s.id, StrategyChanges(params=GRID), later, audit(A, "update"))
    with pytest.raises(NotFound):
        await store.update(B, s.id, StrategyChanges(name="x"), later, audit(B, "update"))


async def test_one_default_per_owner(backend: Backend) -> None:
    store = backend.store
    first = await store.create(NewStrategy(A, "first", DCA, NOW, is_default=True), audit(A))
    second = await store.create(NewStrategy(A, "second", GRID, NOW), audit(A))
    bobs = await store.create(NewStrategy(B, "bob's", GRID, NOW, is_default=True), audit(B))
    assert (await store.default(A)).id == first.id  # type: ignore[union-attr]
    marked = await store.set_default(A, second.id, NOW, audit(A, "activate"))
    assert marked is not None and marked.id == second.id and marked.is_default
    assert [s.is_default for s in await store.owned(A)] == [False, True]
    third = await store.create(NewStrategy(A, "third", AI, NOW, is_default=True), audit(A))
    assert [s.name for s in await store.owned(A) if s.is_default] == [third.name]
    assert (await store.default(B)).id == bobs.id  # type: ignore[union-attr]
    with pytest.raises(NotFound):
        await store.set_default(A, bobs.id, NOW, audit(A, "activate"))  # not hers
    assert await store.set_default(A, None, NOW, audit(A, "deactivate")) is None
    assert await store.default(A) is None
    assert (await store.default(B)).id == bobs.id  # type: ignore[union-attr]


async def test_delete_refused_while_a_trader_uses_it(backend: Backend) -> None:
    if isinstance(backend.store, SqlStrategies) and "strategy_id" not in traders.c:
        pytest.skip("traders.strategy_id arrives with the traders' migration")
    store = backend.store
    used = await store.create(NewStrategy(A, "used", DCA, NOW), audit(A))
    free = await store.create(NewStrategy(A, "free", DCA, NOW), audit(A))
    await backend.add_trader(A, "btc bot", used.id)  # type: ignore[operator]
    assert await store.traders_using(A, used.id) == ["btc bot"]
    with pytest.raises(InUse) as info:
        await store.delete(A, used.id, audit(A, "delete"))
    assert info.value.traders == ("btc bot",)
    assert await store.get(A, used.id) is not None
    await store.delete(A, free.id, audit(A, "delete"))
    assert await store.get(A, free.id) is None
    with pytest.raises(NotFound):
        await store.delete(A, free.id, audit(A, "delete"))


async def test_delete_and_ids_never_reused(backend: Backend) -> None:
    store = backend.store
    s = await store.create(NewStrategy(A, "gone", DCA, NOW), audit(A))
    with pytest.raises(NotFound):
        await store.delete(B, s.id, audit(B, "delete"))
    await store.delete(A, s.id, audit(A, "delete"))
    again = await store.create(NewStrategy(A, "gone", DCA, NOW), audit(A))
    assert again.id != s.id
    assert [e.target_id for e in await backend.log.recent(A) if e.action == "delete"] == [s.id]


async def test_sql_stores_decimals_as_strings(db_url: str) -> None:
    engine = create_engine(db_url)
    try:
        store = SqlStrategies(engine)
        await store.create(NewStrategy(A, "precise", GRID, NOW), audit(A))
        async with engine.connect() as conn:
            params = (await conn.execute(select(strategies.c.params))).scalar_one()
        assert '"quote_per_grid": "50"' in params and '"lower": "3000"' in params
    finally:
        await engine.dispose()


async def test_the_foreign_key_backs_the_check(db_url: str) -> None:
    """A trader attached after the delete's check (another process) is refused by the database:
    the strategy cannot go while a trader references it, and no trader references a missing one."""
    engine = create_engine(db_url)
    try:
        s = await SqlStrategies(engine).create(NewStrategy(A, "used", DCA, NOW), audit(A))
        row = {"owner": A, "name": "bot", "name_key": "bot", "created_at": NOW}
        async with engine.begin() as conn:
            await conn.execute(insert(traders).values(**row, strategy_id=int(s.id)))
        with pytest.raises(IntegrityError):
            async with engine.begin() as conn:
                await conn.execute(delete(strategies).where(strategies.c.id == int(s.id)))
        with pytest.raises(IntegrityError):
            async with engine.begin() as conn:
                await conn.execute(insert(traders).values(**(row | {"name_key": "b2"}), strategy_id=999_999))
    finally:
        await engine.dispose()
