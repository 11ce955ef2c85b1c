"""A backtest's history: klines from the market, in pages, cached so a window is fetched once.

The cache keeps the candles and the spans already asked for (``fetched``), so a window asked
again makes no request, and the candles an exchange did not have (a gap: a halt, before a
listing) are not asked for again either — they stay gaps, reported, never filled. Only closed
candles are asked for (a window ends at the last closed candle: core.backtest.model.window_before).

Requests: one page is at most PAGE candles (Binance's largest ``limit`` for klines, weight 2 per
request); a window needing more than MAX_PAGES is refused before any request, so one backtest
stays a small share of the weight Binance allows an IP per minute (6,000), shared by every
process on it. Calls go through the market guard (core.market_guard), so a rate limit or ban
recorded by any process stops them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Protocol

from core.backtest.model import Candle, Gap, Window, gaps_in
from core.services import ServiceKey

PAGE: Final = 1000
KLINES_WEIGHT: Final = 2  # Binance's request weight of GET /api/v3/klines
MAX_PAGES: Final = 40  # weight 80 at most per backtest: 1.3 % of the per-minute allowance


class TooLong(ValueError):
    """A window that would need more than MAX_PAGES requests."""

    def __init__(self, candles: int) -> None:
        super().__init__(f"{candles} candles need more than {MAX_PAGES} pages")
        self.candles = candles


class KlineSource(Protocol):
    """Port: a market's klines (Binance over HTTP, the demo market)."""

    @property
    def source(self) -> str: ...

    async def get_klines(self, symbol: str, interval: str, start: datetime, end: datetime) -> list[Candle]:
        """The closed candles of ``interval`` opening in [start, end), at most PAGE of them, oldest
        first; fewer when the market has fewer (never invented). Raises MarketError."""
        ...


@dataclass(frozen=True, slots=True)
class Span:
    start: datetime
    end: datetime


class KlineCache(Protocol):
    """Port: klines kept in the database, with the spans already fetched."""

    async def candles(self, source: str, window: Window) -> list[Candle]:
        """The stored candles of the window, oldest first."""
        ...

    async def fetched(self, source: str, window: Window) -> list[Span]:
        """The spans of the window's symbol and interval already asked for, overlapping it."""
        ...

    async def store(self, source: str, window: Window, span: Span, candles: Sequence[Candle]) -> None:
        """Keep ``candles`` and record ``span`` as asked for (one transaction; idempotent)."""
        ...


@dataclass(frozen=True, slots=True)
class History:
    window: Window
    candles: tuple[Candle, ...]
    gaps: tuple[Gap, ...]
    requests: int  # made for this window (0 when the cache had it all)
    source: str


def missing(window: Window, spans: Sequence[Span]) -> list[Span]:
    """The parts of the window no span covers, each cut into pages of at most PAGE candles."""
    step = window.step
    runs: list[Span] = []
    run_start: datetime | None = None
    count = 0
    for t in window.open_times():
        covered = any(s.start <= t < s.end for s in spans)
        if not covered:
            run_start = run_start or t
            count += 1
        if run_start is not None and (covered or count == PAGE):
            runs.append(Span(run_start, run_start + step * count))
            run_start, count = None, 0
    if run_start is not None:
        runs.append(Span(run_start, run_start + step * count))
    return runs


async def load(window: Window, market: KlineSource, cache: KlineCache) -> History:
    """The window's candles: from the cache, the rest fetched page by page and cached."""
    source = market.source
    pages = missing(window, await cache.fetched(source, window))
    if len(pages) > MAX_PAGES:
        raise TooLong(window.count)
    for page in pages:
        got = await market.get_klines(window.symbol, window.interval, page.start, page.end)
        await cache.store(source, window, page, [c for c in got if page.start <= c.open_time < page.end])
    candles = await cache.candles(source, window)
    return History(window, tuple(candles), gaps_in(window, candles), len(pages), source)


class MemoryKlineCache:
    """A KlineCache for one process (tests, a run without a database)."""

    def __init__(self) -> None:
        self._candles: dict[tuple[str, str, str], dict[datetime, Candle]] = {}
        self._spans: dict[tuple[str, str, str], list[Span]] = {}

    async def candles(self, source: str, window: Window) -> list[Candle]:
        kept = self._candles.get((source, window.symbol, window.interval), {})
        return [kept[t] for t in sorted(kept) if window.start <= t < window.end]

    async def fetched(self, source: str, window: Window) -> list[Span]:
        spans = self._spans.get((source, window.symbol, window.interval), [])
        return [s for s in spans if s.start < window.end and s.end > window.start]

    async def store(self, source: str, window: Window, span: Span, candles: Sequence[Candle]) -> None:
        key = (source, window.symbol, window.interval)
        self._candles.setdefault(key, {}).update({c.open_time: c for c in candles})
        self._spans.setdefault(key, []).append(span)


KLINE_CACHE: Final = ServiceKey[KlineCache]("kline cache")
