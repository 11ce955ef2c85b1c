"""Backtest history within the shared request-weight budget: every klines page takes Binance's
weight (2) from the minute's budget every process shares (core.market_guard), a page that would
pass it is not requested, and the pages fetched before it stay cached."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from adapters.binance.market import BinanceMarket
from core.backtest.history import KLINES_WEIGHT, MemoryKlineCache, load
from core.backtest.model import window_before
from core.clock import FixedClock
from core.market import MarketError, MarketErrorCode
from core.market_guard import MarketGuard, MemoryMarketBlockStore, MemoryWeightStore
from tests.storage.test_kline_cache import FakeKlines

NOW = datetime(2026, 12, 3, 16, 30, tzinfo=UTC)


def guarded(fake: FakeKlines, weights: MemoryWeightStore, budget: int, clock: FixedClock) -> MarketGuard:
    http = httpx.AsyncClient(transport=httpx.MockTransport(fake))
    inner = BinanceMarket(http, "https://binance.test", clock)
    return MarketGuard(inner, MemoryMarketBlockStore(), clock, weights=weights, weight_budget=budget)


def spent(weights: MemoryWeightStore) -> int:
    return sum(weights.used.values())


async def test_a_cold_window_takes_its_pages_weight_and_a_cached_one_none() -> None:
    fake, weights, clock = FakeKlines(), MemoryWeightStore(), FixedClock(NOW)
    cache = MemoryKlineCache()
    window = window_before("BTCUSDT", "1h", NOW, 90)
    first = await load(window, guarded(fake, weights, 4000, clock), cache)
    assert first.requests == 3 and spent(weights) == 3 * KLINES_WEIGHT == 6
    again = await load(window, guarded(fake, weights, 4000, clock), cache)
    assert again.requests == 0 and spent(weights) == 6 and len(fake.requests) == 3


async def test_a_page_beyond_the_minutes_budget_is_not_requested_and_the_rest_waits() -> None:
    """Other processes used most of this minute's weight: two pages fit, the third is refused
    before any request; a minute later only that page is asked for."""
    fake, weights, clock = FakeKlines(), MemoryWeightStore(), FixedClock(NOW)
    cache = MemoryKlineCache()
    minute = int((NOW - datetime(1970, 1, 1, tzinfo=UTC)).total_seconds() // 60)
    weights.used[("binance", minute)] = 96  # of a budget of 100
    window = window_before("BTCUSDT", "1h", NOW, 90)
    with pytest.raises(MarketError) as refused:
        await load(window, guarded(fake, weights, 100, clock), cache)
    assert refused.value.code == MarketErrorCode.RATE_LIMITED
    assert len(fake.requests) == 2 and spent(weights) == 100
    clock.set(NOW + timedelta(minutes=1))
    later = await load(window, guarded(fake, weights, 100, clock), cache)
    assert later.requests == 1 and len(fake.requests) == 3 and len(later.candles) == 2160
