"""deskmate benchmarks. Run with `make bench`.

1. A full core turn for "BTC price" (route, market call, state load/save, dedupe) on an in-memory
   zero-latency market with the SQLite file store.
2. Chart rendering, cold and cached, beside the renderer of before issue 11 (legacy_chart.py).
3. 500 concurrent identical quote requests through the single-flight cache: upstream calls.
4. The job runner on a SQLite file: enqueue, then claim + run + complete no-op jobs.
5. Telegram end to end against a local fake Bot API server, before and after (telegram_e2e.py).
6. Cold start of `deskmate ask "BTC price"` beside `python -c pass` (startup.py).
7. The prose guard on a model answer's 4,800-character head, worst shape (prose_guard.py).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import cast

from adapters.charts import MatplotlibChartRenderer
from adapters.storage.engine import create_engine
from adapters.storage.migrate import upgrade_async
from adapters.storage.price_alerts import SqlAlertStore
from adapters.storage.state_store import SqlStateStore
from bench.prose_guard import bench_prose_guard
from bench.startup import bench_startup
from bench.telegram_e2e import bench_telegram
from bot.catalog import bundled_catalog
from bot.skills import build_registry
from core.chart_png import stack_charts
from core.clock import SystemClock
from core.engine import Core
from core.events import ConversationKey, TextMessage
from core.i18n import Locale
from core.market import BookData, DailyClose, DailyCloses, HistoryWindow, Quote
from core.market_cache import CachedMarket
from core.markets import MarketCatalog
from core.reply import ChartBlock, HistoryBlock, HistoryPoint, QuoteBlock
from core.secrets import SECRET_BOX
from core.services import CATALOG, CLOCK, MARKET, Services
from core.skills.price_alert.ports import PRICE_ALERTS
from core.strategies import STRATEGIES
from core.strategies.memory import MemoryStrategies
from core.tasks.audit import AUDIT_LOG
from core.traders.memory import MemoryTraderStore
from core.traders.ports import TRADERS
from core.trading.memory import MemoryOrderStore
from core.trading.ports import ORDERS
from core.trading.service import TRADING, TradingService
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from core.workspace.model_configs import MODEL_CONFIGS


class InstantMarket:
    """Zero-latency in-memory market; counts calls."""

    source = "bench"

    def __init__(self, latency: float = 0.0) -> None:
        self.latency = latency
        self.calls = 0

    async def get_quote(self, symbol: str) -> Quote:
        self.calls += 1
        if self.latency:
            await asyncio.sleep(self.latency)
        return Quote(symbol, Decimal("97250.50"), "ask", self.source, datetime.now(UTC))

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        self.calls += 1
        return DailyCloses(tuple(DailyClose(d, Decimal(90000 + i)) for i, d in enumerate(window.days)))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def bench_turns(n: int = 2000) -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        await upgrade_async(url)
        engine = create_engine(url)
        clock = SystemClock()
        store = SqlStateStore(engine)
        workspace = MemoryWorkspace()
        services = (
            Services()
            .provide(CLOCK, clock)
            .provide(MARKET, InstantMarket())
            .provide(CATALOG, bundled_catalog())
            .provide(SECRET_BOX, MemorySecretBox())
            .provide(EXCHANGE_ACCOUNTS, workspace.accounts)
            .provide(MODEL_CONFIGS, workspace.models)
            .provide(AUDIT_LOG, workspace.audit)
            .provide(STRATEGIES, MemoryStrategies(workspace.audit, workspace.traders))
            .provide(TRADERS, MemoryTraderStore(workspace.audit, workspace.traders))
        )
        orders = MemoryOrderStore(workspace.audit)
        books = cast(BookData, services.get(MARKET))
        services.provide(ORDERS, orders).provide(
            TRADING, TradingService(orders, books, MarketCatalog(), clock)
        )
        services.provide(PRICE_ALERTS, SqlAlertStore(engine))  # its per-message read is measured too
        # Every registered skill, as in production: all their rules run on each message.
        core = Core(store=store, skills=build_registry().build(services), clock=clock)
        key = ConversationKey("bench", "chat", "user")
        for i in range(50):  # warm-up
            await core.handle(TextMessage(f"w{i}", key, text="BTC price"))
        latencies = []
        started = time.perf_counter()
        for i in range(n):
            t0 = time.perf_counter()
            reply = await core.handle(TextMessage(f"e{i}", key, text="BTC price"))
            latencies.append((time.perf_counter() - t0) * 1000)
            assert isinstance(reply.blocks[0], QuoteBlock)
        elapsed = time.perf_counter() - started
        # Many conversations at once, as a bot sees them: turns of different chats overlap.
        chats = 32
        per_chat = n // chats

        async def converse(c: int) -> None:
            key = ConversationKey("bench", f"chat-{c}", f"user-{c}")
            for i in range(per_chat):
                await core.handle(TextMessage(f"c{c}-{i}", key, text="BTC price"))

        started = time.perf_counter()
        await asyncio.gather(*(converse(c) for c in range(chats)))
        concurrent_rate = chats * per_chat / (time.perf_counter() - started)
        await store.close()
        await engine.dispose()
    return [
        (
            "core turn 'BTC price', SQLite file store: p50",
            f"{statistics.median(latencies):.2f} ms (aim <= 5)",
        ),
        ("core turn: p99", f"{pct(latencies, 0.99):.2f} ms"),
        ("core turn: throughput, one conversation at a time", f"{n / elapsed:,.0f} turns/s"),
        ("core turn: throughput, 32 conversations at once", f"{concurrent_rate:,.0f} turns/s (aim >= 500)"),
    ]


async def bench_chart(runs: int = 21) -> list[tuple[str, str]]:
    """New and old renderer, alternately (so machine noise hits both alike), each on a history
    it has not drawn before; the first of each is reported apart (it loads fonts, a template)."""
    t0 = time.perf_counter()
    from bench import legacy_chart  # imports matplotlib (the product does so with its first chart)

    import_ms = (time.perf_counter() - t0) * 1000
    renderer = MatplotlibChartRenderer()
    old_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="legacy-chart")
    loop = asyncio.get_running_loop()
    start = date(2026, 7, 6)

    def coin(name: str, r: int) -> tuple[HistoryBlock, QuoteBlock]:
        points = tuple(HistoryPoint(start + timedelta(days=i), Decimal(97000 + 37 * i + r)) for i in range(7))
        history = HistoryBlock(f"{name}USDT", name, "USDT", points, (), "bench", datetime.now(UTC))
        quote = QuoteBlock(
            history.symbol, name, "USDT", Decimal(97500 + r), "ask", "bench", history.fetched_at
        )
        return history, quote

    def blocks(pngs: list[bytes], coins: list[tuple[HistoryBlock, QuoteBlock]]) -> list[ChartBlock]:
        return [ChartBlock(png, h.symbol, h.source, h.base) for png, (h, _) in zip(pngs, coins, strict=True)]

    new, old, stacked, stacked_old = [], [], [], []
    for r in range(runs):  # a different history each time: nothing cached
        history, quote = coin(f"B{r}", r)
        locale: Locale = "zh" if r % 2 else "en"
        t0 = time.perf_counter()
        await renderer.render_history(history, quote=quote, locale=locale)
        new.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        await loop.run_in_executor(old_pool, legacy_chart.render_png, history)
        old.append((time.perf_counter() - t0) * 1000)
        # A three-coin answer: its charts drawn at once on the pool, then stacked into one PNG;
        # before, three pictures one after another.
        coins = [coin(f"S{r}X{k}", r + k) for k in range(3)]
        t0 = time.perf_counter()
        pngs = await asyncio.gather(*(renderer.render_history(h, quote=q, locale=locale) for h, q in coins))
        one = stack_charts(blocks(pngs, coins))
        stacked.append((time.perf_counter() - t0) * 1000)
        assert one is not None
        t0 = time.perf_counter()
        for h, _ in coins:
            await loop.run_in_executor(old_pool, legacy_chart.render_png, h)
        stacked_old.append((time.perf_counter() - t0) * 1000)
    three = blocks(pngs, coins)
    joins = []
    for _ in range(1000):
        t0 = time.perf_counter()
        stack_charts(three)
        joins.append((time.perf_counter() - t0) * 1000)
    cached = []
    for _ in range(1000):
        t0 = time.perf_counter()
        await renderer.render_history(history, quote=quote, locale="en")
        cached.append((time.perf_counter() - t0) * 1000)
    renderer.close()
    old_pool.shutdown()
    return [
        (
            f"chart render, cold (median of {runs - 1}, first excluded): now",
            f"{statistics.median(new[1:]):.1f} ms (aim <= 35)",
        ),
        (
            "chart render, cold: before issue 11, same run",
            f"{statistics.median(old[1:]):.1f} ms",
        ),
        (
            "chart render, first in process: now / before (matplotlib imported already)",
            f"{new[0]:.1f} ms / {old[0]:.1f} ms (matplotlib import: {import_ms:.0f} ms)",
        ),
        ("chart render, cached (median of 1000)", f"{statistics.median(cached) * 1000:.1f} µs (aim <= 1 ms)"),
        (
            f"3-coin chart, cold (3 charts on the pool + stacked into one PNG, median of {runs - 1}): now",
            f"{statistics.median(stacked[1:]):.1f} ms",
        ),
        (
            "3-coin chart, cold: before issue 11 (3 separate pictures, same run)",
            f"{statistics.median(stacked_old[1:]):.1f} ms",
        ),
        (
            "3-coin chart: stacking 3 rendered charts into one PNG (median of 1000)",
            f"{statistics.median(joins) * 1000:.0f} µs",
        ),
    ]


async def bench_single_flight(n: int = 500) -> list[tuple[str, str]]:
    inner = InstantMarket(latency=0.05)
    market = CachedMarket(inner, SystemClock())
    t0 = time.perf_counter()
    quotes = await asyncio.gather(*(market.get_quote("BTCUSDT") for _ in range(n)))
    elapsed = (time.perf_counter() - t0) * 1000
    assert len({q.price for q in quotes}) == 1
    return [
        (f"{n} concurrent identical quotes: upstream calls", f"{inner.calls} (aim 1)"),
        (f"{n} concurrent identical quotes: wall time (50 ms upstream)", f"{elapsed:.0f} ms"),
    ]


async def bench_jobs(n: int = 2000) -> list[tuple[str, str]]:
    from adapters.storage.deliveries import SqlDeliveryLog
    from adapters.storage.jobs import SqlJobStore
    from core.jobs import (
        DONE,
        Job,
        JobContext,
        JobKind,
        JobKinds,
        JobQueue,
        JobResult,
        JobRunner,
        RunnerConfig,
    )
    from core.outbound import PlatformRouter, RecordedOutbound

    async def noop(job: Job, ctx: JobContext) -> JobResult:
        return DONE

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        await upgrade_async(url)
        engine = create_engine(url)
        store, deliveries, clock = SqlJobStore(engine), SqlDeliveryLog(engine), SystemClock()
        kinds = JobKinds([JobKind("bench.noop", noop)])
        queue = JobQueue(store, kinds, clock)
        t0 = time.perf_counter()
        for i in range(n):
            await queue.enqueue("bench.noop", {"i": i})
        enqueue_rate = n / (time.perf_counter() - t0)
        outbound = RecordedOutbound(PlatformRouter(), deliveries, clock)
        runner = JobRunner(store, kinds, outbound, clock, RunnerConfig(concurrency=16))
        t0 = time.perf_counter()
        runs = await runner.run_due()
        run_rate = len(runs) / (time.perf_counter() - t0)
        assert len(runs) == n
        await store.close()
        await deliveries.close()
        await engine.dispose()
    return [
        ("jobs: enqueue, one at a time (SQLite file)", f"{enqueue_rate:,.0f} jobs/s"),
        ("jobs: claim + run + complete, no-op jobs, batches of 16", f"{run_rate:,.0f} jobs/s"),
    ]


async def main() -> None:
    rows = [
        *await bench_turns(),
        *await bench_chart(),
        *await bench_single_flight(),
        *await bench_jobs(),
        *bench_prose_guard(),
        *await bench_telegram(),
        *await asyncio.to_thread(bench_startup),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{'benchmark'.ljust(width)} | result")
    print(f"{'-' * width}-|-{'-' * 30}")
    for name, value in rows:
        print(f"{name.ljust(width)} | {value}")


if __name__ == "__main__":
    asyncio.run(main())
