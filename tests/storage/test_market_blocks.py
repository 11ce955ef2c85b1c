"""The market block is shared through the database: two processes' stores on one SQLite file, and
on PostgreSQL. A block recorded by one guard stops the other without a request to the exchange."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.market_blocks import SqlMarketBlockStore, market_blocks
from core.clock import FixedClock
from core.market import MarketError, MarketErrorCode
from core.market_guard import MarketBlock, MarketGuard
from tests.fakes import ScriptedMarket

NOW = datetime(2026, 7, 13, 9, 30, tzinfo=UTC)


@pytest.fixture
async def two_stores(db_url: str) -> AsyncIterator[tuple[SqlMarketBlockStore, SqlMarketBlockStore]]:
    """Two stores, each on its own engine (as two processes would have)."""
    engines = [create_engine(db_url), create_engine(db_url)]
    async with engines[0].begin() as conn:
        await conn.execute(market_blocks.delete())
    yield SqlMarketBlockStore(engines[0]), SqlMarketBlockStore(engines[1])
    for engine in engines:
        await engine.dispose()


def block(seconds: float, *, at: datetime = NOW, reason: str = MarketErrorCode.RATE_LIMITED) -> MarketBlock:
    return MarketBlock("binance", at + timedelta(seconds=seconds), reason, at)


async def test_a_block_recorded_by_one_process_stops_the_other(
    two_stores: tuple[SqlMarketBlockStore, SqlMarketBlockStore],
) -> None:
    clock = FixedClock(NOW)
    limited = ScriptedMarket(quote_error=MarketError(MarketErrorCode.BLOCKED, "HTTP 418", retry_after=120))
    healthy = ScriptedMarket(clock=clock)
    first = MarketGuard(limited, two_stores[0], clock)
    second = MarketGuard(healthy, two_stores[1], clock)

    with pytest.raises(MarketError):
        await first.get_quote("BTCUSDT")  # Binance says 418: the block is recorded
    with pytest.raises(MarketError) as err:
        await second.get_quote("BTCUSDT")

    assert err.value.code == MarketErrorCode.BLOCKED and err.value.retry_after == 120
    assert healthy.calls == []  # the second process never called the exchange
    clock.advance(121)
    await second.get_quote("BTCUSDT")
    assert healthy.calls == [("quote", "BTCUSDT")]


async def test_the_block_read_is_cached_briefly(
    two_stores: tuple[SqlMarketBlockStore, SqlMarketBlockStore],
) -> None:
    clock = FixedClock(NOW)
    market = ScriptedMarket(clock=clock)
    guard = MarketGuard(market, two_stores[1], clock, read_ttl=1.0)
    await guard.get_quote("BTCUSDT")  # reads: no block

    await two_stores[0].record_block(block(60))
    await guard.get_quote("BTCUSDT")  # within a second of the read: not seen yet (cheap)
    clock.advance(1.0)
    with pytest.raises(MarketError):
        await guard.get_quote("BTCUSDT")
    assert len(market.calls) == 2


async def test_the_longer_block_wins_whoever_writes_last(
    two_stores: tuple[SqlMarketBlockStore, SqlMarketBlockStore],
) -> None:
    a, b = two_stores
    await a.record_block(block(120, reason=MarketErrorCode.BLOCKED))
    await b.record_block(block(30))  # shorter: kept out
    stored = await a.get_block("binance")
    assert stored == block(120, reason=MarketErrorCode.BLOCKED)

    await b.record_block(block(200, at=NOW + timedelta(seconds=10)))  # ends later: replaces
    assert await a.get_block("binance") == block(200, at=NOW + timedelta(seconds=10))


async def test_a_bogus_stored_block_does_not_shadow_a_real_one(
    two_stores: tuple[SqlMarketBlockStore, SqlMarketBlockStore],
) -> None:
    a, b = two_stores
    await a.record_block(MarketBlock("binance", datetime(2099, 1, 1, tzinfo=UTC), "market_blocked", NOW))
    later = NOW + timedelta(hours=1)
    await b.record_block(block(60, at=later))
    assert await a.get_block("binance") == block(60, at=later)
