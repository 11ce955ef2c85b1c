"""The daily equity snapshot: one recurring job (kind ``pnl.snapshot``) records every account's
equity in USDT once per UTC day, the figure the max drawdown is measured on.

The job is one row (its dedupe key), due at each UTC midnight; the runner's claim gives it to one
process, and a day's snapshot of an account is stored once (the store's unique key): two processes,
or a run again after a crash, store nothing twice. The snapshot is labelled with the UTC day it was
taken on: the one due at 00:00 of a day is that day's opening equity. A paper account's equity is
its balances at the best bid; a live account's its exchange balances at the best bid. An account
whose balances or quotes cannot be had that day gets no snapshot: a gap, never an invented figure.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Final

from core.jobs import Job, JobContext, JobKind, JobQueue, JobResult, Reschedule
from core.market import MarketError
from core.pnl.drawdown import Snapshot
from core.pnl.ports import SnapshotStore
from core.trading.ports import ExchangeError
from core.trading.service import TradingService

log = logging.getLogger(__name__)

SNAPSHOT: Final = "pnl.snapshot"


def next_midnight(now: datetime) -> datetime:
    return datetime.combine(now.astimezone(UTC).date() + timedelta(days=1), time(), tzinfo=UTC)


async def ensure_snapshots(queue: JobQueue, now: datetime) -> None:
    """The one snapshot job, queued if none is live (its dedupe key keeps it one row)."""
    await queue.enqueue(SNAPSHOT, {}, due_at=next_midnight(now), dedupe_key=SNAPSHOT)


@dataclass
class Taken:
    """What one run did: snapshots stored, already there, and the accounts left as gaps (why)."""

    stored: int = 0
    already: int = 0
    gaps: dict[str, str] = field(default_factory=dict)  # account id -> why


class SnapshotJob:
    def __init__(self, store: SnapshotStore, trading: TradingService) -> None:
        self.store = store
        self.trading = trading

    def kind(self) -> JobKind:
        return JobKind(SNAPSHOT, self.run, timeout=600.0, max_attempts=5)

    async def run(self, job: Job, ctx: JobContext) -> JobResult:
        taken = await self.take(ctx.now.astimezone(UTC).date())
        log.info(
            "equity snapshots: %s stored, %s already, %s gaps", taken.stored, taken.already, len(taken.gaps)
        )
        return Reschedule(next_midnight(ctx.now))

    async def take(self, day: date) -> Taken:
        taken = Taken()
        for account in await self.store.every_account():
            try:
                found = await self.trading.balances(account)
            except (ExchangeError, MarketError) as exc:
                taken.gaps[account.id] = type(exc).__name__
                continue
            if found.unpriced:  # part of it could not be valued: no figure rather than a wrong one
                taken.gaps[account.id] = "unpriced:" + ",".join(found.unpriced)
                continue
            if await self.store.record(Snapshot(account.id, day, found.equity)):
                taken.stored += 1
            else:
                taken.already += 1
        return taken
