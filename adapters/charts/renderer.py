"""The ChartRenderer port: matplotlib in a small thread pool, behind an LRU cache and single-flight."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from adapters.charts.cache import CacheKey, Fingerprint, RenderCache, cache_key, fingerprint
from adapters.charts.figure import render_png
from core.reply import HistoryBlock

log = logging.getLogger(__name__)

RenderFn = Callable[[HistoryBlock], bytes]


@dataclass(frozen=True, slots=True)
class ChartStats:
    renders: int  # charts actually drawn by matplotlib
    cache_hits: int  # answered from the cache without drawing
    coalesced: int  # callers that joined an identical render already in flight
    cached_entries: int


class MatplotlibChartRenderer:
    """PNG line charts of daily closes, drawn off the event loop.

    A cached chart is returned straight from the event loop (microseconds); a new one is drawn in
    a dedicated pool of at most ``max_workers`` threads, so a burst of chart requests can neither
    block the loop nor take every default-executor thread. Concurrent requests for the same chart
    share one render.
    """

    def __init__(
        self, *, max_workers: int = 2, cache_size: int = 64, render_fn: RenderFn = render_png
    ) -> None:
        self._executor = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="chart-render")
        self._render_fn = render_fn
        self._cache = RenderCache(cache_size)
        self._inflight: dict[tuple[CacheKey, Fingerprint], asyncio.Task[bytes]] = {}
        self._renders = 0
        self._cache_hits = 0
        self._coalesced = 0
        self._closed = False

    @property
    def stats(self) -> ChartStats:
        return ChartStats(self._renders, self._cache_hits, self._coalesced, len(self._cache))

    async def render_history(self, history: HistoryBlock) -> bytes:
        key, fp = cache_key(history), fingerprint(history)
        cached = self._cache.get(key, fp)
        if cached is not None:
            self._cache_hits += 1
            return cached
        if self._closed:
            raise RuntimeError("chart renderer is closed")
        loop = asyncio.get_running_loop()
        flight = (key, fp)
        task = self._inflight.get(flight)
        # A task left over from another (closed) event loop cannot be awaited here.
        if task is None or task.get_loop() is not loop:
            task = loop.create_task(self._render(history, key, fp))
            self._inflight[flight] = task
            task.add_done_callback(lambda done: self._forget(flight, done))
        else:
            self._coalesced += 1
        # shield: one caller giving up (cancelled) must not cancel the render the others wait for.
        return await asyncio.shield(task)

    async def _render(self, history: HistoryBlock, key: CacheKey, fp: Fingerprint) -> bytes:
        started = time.perf_counter()
        png = await asyncio.get_running_loop().run_in_executor(self._executor, self._render_fn, history)
        self._renders += 1
        self._cache.put(key, fp, png)
        log.debug(
            "rendered chart %s (%s, %s) in %.1f ms, %d bytes",
            history.symbol,
            history.source,
            key[1],
            (time.perf_counter() - started) * 1000,
            len(png),
        )
        return png

    def _forget(self, flight: tuple[CacheKey, Fingerprint], done: asyncio.Task[bytes]) -> None:
        if self._inflight.get(flight) is done:
            del self._inflight[flight]
        if not done.cancelled() and done.exception() is not None:
            log.warning("chart render for %s failed: %r", flight[0][0], done.exception())

    def close(self) -> None:
        """Stop the worker threads (waits for a render in progress). Cached charts stay readable."""
        self._closed = True
        self._executor.shutdown(wait=True, cancel_futures=True)

    async def aclose(self) -> None:
        """close() without blocking the event loop while a render finishes."""
        await asyncio.to_thread(self.close)
