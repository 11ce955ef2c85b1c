"""Orders and jobs on the app `deskmate run` builds (every skill, the SQL stores, the real Binance
adapter against the local fake at 15 ms), on a SQLite file and on PostgreSQL:

- a paper buy: its summary ("buy 10 USDT of BTC") and its confirm (the button pressed), p50, beside
  a "BTC price" turn of the same app in the same loop;
- the job runner's work per item: a due DCA trader's tick (its decision, the paper order, the
  trader's counters, the owner's fill notice), and a firing price alert (one check of the symbol,
  then each firing's card, claim and delivery), beside a no-op job through the same runner on the
  same database. Items per run: ``items``; the per-item figure is the run's time divided by them;
  for alerts also the marginal cost of one more firing (a check of MORE_FIRINGS against one of
  ``items``), which shows the per-item cost growing linearly, the check's fixed part aside.

The app runs on a fixed clock moved forward by hand, so the jobs are due when the bench says so.
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

from bench.fakes import running
from bench.shipped import BACKENDS, Backend, Unavailable, database, settings
from bot.jobs import build_runner
from bot.wiring import App, build_app
from core.clock import FixedClock
from core.events import ButtonPress, ConversationKey, TextMessage
from core.jobs import DONE, Job, JobContext, JobKind, JobKinds, JobResult, JobRunner
from core.reply import Reply
from core.skills.price_alert.skill import CHECK_EVERY
from core.traders.runtime import KIND as TICK

T0 = datetime(2030, 1, 6, 9, 0, tzinfo=UTC)  # the app's clock: jobs are due when it is moved
NOOP = "bench.noop"
MORE_FIRINGS = 100  # the larger check of the marginal alert row (_alerts_marginal)
MARGINAL_PAIRS = 5  # checks of each size it takes the median of


async def _noop(job: Job, ctx: JobContext) -> JobResult:
    return DONE


def _confirm(reply: Reply) -> str | None:
    return next((b.token for b in reply.buttons if b.style == "primary"), None)


class _Person:
    def __init__(self, app: App, n: int) -> None:
        self.app = app
        self.key = ConversationKey("console", f"bench-{n}", f"user-{n}")

    async def say(self, text: str) -> Reply:
        return await self.app.core.handle(TextMessage(uuid.uuid4().hex, self.key, text=text))

    async def press(self, token: str) -> Reply:
        return await self.app.core.handle(ButtonPress(uuid.uuid4().hex, self.key, token=token))


async def _paper(app: App, rounds: int) -> tuple[list[float], list[float], list[float]]:
    """(price turn, buy summary, confirm) latencies in ms, interleaved."""
    person = _Person(app, 0)
    price, summary, confirm = [], [], []
    for i in range(rounds + 3):  # the first three warm up
        t0 = time.perf_counter()
        await person.say("BTC price")
        t1 = time.perf_counter()
        reply = await person.say("buy 10 USDT of BTC")
        t2 = time.perf_counter()
        token = _confirm(reply)
        if token is None:
            raise RuntimeError(f"no confirm button on a paper buy: {reply}")
        done = await person.press(token)
        t3 = time.perf_counter()
        if done.status.value != "completed":
            raise RuntimeError(f"a paper confirm did not complete: {done}")
        if i >= 3:
            price.append((t1 - t0) * 1000)
            summary.append((t2 - t1) * 1000)
            confirm.append((t3 - t2) * 1000)
    return price, summary, confirm


@dataclass
class _Cost:
    """A run's wall and CPU time (the process's, its threads included: SQLite's workers), ms."""

    wall: float = 0.0
    cpu: float = 0.0

    def per(self, items: int) -> _Cost:
        return _Cost(self.wall / items, self.cpu / items)

    def __str__(self) -> str:
        return f"{self.wall:.1f} ms (CPU {self.cpu:.1f} ms)"


async def _run_due(app: App, *, only: str | None = None, but: str | None = None) -> tuple[int, _Cost]:
    """Every job due (of kind ``only``, or of every kind but ``but``): how many ran, and its cost."""
    from adapters.console import CollectingOutbound

    outbound = CollectingOutbound()
    runner = build_runner(app, outbound)
    if only is not None or but is not None:
        kinds = JobKinds(k for name, k in app.jobs.kinds.items() if name == only or (but and name != but))
        runner = JobRunner(runner.store, kinds, runner.outbound, runner.clock, runner.config)
    t0, c0 = time.perf_counter(), time.process_time()
    runs = await runner.run_due()
    return len(runs), _Cost((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000)


async def _noop_per_item(app: App, clock: FixedClock, items: int) -> _Cost:
    await _run_due(app)  # whatever else is due first
    for i in range(items):
        await app.jobs.enqueue(NOOP, {"i": i}, due_at=clock.now())
    ran, cost = await _run_due(app)
    assert ran == items, ran
    return cost.per(items)


async def _dca_per_trader(app: App, clock: FixedClock, items: int) -> tuple[_Cost, int]:
    """``items`` owners each start a daily DCA trader on a paper account; a day later every
    tick is due: ms per tick, and the notices sent."""
    for n in range(items):
        person = _Person(app, 1000 + n)
        for text in (
            "add a paper account named paper",
            "create a BTC DCA strategy buying 20 USDT every day",
            "create a trader named bench and auto start it",
        ):
            reply = await person.say(text)
            token = _confirm(reply)
            if token is not None:
                await person.press(token)
    await _run_due(app)  # the first ticks (at start) and whatever else was due
    clock.advance(timedelta(days=1).total_seconds())
    # What else is due a day later (the daily market catalog refresh) runs first, apart: the
    # run measured is the traders' ticks alone.
    await _run_due(app, but=TICK)
    ran, cost = await _run_due(app)
    if ran != items:
        raise RuntimeError(f"{ran} jobs ran where {items} trader ticks were due")
    return cost.per(ran), ran


async def _alert_check(
    app: App, clock: FixedClock, binance: str, items: int, first: int
) -> tuple[_Cost, int]:
    """``items`` people (numbered from ``first``) each set "BTC above 98000"; one check arms them;
    the price moves to 98250 and the next check fires them all: that check's cost, and the jobs
    it ran."""
    clock.advance(5)  # past the quote cache: the alerts are set at 97,250, not at a cached price
    for n in range(items):
        await _Person(app, first + n).say("alert me when BTC goes above 98000")
    clock.advance(CHECK_EVERY.total_seconds())
    await _run_due(app)  # armed at 97,250
    async with httpx.AsyncClient() as http:
        (await http.post(f"{binance}/_move?by=1000")).raise_for_status()
    try:
        clock.advance(CHECK_EVERY.total_seconds())
        ran, cost = await _run_due(app)
    finally:
        async with httpx.AsyncClient() as http:
            await http.post(f"{binance}/_move?by=0")
    return cost, ran


async def _alerts_per_firing(app: App, clock: FixedClock, binance: str, items: int) -> tuple[_Cost, int]:
    """One check firing ``items`` alerts: ms per firing (the check's fixed part, its quote
    included, shared among them)."""
    cost, ran = await _alert_check(app, clock, binance, items, 5000)
    return cost.per(items), ran


async def _alerts_marginal(
    app: App, clock: FixedClock, binance: str, items: int, more: int, pairs: int = MARGINAL_PAIRS
) -> tuple[_Cost, _Cost]:
    """What one more firing costs: checks firing ``more`` alerts against checks firing ``items``,
    ``pairs`` of each in the same run, alternating, (median t_more - median t_items) / (more -
    items). The check's fixed part (the quote, the job's own writes) cancels out: per item,
    growing linearly, it is the per-firing figure without the fixed part. Also the per-firing
    figure of the checks of ``items`` (their median)."""
    few: list[_Cost] = []
    many: list[_Cost] = []
    first = 20_000
    for _ in range(pairs):
        for n, into in ((items, few), (more, many)):
            cost, _ = await _alert_check(app, clock, binance, n, first)
            into.append(cost)
            first += n
    med = statistics.median
    extra = more - items
    marginal = _Cost(
        (med(c.wall for c in many) - med(c.wall for c in few)) / extra,
        (med(c.cpu for c in many) - med(c.cpu for c in few)) / extra,
    )
    # The per-firing figure of a check of ``items`` as the app runs them once running: the
    # median of these checks, each after others like it (the first check after the app's start
    # also prepares the firing path's statements on its connection: reported apart).
    return marginal, _Cost(med(c.wall for c in few) / items, med(c.cpu for c in few) / items)


async def bench_work(
    data_dir: Path,
    rounds: int = 30,
    items: int = 20,
    *,
    paper: bool = True,
    backends: Sequence[Backend] = BACKENDS,
) -> list[tuple[str, str]]:
    """The rows; ``paper=False``: the job rows alone (no paper rounds before them)."""
    rows: list[tuple[str, str]] = []
    with running("binance", 15) as binance:
        for backend in backends:
            try:
                async with database(backend, data_dir) as url:
                    clock = FixedClock(T0)
                    app = await build_app(
                        settings(url, data_dir, binance.base_url),
                        clock=clock,
                        job_kinds=[JobKind(NOOP, _noop)],
                    )
                    try:
                        price, summary, confirm = await _paper(app, rounds) if paper else ([], [], [])
                        noop = await _noop_per_item(app, clock, items)
                        dca, ticks = await _dca_per_trader(app, clock, items)
                        noop_after = await _noop_per_item(app, clock, items)
                        alert, checks = await _alerts_per_firing(app, clock, binance.base_url, items)
                        more = MORE_FIRINGS
                        marginal, steady = await _alerts_marginal(app, clock, binance.base_url, items, more)
                    finally:
                        await app.aclose()
            except Unavailable as exc:
                rows.append((f"paper orders and jobs on {backend}", f"skipped: {exc}"))
                continue
            med = statistics.median
            if paper:
                rows.append(
                    (
                        f"paper buy, shipped app ({backend}, Binance fake 15 ms): summary / confirm p50 "
                        f"({rounds} each); baseline: a 'BTC price' turn in the same loop",
                        f"{med(summary):.1f} ms / {med(confirm):.1f} ms (aim confirm <= 10 ms on SQLite); "
                        f"baseline {med(price):.1f} ms",
                    )
                )
            rows += [
                (
                    f"jobs ({backend}): a due daily DCA trader's tick (paper buy + fill notice), "
                    f"{items} at once, per trader; baseline: a no-op job, same runner",
                    f"{dca} ({ticks} jobs ran; aim <= 5 ms); "
                    f"baseline {noop} / {noop_after} (before / after the traders)",
                ),
                (
                    f"jobs ({backend}): {items} alerts on BTC firing in one check, per firing: "
                    f"the median of {MARGINAL_PAIRS} checks once running; the first firing check "
                    "after the app's start",
                    f"{steady} (aim <= 2 ms); first {alert} ({checks} check job(s)); "
                    f"baseline: no-op job {noop}",
                ),
                (
                    f"jobs ({backend}): one more alert firing, marginal: checks of {MORE_FIRINGS} "
                    f"firings against checks of {items}, {MARGINAL_PAIRS} of each alternating in the "
                    f"same run, (median t{MORE_FIRINGS} - median t{items}) / {MORE_FIRINGS - items}",
                    f"{marginal} (the check's fixed part, its quote included, left out)",
                ),
            ]
    return rows


if __name__ == "__main__":
    import asyncio
    import sys
    import tempfile

    # python -m bench.work [jobs] [SQLite|PostgreSQL] [--driven-before | --checkout]: every row,
    # or the job rows alone
    args = sys.argv[1:]
    only_jobs = "jobs" in args
    if "--driven-before" in args:  # a trader's tick and a paper order through SQLAlchemy's execution
        from adapters.storage import runner

        runner.DRIVEN_TRANSACTIONS = False
    if "--checkout" in args:  # driven, on a connection checked out of the pool each transaction
        from adapters.storage import runner

        runner.KEEP_DRIVEN_CONNECTIONS = False
    chosen = tuple(b for b in BACKENDS if b in args) or BACKENDS

    async def _main() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            for name, value in await bench_work(Path(tmp), paper=not only_jobs, backends=chosen):
                print(f"{name} | {value}")

    asyncio.run(_main())
