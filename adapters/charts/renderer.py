"""The ChartRenderer port: matplotlib in a small thread pool, behind an LRU cache and single-flight."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from adapters.charts.cache import RenderCache
from adapters.charts.model import ChartModel, chart_model
from core.i18n import Locale
from core.reply import HistoryBlock, QuoteBlock

log = logging.getLogger(__name__)

RenderFn = Callable[[ChartModel], bytes]

# How long a platform waits for the warm-up (matplotlib's import, ~0.85 s at rest) before taking
# updates anyway: on a machine too busy to finish it by then, updates (most need no chart) are not
# held back longer.
WARM_UP_WAIT = 5.0


def render_with_matplotlib(model: ChartModel) -> bytes:
    # Imported here, in a worker thread: matplotlib (~0.5 s to import) loads with the first chart.
    from adapters.charts.figure import render_png

    return render_png(model)


def _warm_up() -> None:
    from adapters.charts.figure import warm_up

    warm_up()


def _log_warm_up_failure(future: Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("chart warm-up failed (charts are drawn on demand): %r", future.exception())


def _retrieved(future: asyncio.Future[None]) -> None:
    if not future.cancelled():
        future.exception()


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
    share one render. The cache key is the chart model: the language, the current quote, every
    close and label, so two requests share a PNG exactly when the pictures would be equal.
    """

    def __init__(
        self, *, max_workers: int = 2, cache_size: int = 64, render_fn: RenderFn = render_with_matplotlib
    ) -> None:
        self._executor = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="chart-render")
        self._render_fn = render_fn
        self._cache = RenderCache(cache_size)
        self._inflight: dict[ChartModel, asyncio.Task[bytes]] = {}
        self._renders = 0
        self._cache_hits = 0
        self._coalesced = 0
        self._closed = False
        self._warming: Future[None] | None = None

    @property
    def stats(self) -> ChartStats:
        return ChartStats(self._renders, self._cache_hits, self._coalesced, len(self._cache))

    def warm_up(self) -> Future[None]:
        """Import matplotlib and prepare a figure in the background (long-running processes call
        it at start, so the first chart a user asks for is as fast as the next). Once: a second
        call returns the first one's future."""
        if self._warming is None:
            self._warming = self._executor.submit(_warm_up)
            self._warming.add_done_callback(_log_warm_up_failure)
        return self._warming

    async def warmed(self, within: float = WARM_UP_WAIT) -> bool:
        """Start the warm-up (if not yet) and wait for it, ``within`` seconds at most: True when
        it is done (failed included: charts are then drawn on demand), False when the wait ran
        out (it goes on in the background). A platform awaits this before taking updates, so the
        first burst after a start neither waits for matplotlib's import (~0.85 s at rest, every
        chart of the burst behind it) nor shares the GIL with it while its turns run."""
        waited = asyncio.wrap_future(self.warm_up())
        waited.add_done_callback(_retrieved)  # a failure is logged once, by _log_warm_up_failure
        done, _ = await asyncio.wait({waited}, timeout=within)
        return bool(done)

    async def render_history(
        self, history: HistoryBlock, *, quote: QuoteBlock | None = None, locale: Locale = "en"
    ) -> bytes:
        model = chart_model(history, quote, locale)
        cached = self._cache.get(model)
        if cached is not None:
            self._cache_hits += 1
            return cached
        if self._closed:
            raise RuntimeError("chart renderer is closed")
        loop = asyncio.get_running_loop()
        task = self._inflight.get(model)
        # A task left over from another (closed) event loop cannot be awaited here.
        if task is None or task.get_loop() is not loop:
            task = loop.create_task(self._render(model, history.symbol))
            self._inflight[model] = task
            task.add_done_callback(lambda done: self._forget(model, history.symbol, done))
        else:
            self._coalesced += 1
        # shield: one caller giving up (cancelled) must not cancel the render the others wait for.
        return await asyncio.shield(task)

    async def _render(self, model: ChartModel, symbol: str) -> bytes:
        started = time.perf_counter()
        png = await asyncio.get_running_loop().run_in_executor(self._executor, self._render_fn, model)
        self._renders += 1
        self._cache.put(model, png)
        log.debug(
            "rendered chart %s (%s) in %.1f ms, %d bytes",
            symbol,
            model.locale,
            (time.perf_counter() - started) * 1000,
            len(png),
        )
        return png

    def _forget(self, model: ChartModel, symbol: str, done: asyncio.Task[bytes]) -> None:
        if self._inflight.get(model) is done:
            del self._inflight[model]
        if not done.cancelled() and done.exception() is not None:
            log.warning("chart render for %s failed: %r", symbol, done.exception())

    def close(self) -> None:
        """Stop the worker threads (waits for a render in progress). Cached charts stay readable."""
        self._closed = True
        self._executor.shutdown(wait=True, cancel_futures=True)

    async def aclose(self) -> None:
        """close() without blocking the event loop while a render finishes."""
        await asyncio.to_thread(self.close)
