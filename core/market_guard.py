"""An exchange's rate limit or ban, respected by every process that shares the database; and a
per-minute request-weight budget those processes share.

When Binance answers 429 or 418, every deskmate process on that IP must stop calling until the
wait is over: Binance escalates bans for clients that keep calling. MarketGuard wraps a
MarketData (and its list of markets, core.markets.CatalogSource, when it has one: the daily
catalog refresh is a call like any other, and a heavy one): before a call it checks the
recorded block (a read cached for ``read_ttl``, so a busy process reads the store about once a
second, not once a call), and a rate limit or block raised by the wrapped market is recorded
for everyone.

A block never lasts longer than MAX_RETRY_AFTER_SECONDS after it was recorded, whatever its
``until`` says (a bogus header, another version, a skewed clock): after that one call is tried
again, and a still-banned answer records a new block.

The weight budget: Binance allows 6,000 request weight a minute per IP, counted across every
process on it. Before a call the guard takes its weight from the current UTC minute's budget in
a store every process shares (WeightStore: one atomic upsert that adds only while the sum stays
within the limit), so two processes together stay under it; a call that would pass it is not
made: MarketError RATE_LIMITED with the seconds left in the minute (callers wait or say so,
as for a 429; nothing is recorded as a block). Weights are Binance's own (WEIGHTS).

When the weight store can read the block as it takes (BlockReadingWeightStore: the SQL store, one
statement on PostgreSQL), a call whose cached block read is stale does both in one call to it, the
weight taken only when no block is on: the same decisions, one round trip where there were two.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol, TypeVar, cast, runtime_checkable

from core.backtest.history import KlineSource
from core.backtest.model import Candle
from core.clock import Clock
from core.market import (
    MAX_RETRY_AFTER_SECONDS,
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
from core.markets import CatalogSource, MarketSpec

log = logging.getLogger(__name__)

T = TypeVar("T")

BLOCKING_CODES = frozenset({MarketErrorCode.RATE_LIMITED, MarketErrorCode.BLOCKED})
DEFAULT_WAIT_SECONDS = 30.0  # a rate limit that came without a wait


@dataclass(frozen=True, slots=True)
class MarketBlock:
    """No requests to ``source`` before ``until``; ``reason``: RATE_LIMITED or BLOCKED."""

    source: str
    until: datetime  # aware UTC
    reason: str  # the MarketErrorCode callers get while it lasts
    recorded_at: datetime  # aware UTC

    @property
    def ends_at(self) -> datetime:
        """``until``, but never more than MAX_RETRY_AFTER_SECONDS after ``recorded_at``."""
        return min(self.until, self.recorded_at + timedelta(seconds=MAX_RETRY_AFTER_SECONDS))

    def remaining(self, now: datetime) -> float:
        return max(0.0, (self.ends_at - now).total_seconds())

    def outlasts(self, other: MarketBlock) -> bool:
        """True when this block is still on when ``other`` ends (a stored block that is kept)."""
        return self.ends_at >= other.ends_at


class MarketBlockStore(Protocol):
    """Port: the blocks every process sees (a database table in production)."""

    async def get_block(self, source: str) -> MarketBlock | None:
        """The block recorded for ``source`` (possibly over already), or None."""
        ...

    async def record_block(self, block: MarketBlock) -> None:
        """Record ``block`` unless a block ending later (MarketBlock.outlasts) is already
        recorded for its source. Blocks are recorded with ``until - recorded_at`` at most
        MAX_RETRY_AFTER_SECONDS, so a stored ``until`` beyond ``block.recorded_at`` plus that maximum
        can only be bogus and is replaced."""
        ...


class MemoryMarketBlockStore:
    """A MarketBlockStore for one process (tests, a run without a database)."""

    def __init__(self) -> None:
        self._blocks: dict[str, MarketBlock] = {}

    async def get_block(self, source: str) -> MarketBlock | None:
        return self._blocks.get(source)

    async def record_block(self, block: MarketBlock) -> None:
        current = self._blocks.get(block.source)
        if current is None or not current.outlasts(block):
            self._blocks[block.source] = block


# Binance's request weight of each call the guard wraps (GET /api/v3/ticker/price, bookTicker,
# ticker/24hr and klines for one symbol: 2 each in the current limits; exchangeInfo: 20).
WEIGHTS: dict[str, int] = {
    "quote": 2,
    "book": 2,
    "day_change": 2,
    "daily_closes": 2,
    "klines": 2,
    "markets": 20,
}
BINANCE_WEIGHT_PER_MINUTE = 6000  # the exchange's limit per IP
DEFAULT_WEIGHT_BUDGET = 4000  # deskmate's share by default: room for live trading's signed calls


class WeightStore(Protocol):
    """Port: the request weight every process has used in a minute (a database table in
    production)."""

    async def take(self, source: str, minute: int, weight: int, limit: int) -> bool:
        """Add ``weight`` to ``source``'s use in ``minute`` (minutes since the epoch, UTC) when the
        sum stays within ``limit``, atomically across processes; False (nothing added) when not."""
        ...


@runtime_checkable
class BlockReadingWeightStore(WeightStore, Protocol):
    """A WeightStore that can also read the recorded block as it takes: one call to the store
    before a call to the exchange, where a read of the block and a take were two (a database's
    round trip each)."""

    async def take_unless_blocked(
        self, source: str, minute: int, weight: int, limit: int, now: datetime
    ) -> tuple[bool, MarketBlock | None]:
        """The block recorded for ``source`` (possibly over already), or None; and whether
        ``weight`` was taken as ``take`` does, which it is only when that block is not on at
        ``now`` (MarketBlock.remaining), atomically across processes."""
        ...


class MemoryWeightStore:
    """A WeightStore for one process (tests, a run without a database)."""

    def __init__(self) -> None:
        self.used: dict[tuple[str, int], int] = {}

    async def take(self, source: str, minute: int, weight: int, limit: int) -> bool:
        used = self.used.get((source, minute), 0)
        if used + weight > limit:
            return False
        self.used[(source, minute)] = used + weight
        return True


class MarketGuard:
    """MarketData that refuses calls while its source is blocked, and records new blocks."""

    def __init__(
        self,
        inner: MarketData,
        blocks: MarketBlockStore,
        clock: Clock,
        *,
        read_ttl: float = 1.0,
        weights: WeightStore | None = None,
        weight_budget: int = DEFAULT_WEIGHT_BUDGET,
    ) -> None:
        self._inner = inner
        self._blocks = blocks
        self._weights = weights
        self._budget = weight_budget
        self._clock = clock
        self._read_ttl = read_ttl
        self._known: MarketBlock | None = None
        self._read_at: float | None = None  # clock.monotonic() of the last store read
        self._reading = asyncio.Lock()

    @property
    def source(self) -> str:
        return self._inner.source

    @property
    def inner(self) -> MarketData:
        return self._inner

    async def get_quote(self, symbol: str) -> Quote:
        return await self._guarded(lambda: self._inner.get_quote(symbol), "quote")

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        return await self._guarded(lambda: self._inner.get_daily_closes(symbol, window), "daily_closes")

    async def get_day_change(self, symbol: str) -> DayChange:
        inner = self._inner
        if not isinstance(inner, DayChangeData):
            raise MarketError(MarketErrorCode.UNAVAILABLE, f"{self.source} gives no 24-hour change")
        return await self._guarded(lambda: inner.get_day_change(symbol), "day_change")

    async def get_book(self, symbol: str) -> Book:
        inner = cast(BookData, self._inner)
        return await self._guarded(lambda: inner.get_book(symbol), "book")

    async def get_klines(self, symbol: str, interval: str, start: datetime, end: datetime) -> list[Candle]:
        """A page of klines (core.backtest.history.KlineSource), under the same block."""
        inner = cast(KlineSource, self._inner)
        return await self._guarded(lambda: inner.get_klines(symbol, interval, start, end), "klines")

    async def list_markets(self) -> list[MarketSpec]:
        """The exchange's list of markets (core.markets.CatalogSource), under the same block."""
        inner = cast(CatalogSource, self._inner)
        return await self._guarded(inner.list_markets, "markets")

    async def _guarded(self, call: Callable[[], Awaitable[T]], what: str) -> T:
        if not await self._take_reading_block(WEIGHTS[what]):
            block = await self._current()
            now = self._clock.now()
            if block is not None and (left := block.remaining(now)) > 0:
                raise MarketError(
                    block.reason, f"{self.source} is blocking requests; {left:.0f} s left", left
                )
            await self._take_weight(WEIGHTS[what], now)
        try:
            return await call()
        except MarketError as exc:
            if exc.code in BLOCKING_CODES:
                await self._record(exc)
            raise

    async def _take_reading_block(self, weight: int) -> bool:
        """When the block is read from the store this time (the cached read is stale, no block
        known here is on) and the weight store can read it as it takes: both in one call, the
        weight taken only when that block is not on. True when done (the call may go ahead);
        raises as the two apart would; False when not tried."""
        weights = self._weights
        if not isinstance(weights, BlockReadingWeightStore) or self._reading.locked():
            return False
        now = self._clock.now()
        if self._read_at is not None and self._clock.monotonic() - self._read_at < self._read_ttl:
            return False  # the cached read stands: the take alone
        if self._known is not None and self._known.remaining(now) > 0:
            return False  # refused either way, without taking weight
        seconds = now.timestamp()
        try:
            granted, stored = await weights.take_unless_blocked(
                self.source, int(seconds // 60), weight, self._budget, now
            )
        except Exception:  # both are safeguards: their failure must not stop prices
            log.warning(
                "could not read the %s block or count its request weight; calling anyway", self.source
            )
            self._read_at = self._clock.monotonic()
            return True
        self._known = _longer(self._known, stored)
        self._read_at = self._clock.monotonic()
        block = self._known  # possibly recorded by another call of this process meanwhile: now again
        if block is not None and (left := block.remaining(self._clock.now())) > 0:
            raise MarketError(block.reason, f"{self.source} is blocking requests; {left:.0f} s left", left)
        if not granted:
            raise MarketError(
                MarketErrorCode.RATE_LIMITED,
                f"{self.source}: this minute's request weight budget ({self._budget}) is used up",
                60 - seconds % 60,
            )
        return True

    async def _take_weight(self, weight: int, now: datetime) -> None:
        """This call's weight from the minute's shared budget, or RATE_LIMITED without calling."""
        if self._weights is None:
            return
        seconds = now.timestamp()
        try:
            granted = await self._weights.take(self.source, int(seconds // 60), weight, self._budget)
        except Exception:  # a safeguard, like the block store: its failure must not stop prices
            log.warning("could not count the %s request weight; calling anyway", self.source)
            return
        if not granted:
            left = 60 - seconds % 60
            raise MarketError(
                MarketErrorCode.RATE_LIMITED,
                f"{self.source}: this minute's request weight budget ({self._budget}) is used up",
                left,
            )

    async def _current(self) -> MarketBlock | None:
        async with self._reading:
            fresh = self._read_at is not None and self._clock.monotonic() - self._read_at < self._read_ttl
            if not fresh:
                try:
                    stored = await self._blocks.get_block(self.source)
                except Exception:  # the block store is a safeguard: its failure must not stop prices
                    log.warning("could not read the %s block; using what this process knows", self.source)
                else:
                    self._known = _longer(self._known, stored)
                self._read_at = self._clock.monotonic()
            return self._known

    async def _record(self, exc: MarketError) -> None:
        now = self._clock.now()
        wait = min(exc.retry_after or DEFAULT_WAIT_SECONDS, MAX_RETRY_AFTER_SECONDS)
        block = MarketBlock(self.source, now + timedelta(seconds=wait), exc.code, now)
        self._known = _longer(self._known, block)  # this process stops at once, whatever the store does
        try:
            await self._blocks.record_block(block)
        except Exception:
            log.warning("could not share the %s block with other processes", self.source)


def _longer(a: MarketBlock | None, b: MarketBlock | None) -> MarketBlock | None:
    if a is None or b is None:
        return a or b
    return a if a.outlasts(b) else b
