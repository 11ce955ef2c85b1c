"""Single-flight and the short TTL cache in front of a market."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from core.clock import FixedClock
from core.market import (
    DailyClose,
    DailyCloses,
    HistoryWindow,
    MarketError,
    MarketErrorCode,
    Quote,
    history_window,
)
from core.market_cache import CachedMarket

NOW = datetime(2026, 7, 13, 9, 30, tzinfo=UTC)


class GatedMarket:
    """A fake upstream that counts calls and answers only when the gate opens."""

    def __init__(self, clock: FixedClock) -> None:
        self.clock = clock
        self.gate = asyncio.Event()
        self.gate.set()
        self.quote_calls: list[str] = []
        self.history_calls: list[tuple[str, HistoryWindow]] = []
        self.fail_with: MarketError | None = None

    @property
    def source(self) -> str:
        return "fake"

    async def get_quote(self, symbol: str) -> Quote:
        self.quote_calls.append(symbol)
        await self.gate.wait()
        if self.fail_with is not None:
            raise self.fail_with
        price = Decimal(60000 + len(self.quote_calls))  # each upstream call gives a new price
        return Quote(symbol, price, "ask", self.source, self.clock.now())

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        self.history_calls.append((symbol, window))
        await self.gate.wait()
        return DailyCloses(tuple(DailyClose(d, Decimal(len(self.history_calls))) for d in window.days))


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture
def upstream(clock: FixedClock) -> GatedMarket:
    return GatedMarket(clock)


async def test_500_concurrent_identical_quotes_make_one_upstream_call(
    clock: FixedClock, upstream: GatedMarket
) -> None:
    upstream.gate.clear()  # hold the upstream call open so all 500 really overlap
    market = CachedMarket(upstream, clock)

    callers = [asyncio.create_task(market.get_quote("BTCUSDT")) for _ in range(500)]
    await asyncio.sleep(0)
    upstream.gate.set()
    quotes = await asyncio.gather(*callers)

    assert upstream.quote_calls == ["BTCUSDT"]
    assert market.upstream_calls == 1
    assert len({id(q) for q in quotes}) == 1
    assert quotes[0].price == Decimal(60001)
    stats = market.stats.quote
    assert (stats.requests, stats.upstream_calls, stats.joined, stats.cache_hits) == (500, 1, 499, 0)


async def test_500_concurrent_quotes_on_a_zero_latency_market_make_one_upstream_call(
    clock: FixedClock, upstream: GatedMarket
) -> None:
    market = CachedMarket(upstream, clock)
    quotes = await asyncio.gather(*(market.get_quote("BTCUSDT") for _ in range(500)))
    assert len(upstream.quote_calls) == 1
    assert {q.price for q in quotes} == {Decimal(60001)}


async def test_different_symbols_are_separate_calls(clock: FixedClock, upstream: GatedMarket) -> None:
    market = CachedMarket(upstream, clock)
    btc, eth = await asyncio.gather(market.get_quote("BTCUSDT"), market.get_quote("ETHUSDT"))
    assert sorted(upstream.quote_calls) == ["BTCUSDT", "ETHUSDT"]
    assert (btc.symbol, eth.symbol) == ("BTCUSDT", "ETHUSDT")


async def test_quote_is_cached_for_the_ttl_then_fetched_again(
    clock: FixedClock, upstream: GatedMarket
) -> None:
    market = CachedMarket(upstream, clock, quote_ttl=1.0)
    first = await market.get_quote("BTCUSDT")

    clock.advance(0.9)
    assert await market.get_quote("BTCUSDT") is first
    assert len(upstream.quote_calls) == 1

    clock.advance(0.1)  # exactly at expiry: stale
    second = await market.get_quote("BTCUSDT")
    assert len(upstream.quote_calls) == 2
    assert second.price != first.price
    assert market.stats.quote.cache_hits == 1


async def test_zero_ttl_still_shares_concurrent_calls_but_caches_nothing(
    clock: FixedClock, upstream: GatedMarket
) -> None:
    market = CachedMarket(upstream, clock, quote_ttl=0)
    await asyncio.gather(*(market.get_quote("BTCUSDT") for _ in range(10)))
    await market.get_quote("BTCUSDT")
    assert len(upstream.quote_calls) == 2


async def test_errors_are_shared_by_waiters_but_not_cached(clock: FixedClock, upstream: GatedMarket) -> None:
    upstream.gate.clear()
    upstream.fail_with = MarketError(MarketErrorCode.UNAVAILABLE, "HTTP 503")
    market = CachedMarket(upstream, clock)

    callers = [asyncio.create_task(market.get_quote("BTCUSDT")) for _ in range(10)]
    await asyncio.sleep(0)
    upstream.gate.set()
    results = await asyncio.gather(*callers, return_exceptions=True)

    assert len(upstream.quote_calls) == 1
    assert all(isinstance(r, MarketError) and r.code == MarketErrorCode.UNAVAILABLE for r in results)
    assert market.stats.quote.upstream_errors == 1

    upstream.fail_with = None  # no time passes: a cached error would be returned here
    quote = await market.get_quote("BTCUSDT")
    assert quote.price == Decimal(60002)
    assert len(upstream.quote_calls) == 2


async def test_a_cancelled_waiter_does_not_cancel_the_call_for_the_others(
    clock: FixedClock, upstream: GatedMarket
) -> None:
    upstream.gate.clear()
    market = CachedMarket(upstream, clock)

    first = asyncio.create_task(market.get_quote("BTCUSDT"))  # this one started the upstream call
    await asyncio.sleep(0)
    others = [asyncio.create_task(market.get_quote("BTCUSDT")) for _ in range(3)]
    await asyncio.sleep(0)
    first.cancel()
    await asyncio.sleep(0)
    upstream.gate.set()

    quotes = await asyncio.gather(*others)
    with pytest.raises(asyncio.CancelledError):
        await first
    assert {q.price for q in quotes} == {Decimal(60001)}
    assert len(upstream.quote_calls) == 1
    assert await market.get_quote("BTCUSDT") is quotes[0]  # and the result was cached
    assert len(upstream.quote_calls) == 1


async def test_when_every_waiter_is_cancelled_the_next_call_still_works(
    clock: FixedClock, upstream: GatedMarket
) -> None:
    upstream.gate.clear()
    upstream.fail_with = MarketError(MarketErrorCode.NETWORK)
    market = CachedMarket(upstream, clock)
    lone = asyncio.create_task(market.get_quote("BTCUSDT"))
    await asyncio.sleep(0)
    lone.cancel()
    upstream.gate.set()
    with pytest.raises(asyncio.CancelledError):
        await lone
    await asyncio.sleep(0)

    upstream.fail_with = None
    quote = await market.get_quote("BTCUSDT")
    assert quote.price == Decimal(60002)


async def test_history_single_flight_and_ttl(clock: FixedClock, upstream: GatedMarket) -> None:
    upstream.gate.clear()
    market = CachedMarket(upstream, clock, history_ttl=60.0)
    window = history_window(NOW)

    callers = [asyncio.create_task(market.get_daily_closes("SOLUSDT", window)) for _ in range(100)]
    await asyncio.sleep(0)
    upstream.gate.set()
    results = await asyncio.gather(*callers)
    assert upstream.history_calls == [("SOLUSDT", window)]
    assert all(r is results[0] for r in results)

    # another window or symbol is another call; the same one within the TTL is not
    other = HistoryWindow(date(2026, 7, 7), date(2026, 7, 14))
    await market.get_daily_closes("SOLUSDT", other)
    await market.get_daily_closes("BTCUSDT", window)
    clock.advance(59)
    assert await market.get_daily_closes("SOLUSDT", window) is results[0]
    assert len(upstream.history_calls) == 3

    clock.advance(1)
    await market.get_daily_closes("SOLUSDT", window)
    assert len(upstream.history_calls) == 4
    assert market.stats.history.upstream_calls == 4
    assert market.upstream_calls == 4


async def test_source_is_the_inner_markets(clock: FixedClock, upstream: GatedMarket) -> None:
    assert CachedMarket(upstream, clock).source == "fake"


def test_negative_ttl_is_refused(clock: FixedClock, upstream: GatedMarket) -> None:
    with pytest.raises(ValueError):
        CachedMarket(upstream, clock, quote_ttl=-1)
