"""A mixed load on the app `deskmate run` builds: ``chats`` conversations at once, each sending
``per_chat`` messages in turn (prices, a 7-day history, paper buys and their confirmations,
balances, price alerts, strategies), on a SQLite file or PostgreSQL.

What it checks is the operator's promise under load (issue 22): every message answered (no
exception reaches the caller, no reply with status failed), nothing logged at ERROR ("database
is locked" among them), and no paper order left pending. The load average of the machine is
printed beside the figures: the promise is meant to hold on a busy machine too.

    python -m bench.mixed_load [--chats 200] [--per-chat 50] [--backend SQLite|PostgreSQL]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import cast

from bench.shipped import BACKENDS, Backend, Unavailable, database, shipped_app
from core.clock import SystemClock
from core.engine import Core
from core.events import ButtonPress, ConversationKey, TextMessage
from core.reply import NoticeBlock, Reply, Status

# One conversation's script, repeated: every kind of write the load mixed in. A confirm
# follows each buy (its button pressed), as a person would.
SCRIPT: tuple[str, ...] = (
    "BTC price",
    "buy 10 USDT of BTC",
    "<confirm>",
    "ETH prices for the last seven days",
    "my balance",
    "alert me when BTC goes below 50000",
    "sell 0.0001 BTC",
    "<confirm>",
    "create a DOGE DCA strategy buying 20 USDT every day",
    "SOL price",
)


class OneMinuteClock(SystemClock):
    """The system clock slowed sixty-fold from the start of the current UTC minute, so a run
    of up to an hour stays inside one clock minute.

    Why: the demo market's quote changes once a UTC minute, by up to about 2 %. A run that
    crossed a minute would see a confirmation answered "the price moved beyond your 1 %
    tolerance" (right, but not what a load test counts) and the sell after it refused for a
    buy that never filled: a failure that depends on the second a run starts, not on load."""

    def __init__(self) -> None:
        real = super().now()
        self._start = real.replace(second=0, microsecond=0)
        self._started = time.monotonic()

    def now(self) -> datetime:
        return self._start + timedelta(seconds=(time.monotonic() - self._started) / 60)


class _ErrorCount(logging.Handler):
    """Counts what any library logs at ERROR or worse, by its first line."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        self.lines[record.getMessage().splitlines()[0][:120] if record.getMessage() else record.name] += 1


@dataclass
class Outcome:
    turns: int = 0
    raised: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)  # replies with status failed, by code
    latencies: list[float] = field(default_factory=list)


def _confirm_token(reply: Reply | None) -> str | None:
    if reply is None:
        return None
    for button in reply.buttons:
        if button.style == "primary":
            return button.token
    return None


def _error_code(reply: Reply) -> str:
    codes = [b.code or "" for b in reply.blocks if isinstance(b, NoticeBlock) and b.level == "error"]
    return f"failed reply: {reply.route.skill} {','.join(codes) or '(no error notice)'}"


async def _converse(core: Core, chat: int, per_chat: int, out: Outcome) -> None:
    key = ConversationKey("bench", f"chat-{chat}", f"user-{chat}")
    last: Reply | None = None
    for i in range(per_chat):
        step = SCRIPT[i % len(SCRIPT)]
        event_id = f"{chat}-{i}"
        event: TextMessage | ButtonPress
        if step == "<confirm>":
            token = _confirm_token(last)
            if token is None:  # nothing to confirm (e.g. a sell with nothing bought): ask again
                event = TextMessage(event_id, key, text="BTC price")
            else:
                event = ButtonPress(event_id, key, token=token)
        else:
            event = TextMessage(event_id, key, text=step)
        started = time.perf_counter()
        try:
            last = await core.handle(event)
        except Exception as exc:  # the failure the issue saw: an error raised to the caller
            out.raised[f"{type(exc).__name__}: {str(exc).splitlines()[0][:80]}"] += 1
            last = None
        else:
            if last.status == Status.FAILED:
                out.failed[_error_code(last)] += 1
        out.latencies.append((time.perf_counter() - started) * 1000)
        out.turns += 1


async def _orders(engine: object) -> Counter[str]:
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import AsyncEngine

    async with cast(AsyncEngine, engine).connect() as conn:
        found = await conn.execute(text("SELECT status, count(*) FROM trading_orders GROUP BY status"))
        return Counter({str(status): int(n) for status, n in found.all()})


@dataclass
class LoadResult:
    """One run's figures: what the promise is checked on."""

    backend: Backend
    chats: int
    per_chat: int
    outcome: Outcome
    seconds: float
    load: tuple[float, float]  # the load average before and after
    errors: Counter[str]  # ERROR log lines by first line
    orders: Counter[str]  # paper orders by status at the end

    @property
    def unanswered(self) -> int:
        return sum(self.outcome.raised.values()) + sum(self.outcome.failed.values())

    def rows(self) -> list[tuple[str, str]]:
        out, p = self.outcome, sorted(self.outcome.latencies)
        label = (
            f"mixed load {self.chats} × {self.per_chat}, {self.backend} "
            f"(load average {self.load[0]:.1f} → {self.load[1]:.1f})"
        )
        verdict = (
            f"{out.turns:,} turns in {self.seconds:.1f} s ({out.turns / self.seconds:,.0f}/s), "
            f"p50 {statistics.median(p):.0f} ms, p99 {p[int(0.99 * (len(p) - 1))]:.0f} ms; "
            f"raised {sum(out.raised.values())}, failed replies {sum(out.failed.values())}, "
            f"ERROR log lines {sum(self.errors.values())}, orders filled {self.orders['filled']:,}, "
            f"left pending {self.orders['pending']}"
        )
        rows = [(label, verdict)]
        for line, n in (out.raised + out.failed + self.errors).most_common(6):
            rows.append(("  … " + line, f"{n}×"))
        return rows


async def run(backend: Backend, chats: int, per_chat: int, tmp: Path) -> LoadResult:
    errors = _ErrorCount()
    logging.getLogger().addHandler(errors)
    try:
        async with database(backend, tmp) as url, shipped_app(url, tmp, None, OneMinuteClock()) as app:
            out = Outcome()
            load_before = os.getloadavg()[0]
            started = time.perf_counter()
            await asyncio.gather(*(_converse(app.core, c, per_chat, out) for c in range(chats)))
            elapsed = time.perf_counter() - started
            load_after = os.getloadavg()[0]
            orders = await _orders(app.engine)
    finally:
        logging.getLogger().removeHandler(errors)
    return LoadResult(backend, chats, per_chat, out, elapsed, (load_before, load_after), errors.lines, orders)


async def bench_mixed_load(chats: int, per_chat: int, backends: tuple[Backend, ...]) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for backend in backends:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                rows += (await run(backend, chats, per_chat, Path(tmp))).rows()
            except Unavailable as exc:
                rows.append((f"mixed load, {backend}", f"skipped: {exc}"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--chats", type=int, default=200)
    parser.add_argument("--per-chat", type=int, default=50)
    parser.add_argument("--backend", choices=BACKENDS, action="append")
    args = parser.parse_args()
    backends = tuple(args.backend or BACKENDS)
    for label, value in asyncio.run(bench_mixed_load(args.chats, args.per_chat, backends)):
        print(f"{label}: {value}")


if __name__ == "__main__":
    main()
