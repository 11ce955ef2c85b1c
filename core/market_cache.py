"""A MarketData wrapper that collapses identical concurrent calls and caches results briefly.

When 500 people ask for the BTC price in the same second, the exchange should be asked once:
identical calls in flight share one upstream call (single-flight), and a successful result is
reused for a short TTL. Errors are shared by the callers already waiting on that call but never
cached, so the next caller tries again (core.market_guard fails fast while a source is blocked).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from core.clock import Clock
from core.market import (
    Book,
    BookData,
    DailyCloses,
    DayChange,
    DayChangeData,
    HistoryWindow,
    MarketData,
    MarketError,
    MarketErrorCode,
    Quote,
)

if TYPE_CHECKING:  # the backtests' klines pass through; a price question never loads them
    from core.backtest.history import KlineSource
    from core.backtest.model import Candle

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_PRUNE_ABOVE = 256  # entries; expired ones are dropped once the cache grows past this


@dataclass(slots=True)
class FlightStats:
    """Counters of one kind of call, for tests and ``make bench``."""

    requests: int = 0  # calls made to the cache
    cache_hits: int = 0  # answered from the TTL cache
    joined: int = 0  # waited on a call already in flight
    upstream_calls: int = 0  # calls passed to the wrapped market
    upstream_errors: int = 0  # of those, how many raised


class SingleFlight(Generic[K, V]):
    """Per-key single-flight plus a TTL cache of successes, on the clock's monotonic time."""

    def __init__(self, clock: Clock, ttl: float) -> None:
        if ttl < 0:
            raise ValueError("ttl must be >= 0")
        self._clock = clock
        self._ttl = ttl
        self._cache: dict[K, tuple[float, V]] = {}  # key -> (expires at, value)
        self._inflight: dict[K, asyncio.Task[V]] = {}
        self.stats = FlightStats()

    async def get(self, key: K, fetch: Callable[[], Awaitable[V]]) -> V:
        self.stats.requests += 1
        cached = self._cache.get(key)
        if cached is not None:
            if self._clock.monotonic() < cached[0]:
                self.stats.cache_hits += 1
                return cached[1]
            del self._cache[key]
        task = self._inflight.get(key)
        if task is None or task.done():  # done here only if cancelled before it ever ran
            task = asyncio.create_task(self._run(key, fetch))
            task.add_done_callback(_consume_exception)
            self._inflight[key] = task
        else:
            self.stats.joined += 1
        # The shield keeps one caller's cancellation (a user pressing Cancel, a turn deadline)
        # from cancelling the upstream call the other callers are waiting on.
        return await asyncio.shield(task)

    async def _run(self, key: K, fetch: Callable[[], Awaitable[V]]) -> V:
        self.stats.upstream_calls += 1
        try:
            value = await fetch()
        except BaseException:
            self.stats.upstream_errors += 1
            raise
        else:
            # Stored before the task finishes, so no caller can fall between flight and cache.
            if self._ttl > 0:
                self._store(key, value)
            return value
        finally:
            self._inflight.pop(key, None)

    def _store(self, key: K, value: V) -> None:
        now = self._clock.monotonic()
        if len(self._cache) >= _PRUNE_ABOVE:
            for stale in [k for k, (expires, _) in self._cache.items() if expires <= now]:
                del self._cache[stale]
        self._cache[key] = (now + self._ttl, value)

    def clear(self) -> None:
        """Forget cached results (calls in flight are unaffected)."""
        self._cache.clear()


def _consume_exception(task: asyncio.Task[object]) -> None:
    # If every waiter was cancelled, nobody reads the upstream error; read it here so asyncio
    # does not report "Task exception was never retrieved".
    if not task.cancelled():
        task.exception()


@dataclass(frozen=True, slots=True)
class MarketCacheStats:
    quote: FlightStats
    history: FlightStats

    @property
    def upstream_calls(self) -> int:
        return self.quote.upstream_calls + self.history.upstream_calls


class CachedMarket:
    """MarketData with single-flight and short TTL caches in front of ``inner``.

    Quotes are keyed by symbol (TTL ``quote_ttl``, about a second: a quote's ``fetched_at``
    still says when it was really fetched); histories by (symbol, window), TTL ``history_ttl``.
    """

    def __init__(
        self, inner: MarketData, clock: Clock, quote_ttl: float = 1.0, history_ttl: float = 60.0
    ) -> None:
        self._inner = inner
        self._quotes: SingleFlight[str, Quote] = SingleFlight(clock, quote_ttl)
        self._histories: SingleFlight[tuple[str, HistoryWindow], DailyCloses] = SingleFlight(
            clock, history_ttl
        )
        self._books: SingleFlight[str, Book] = SingleFlight(clock, quote_ttl)
        self._changes: SingleFlight[str, DayChange] = SingleFlight(clock, quote_ttl)

    @property
    def source(self) -> str:
        return self._inner.source

    @property
    def inner(self) -> MarketData:
        return self._inner

    @property
    def stats(self) -> MarketCacheStats:
        return MarketCacheStats(quote=self._quotes.stats, history=self._histories.stats)

    @property
    def upstream_calls(self) -> int:
        """Calls passed to the wrapped market so far (quotes and histories)."""
        return self.stats.upstream_calls

    async def get_quote(self, symbol: str) -> Quote:
        return await self._quotes.get(symbol, lambda: self._inner.get_quote(symbol))

    async def get_book(self, symbol: str) -> Book:
        """Both sides of the best quote (trading), single-flight like the quotes."""
        inner = cast(BookData, self._inner)
        return await self._books.get(symbol, lambda: inner.get_book(symbol))

    async def get_day_change(self, symbol: str) -> DayChange:
        """The 24-hour change (core.market.DayChangeData), single-flight like the quotes."""
        if not isinstance(self._inner, DayChangeData):
            raise MarketError(MarketErrorCode.UNAVAILABLE, f"{self.source} gives no 24-hour change")
        inner = self._inner
        return await self._changes.get(symbol, lambda: inner.get_day_change(symbol))

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        return await self._histories.get(
            (symbol, window), lambda: self._inner.get_daily_closes(symbol, window)
        )

    async def get_klines(self, symbol: str, interval: str, start: datetime, end: datetime) -> list[Candle]:
        """A page of klines (core.backtest.history.KlineSource), passed through: backtests keep
        them in the database, not here."""
        inner = cast("KlineSource", self._inner)
        return await inner.get_klines(symbol, interval, start, end)

    def clear(self) -> None:
        self._quotes.clear()
        self._histories.clear()
        self._books.clear()
        self._changes.clear()
