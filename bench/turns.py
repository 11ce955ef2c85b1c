"""Core turns for "BTC price": the app `deskmate run` builds (every skill, SQL stores, the real
Binance adapter against the local fake answering after 15 ms) on SQLite and PostgreSQL, beside the
baseline of the same run: the price skill alone on the in-memory store and a zero-latency market.

Latency: the apps take turns in rounds (a round of each, then the next round), so a busy spell of
the machine falls on all of them alike. Throughput: turns per second with one conversation at a
time, and with 256 conversations at once (a bot's view: turns of different chats overlap). Beside
each, the CPU time of this process a turn (the database server and the fakes run in processes of
their own): on a machine shared with other work, wall time is noisy and CPU time much less so.

`python -m bench.turns` runs this part of `make bench` alone; `--before`, `--pool-before`,
`--begin-before`, `--driven-before` and `--checkout-before` add the shipped app on PostgreSQL as it
was before (BEFORE), `--sqlite-before` the one on SQLite, measured interleaved with the one of now
in the same run.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.clock import SystemClock
from core.engine import Core
from core.events import ConversationKey, TextMessage
from core.market import Book, DailyClose, DailyCloses, HistoryWindow, Quote
from core.memory_store import MemoryStateStore
from core.reply import QuoteBlock
from core.services import CATALOG, CLOCK, MARKET, Services
from core.skills import price
from core.skills.registry import Registry

if TYPE_CHECKING:
    from bench.shipped import Backend

QUESTION = "BTC price"
# PostgreSQL's pool before issue 23: 5 connections kept, 10 more opened on demand and closed
# again as soon as they came back to a pool with 5 idle (adapters/storage/engine.py).
POOL_BEFORE: dict[str, Any] = {"pool_size": 5, "max_overflow": 10, "pool_timeout": 30}


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

    async def get_book(self, symbol: str) -> Book:
        self.calls += 1
        return Book(symbol, Decimal("97250.40"), Decimal("97250.50"), self.source, datetime.now(UTC))

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        self.calls += 1
        return DailyCloses(tuple(DailyClose(d, Decimal(90000 + i)) for i, d in enumerate(window.days)))


def price_only_core() -> Core:
    """The baseline: the price skill alone, in-memory state, a zero-latency market."""
    from bot.catalog import bundled_catalog

    clock = SystemClock()
    services = Services().provide(CLOCK, clock).provide(MARKET, InstantMarket())
    services.provide(CATALOG, bundled_catalog())
    return Core(store=MemoryStateStore(), skills=Registry().register(price.SPEC).build(services), clock=clock)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Subject:
    name: str
    core: Core
    latencies: list[float] = field(default_factory=list)
    sequential: float = 0.0  # turns/s, one conversation at a time
    concurrent: float = 0.0  # turns/s, 256 conversations at once
    failed: int = 0  # turns that raised or whose answer was not the quote (an error notice)
    # CPU time of this process a turn, in ms: in the latency rounds, and in the throughput runs
    # (one conversation / 256 at once: the median of the runs)
    cpu: list[float] = field(default_factory=list)
    sequential_cpu: list[float] = field(default_factory=list)
    concurrent_cpu: list[float] = field(default_factory=list)


async def _turn(s: Subject, event_id: str, key: ConversationKey, text: str = QUESTION) -> None:
    try:
        reply = await s.core.handle(TextMessage(event_id, key, text=text))
    except Exception:  # e.g. no database connection free within the pool's timeout: counted
        s.failed += 1
        return
    if not reply.blocks or not isinstance(reply.blocks[0], QuoteBlock):
        s.failed += 1


async def measure(
    subjects: list[Subject], *, rounds: int = 20, per_round: int = 50, chats: int = 256
) -> None:
    """Latency in interleaved rounds, then throughput (one conversation / ``chats`` at once),
    each subject in turn, twice over in alternating order (the better of two kept)."""
    for s in subjects:
        key = ConversationKey("bench", f"warm-{s.name}", "user")
        for i in range(50):
            await _turn(s, f"w{i}", key)
    for r in range(rounds):
        for s in subjects:
            key = ConversationKey("bench", "chat", "user")
            cpu0 = time.process_time()
            for i in range(per_round):
                t0 = time.perf_counter()
                await _turn(s, f"r{r}-{i}", key)
                s.latencies.append((time.perf_counter() - t0) * 1000)
            s.cpu.append((time.process_time() - cpu0) * 1000 / per_round)
    n = rounds * per_round // 2
    for attempt in range(2):
        for s in subjects if attempt == 0 else reversed(subjects):
            key = ConversationKey("bench", f"seq-{attempt}", "user")
            cpu0, t0 = time.process_time(), time.perf_counter()
            for i in range(n):
                await _turn(s, f"s{attempt}-{i}", key)
            s.sequential = max(s.sequential, n / (time.perf_counter() - t0))
            s.sequential_cpu.append((time.process_time() - cpu0) * 1000 / n)
            per_chat = max(1, n // chats)

            async def converse(
                c: int, s: Subject = s, attempt: int = attempt, per_chat: int = per_chat
            ) -> None:
                key = ConversationKey("bench", f"c{attempt}-{c}", f"u{c}")
                for i in range(per_chat):
                    await _turn(s, f"c{attempt}-{c}-{i}", key)

            cpu0, t0 = time.process_time(), time.perf_counter()
            await asyncio.gather(*(converse(c) for c in range(chats)))
            s.concurrent = max(s.concurrent, chats * per_chat / (time.perf_counter() - t0))
            s.concurrent_cpu.append((time.process_time() - cpu0) * 1000 / (chats * per_chat))


def rows(subjects: list[Subject], chats: int = 256) -> list[tuple[str, str]]:
    out = []
    for s in subjects:
        out.append(
            (
                f"core turn '{QUESTION}': {s.name}: p50 / p99 (CPU a turn); "
                f"turns/s one conversation / {chats} at once (CPU a turn)",
                f"{statistics.median(s.latencies):.2f} ms / {pct(s.latencies, 0.99):.2f} ms "
                f"({statistics.median(s.cpu):.2f} ms); "
                f"{s.sequential:,.0f} / {s.concurrent:,.0f} ({statistics.median(s.sequential_cpu):.2f} ms"
                f" / {statistics.median(s.concurrent_cpu):.2f} ms)"
                + (f"; {s.failed} turns failed" if s.failed else ""),
            )
        )
    return out


@contextlib.contextmanager
def as_before(
    *,
    pool: bool = True,
    begin: bool = True,
    driven: bool = True,
    sqlite: bool = False,
    checkout: bool = False,
) -> Iterator[None]:
    """Engines and state stores created inside are as before (the A of an A/B): with ``pool``,
    PostgreSQL's pool is POOL_BEFORE; with ``begin``, a turn's first statement waits for the disk
    at its commit (state_store.BEGIN_COMMITS_LATER off), as before issue 23; with ``driven``, a
    turn's two statements go through SQLAlchemy's execution (state_store.DRIVEN_TURN off), as
    before session 36; with ``sqlite``, a SQLite turn's two transactions go through SQLAlchemy's
    execution (state_store.DIRECT_SQLITE_TURN off), as before session 39; with ``checkout``, a
    PostgreSQL turn's statements each check a connection out of the pool (state_store.
    KEEP_TURN_CONNECTIONS off), as before session 39."""
    from adapters.storage import engine, state_store

    now = engine.POSTGRES_QUEUE_POOL, state_store.BEGIN_COMMITS_LATER, state_store.DRIVEN_TURN
    direct, keep = state_store.DIRECT_SQLITE_TURN, state_store.KEEP_TURN_CONNECTIONS
    if sqlite:
        state_store.DIRECT_SQLITE_TURN = False
    if checkout:
        state_store.KEEP_TURN_CONNECTIONS = False
    if pool:
        engine.POSTGRES_QUEUE_POOL = POOL_BEFORE
    if begin:
        state_store.BEGIN_COMMITS_LATER = False
    if driven:
        state_store.DRIVEN_TURN = False
    try:
        yield
    finally:
        engine.POSTGRES_QUEUE_POOL, state_store.BEGIN_COMMITS_LATER, state_store.DRIVEN_TURN = now
        state_store.DIRECT_SQLITE_TURN, state_store.KEEP_TURN_CONNECTIONS = direct, keep


# ``python -m bench.turns`` options: subjects as before (backend, label, pool, begin, driven,
# sqlite, checkout: as_before's), beside the ones of now
BEFORE: dict[str, tuple[Backend, str, bool, bool, bool, bool, bool]] = {
    "--before": (
        "PostgreSQL",
        "PostgreSQL as before issue 23 (pool 5 kept + 10 overflow, first statement flushed,"
        " statements through SQLAlchemy)",
        True,
        True,
        True,
        False,
        False,
    ),
    "--pool-before": (
        "PostgreSQL",
        "PostgreSQL, only the pool as before issue 23",
        True,
        False,
        False,
        False,
        False,
    ),
    "--begin-before": (
        "PostgreSQL",
        "PostgreSQL, only the first statement flushed as before issue 23",
        False,
        True,
        False,
        False,
        False,
    ),
    "--driven-before": (
        "PostgreSQL",
        "PostgreSQL, a turn's two statements through SQLAlchemy's execution as before session 36",
        False,
        False,
        True,
        False,
        False,
    ),
    "--sqlite-before": (
        "SQLite",
        "SQLite, a turn's two transactions through SQLAlchemy's execution as before session 39",
        False,
        False,
        False,
        True,
        False,
    ),
    "--checkout-before": (
        "PostgreSQL",
        "PostgreSQL, a turn's statements each on a connection checked out of the pool as before session 39",
        False,
        False,
        False,
        False,
        True,
    ),
}


async def bench_turns(data_dir: Path, *, before: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The shipped app on each backend beside the price-only baseline, interleaved; ``before``:
    also as it was before, in the ways BEFORE names (each a database of its own)."""
    from bench.fakes import running
    from bench.shipped import BACKENDS, Unavailable, database, shipped_app

    subjects = [Subject("baseline: price skill alone, memory store, zero-latency market", price_only_core())]
    skipped = []
    apps: list[tuple[Backend, str, contextlib.AbstractContextManager[None]]] = [
        (b, b, contextlib.nullcontext()) for b in BACKENDS
    ]
    for option in before:
        backend, label, pool, begin, driven, sqlite, checkout = BEFORE[option]
        was = as_before(pool=pool, begin=begin, driven=driven, sqlite=sqlite, checkout=checkout)
        apps.append((backend, label, was))
    with running("binance", 15) as binance:
        async with contextlib.AsyncExitStack() as stack:
            for backend, label, setup in apps:
                try:
                    url = await stack.enter_async_context(database(backend, data_dir))
                except Unavailable as exc:
                    skipped.append((f"core turn, shipped app on {label}", f"skipped: {exc}"))
                    continue
                with setup:
                    app = await stack.enter_async_context(shipped_app(url, data_dir, binance.base_url))
                subjects.append(Subject(f"shipped app (every skill, {label}, Binance fake 15 ms)", app.core))
            await measure(subjects, rounds=10)
    return [*rows(subjects), *skipped]


async def main(argv: list[str]) -> None:
    unknown = [a for a in argv if a not in BEFORE]
    if unknown:
        raise SystemExit(f"unknown options {unknown}; known: {', '.join(BEFORE)}")
    with tempfile.TemporaryDirectory() as tmp:
        found = await bench_turns(Path(tmp), before=tuple(argv))
    load = os.getloadavg()[0]
    for name, value in found:
        print(f"{name} | {value} [load {load:.1f}]")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
