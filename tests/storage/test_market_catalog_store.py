"""The market catalog cached in the database (SQLite file and PostgreSQL): a refresh replaces the
list in one transaction, exact filter digits survive, and two processes refreshing at once agree."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.market_catalog import SqlCatalogStore, market_catalog
from core.markets import SymbolRules, market_for
from tests.storage.statements import counted

NOW = datetime(2026, 12, 1, tzinfo=UTC)
RULES = SymbolRules(Decimal("0.00000001"), Decimal(1), Decimal(1), Decimal(90000000000), Decimal(5))


@pytest.fixture
async def stores(db_url: str) -> AsyncIterator[tuple[SqlCatalogStore, SqlCatalogStore]]:
    engines = [create_engine(db_url), create_engine(db_url)]
    async with engines[0].begin() as conn:
        await conn.execute(market_catalog.delete())
    yield SqlCatalogStore(engines[0]), SqlCatalogStore(engines[1])
    for engine in engines:
        await engine.dispose()


async def test_empty_then_saved_then_replaced(stores: tuple[SqlCatalogStore, SqlCatalogStore]) -> None:
    one, other = stores
    assert await one.load() is None
    await one.save([market_for("BTC"), market_for("PEPE", RULES)], NOW)
    markets, fetched = await other.load() or ([], None)
    assert {m.symbol for m in markets} == {"BTCUSDT", "PEPEUSDT"} and fetched == NOW
    pepe = next(m for m in markets if m.base == "PEPE")
    assert pepe.rules == RULES and str(pepe.rules.tick_size) == "1E-8"
    later = NOW + timedelta(days=1)
    await other.save([market_for("BTC"), market_for("DOGE")], later)  # PEPE delisted
    markets, fetched = await one.load() or ([], None)
    assert {m.symbol for m in markets} == {"BTCUSDT", "DOGEUSDT"} and fetched == later


async def test_two_processes_refreshing_at_once_leave_one_whole_list(
    stores: tuple[SqlCatalogStore, SqlCatalogStore],
) -> None:
    one, other = stores
    first = [market_for(b) for b in ("BTC", "ETH", "SOL")]
    second = [market_for(b) for b in ("BTC", "ETH", "DOGE")]
    await asyncio.gather(one.save(first, NOW), other.save(second, NOW))
    markets, _ = await one.load() or ([], None)
    assert {m.symbol for m in markets} in ({m.symbol for m in first}, {m.symbol for m in second})


async def test_an_empty_list_is_never_cached(stores: tuple[SqlCatalogStore, SqlCatalogStore]) -> None:
    with pytest.raises(ValueError):
        await stores[0].save([], NOW)


async def test_a_refresh_sends_the_markets_as_one_statement_run_for_every_row(
    stores: tuple[SqlCatalogStore, SqlCatalogStore],
) -> None:
    # One multi-row VALUES of 400 markets was compiled afresh at each daily refresh (some 4,000
    # bound parameters, ~0.7 s of CPU on the event loop); one statement sent for every row is
    # compiled once.
    markets = [market_for(f"C{n}", RULES) for n in range(400)]
    with counted() as sql:
        await stores[0].save(markets, NOW)
    [upsert] = sql.of("INSERT INTO market_catalog")
    assert sql.many == [upsert]
    found, _ = await stores[1].load() or ([], NOW)
    assert len(found) == 400
