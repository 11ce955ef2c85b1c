"""Backtest history: klines fetched from Binance in pages (a fake over httpx.MockTransport) through
the market guard, cached in the database (SQLite and PostgreSQL), so the same window a second
time makes no request; missing candles are gaps, reported and not asked for again."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.binance.klines import ms
from adapters.binance.market import BinanceMarket
from adapters.storage.klines import SqlKlineCache
from core.backtest.history import MAX_PAGES, MemoryKlineCache, TooLong, load
from core.backtest.model import Gap, Window, window_before
from core.clock import FixedClock
from core.market_guard import MarketGuard, MemoryMarketBlockStore

NOW = datetime(2026, 12, 3, 16, 30, tzinfo=UTC)
HOUR = timedelta(hours=1)


class FakeKlines:
    """Binance's /api/v3/klines for one symbol: hourly candles, price = hours since the epoch
    mod 100 + 100; the hours in ``missing`` it never had."""

    def __init__(self, missing: set[datetime] = frozenset()) -> None:  # type: ignore[assignment]
        self.missing = missing
        self.requests: list[dict[str, str]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        params = dict(request.url.params)
        self.requests.append(params)
        start, end, limit = int(params["startTime"]), int(params["endTime"]), int(params["limit"])
        rows = []
        t = start
        while t <= end and len(rows) < min(limit, 1000):
            at = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=t)
            if at not in self.missing:
                price = str(100 + (t // 3_600_000) % 100)
                rows.append([t, price, price, price, price, "1", t + 3_599_999, "0", 1, "0", "0", "0"])
            t += 3_600_000
        return httpx.Response(200, json=rows)


def market(fake: FakeKlines) -> MarketGuard:
    clock = FixedClock(NOW)
    http = httpx.AsyncClient(transport=httpx.MockTransport(fake))
    return MarketGuard(BinanceMarket(http, "https://binance.test", clock), MemoryMarketBlockStore(), clock)


async def test_a_cold_90_day_hourly_window_is_three_pages_and_then_cached(engine: AsyncEngine) -> None:
    fake = FakeKlines()
    window = window_before("BTCUSDT", "1h", NOW, 90)
    assert window.count == 2160 and window.end == datetime(2026, 12, 3, 16, tzinfo=UTC)
    cache = SqlKlineCache(engine)
    first = await load(window, market(fake), cache)
    assert first.requests == 3 and len(fake.requests) == 3
    assert [int(r["limit"]) for r in fake.requests] == [1000, 1000, 160]
    assert len(first.candles) == 2160 and first.gaps == () and first.source == "binance"
    again = await load(window, market(fake), SqlKlineCache(engine))  # another process, same database
    assert again.requests == 0 and len(fake.requests) == 3
    assert again.candles == first.candles


async def test_missing_candles_are_gaps_and_not_asked_for_again(engine: AsyncEngine) -> None:
    start = datetime(2026, 11, 1, tzinfo=UTC)
    window = Window("BTCUSDT", "1h", start, start + 10 * HOUR)
    fake = FakeKlines({start + 3 * HOUR, start + 4 * HOUR, start + 9 * HOUR})
    cache = SqlKlineCache(engine)
    history = await load(window, market(fake), cache)
    assert history.gaps == (Gap(start + 3 * HOUR, 2), Gap(start + 9 * HOUR, 1))
    assert len(history.candles) == 7  # never filled
    again = await load(window, market(fake), cache)
    assert again.requests == 0 and again.gaps == history.gaps


async def test_a_longer_window_fetches_only_what_it_lacks() -> None:
    fake = FakeKlines()
    cache = MemoryKlineCache()
    await load(window_before("ETHUSDT", "1h", NOW, 30), market(fake), cache)
    wider = await load(window_before("ETHUSDT", "1h", NOW, 60), market(fake), cache)
    assert wider.requests == 1 and len(wider.candles) == 1440
    assert fake.requests[-1]["endTime"] == str(ms(NOW.replace(minute=0) - timedelta(days=30)) - 1)


async def test_a_window_beyond_the_weight_budget_is_refused_before_any_request() -> None:
    fake = FakeKlines()
    window = window_before("BTCUSDT", "1m", NOW, 30)  # 43,200 candles: 44 pages
    with pytest.raises(TooLong):
        await load(window, market(fake), MemoryKlineCache())
    assert fake.requests == [] and window.count > MAX_PAGES * 1000


async def test_a_candle_not_closed_yet_is_not_taken() -> None:
    hour = NOW.replace(minute=0)
    got = await market(FakeKlines()).get_klines("BTCUSDT", "1h", hour - 3 * HOUR, hour + HOUR)
    assert [c.open_time.hour for c in got] == [13, 14, 15]  # 16:00 closes at 17:00


async def test_two_processes_fetching_one_window_at_once_keep_one_copy(db_url: str) -> None:
    """Two engines on one database (two processes' worth): both fetch the same cold window at
    the same time; both answer it whole, and the database keeps each candle once."""
    from adapters.storage.engine import create_engine

    engines = [create_engine(db_url), create_engine(db_url)]
    window = window_before("SOLUSDT", "1h", NOW, 30)
    try:
        one, two = await asyncio.gather(
            *(load(window, market(FakeKlines()), SqlKlineCache(e)) for e in engines)
        )
        assert len(one.candles) == len(two.candles) == 720
        kept = await SqlKlineCache(engines[0]).candles("binance", window)
        assert kept == list(one.candles) and len({c.open_time for c in kept}) == 720
        assert (await load(window, market(FakeKlines()), SqlKlineCache(engines[1]))).requests == 0
    finally:
        for e in engines:
            await e.dispose()
