"""deskmate benchmarks. Run with `make bench` (a few minutes). What is measured is what ships:
the app `deskmate run` builds (bot.wiring.build_app: every skill, the SQL stores, the real
adapters) and the `deskmate telegram` process, against local fakes in processes of their own with
realistic latency (Binance 15 ms, the Bot API 5 ms; bench/fakes.py). Each figure is printed beside
its baseline measured in the same run, labelled as such, with the load average of the machine.

1. Core turns for "BTC price" on SQLite and PostgreSQL (bench/turns.py) beside the price skill alone
   on the memory store and a zero-latency market.
2. Routing one message through the language layer beside every skill's rules, over every corpus file.
3. Chart rendering, cold and cached, beside the renderer of before issue 11 (legacy_chart.py).
4. 500 concurrent identical quote requests through the single-flight cache: upstream calls.
5. The job runner on a SQLite file: enqueue, then claim + run + complete no-op jobs.
6. A 120-user Telegram chart burst: `deskmate telegram` beside the price-only process (webhook.py).
7. Scale-out: 1, 2, 4 `deskmate telegram` processes on one PostgreSQL behind a round-robin proxy.
8. Cold start of `deskmate ask "BTC price"` beside `python -c pass` (startup.py).
9. The prose guard on a model answer's 4,800-character head, worst shape (prose_guard.py).
10. Backtests: a 50-level grid and a daily dca over 2,160 1h candles beside a plain loop, and the
    requests of a cold 90-day 1h window and of the same window again (backtest.py).
11. Orders and jobs on the shipped app, SQLite and PostgreSQL: a paper buy's summary and confirm
    beside a price turn, a due DCA trader's tick and a firing alert per item beside a no-op job
    (work.py).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from adapters.charts import MatplotlibChartRenderer
from adapters.storage.engine import create_engine
from adapters.storage.migrate import upgrade_async
from bench.backtest import bench_backtest
from bench.prose_guard import bench_prose_guard
from bench.startup import bench_startup
from bench.turns import InstantMarket, bench_turns
from bench.webhook import bench_burst, bench_scale_out
from bench.work import bench_work
from core.chart_png import stack_charts
from core.clock import SystemClock
from core.i18n import Locale
from core.market_cache import CachedMarket
from core.reply import ChartBlock, HistoryBlock, HistoryPoint, QuoteBlock


def bench_routing() -> list[tuple[str, str]]:
    """Every corpus message (rows, pending, the shared corpus) read as the engine reads it
    (read_asks: clauses, several asks, a story beside an ask), by the router alone on the whole
    message, and by every skill's rules alone (before the layer), interleaved in one loop; thread
    CPU time per message."""
    from bench.routing import ENGINE, ROUTER, RULES, per_message

    figures = per_message(rounds=10)
    (engine_50, engine_99, count), (router_50, router_99, _), (rules_50, rules_99, _) = (
        figures[ENGINE],
        figures[ROUTER],
        figures[RULES],
    )
    return [
        (
            f"routing one message, all {count} corpus messages x 10 (thread CPU): p50 / p99, "
            "as the engine reads it (read_asks) [router alone; rules alone, before]",
            f"{engine_50:.3f} ms / {engine_99:.3f} ms [{router_50:.3f} ms / {router_99:.3f} ms; "
            f"{rules_50:.3f} ms / {rules_99:.3f} ms] (aim p99 <= 0.5 ms)",
        )
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
    rows: list[tuple[str, str]] = []

    def add(found: list[tuple[str, str]]) -> None:
        load = os.getloadavg()[0]
        for name, value in found:
            rows.append((name, f"{value} [load {load:.1f}]"))
            print(f"{name} | {rows[-1][1]}", file=sys.stderr, flush=True)  # kept if a later one fails

    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        add(await bench_turns(data_dir))
        add(await bench_work(data_dir))
        add(bench_routing())
        add(await bench_chart())
        add(await bench_single_flight())
        add(await bench_jobs())
        add(bench_prose_guard())
        add(await bench_backtest(data_dir))
        add(await bench_burst(data_dir))
        add(await bench_scale_out(data_dir))
        add(await asyncio.to_thread(bench_startup))
    width = max(len(name) for name, _ in rows)
    print(f"{'benchmark'.ljust(width)} | result")
    print(f"{'-' * width}-|-{'-' * 30}")
    for name, value in rows:
        print(f"{name.ljust(width)} | {value}")


if __name__ == "__main__":
    asyncio.run(main())
