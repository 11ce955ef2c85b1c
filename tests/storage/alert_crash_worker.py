"""A deskmate process that runs one BTC alert check at a given time, for the crash test:

    python -m tests.storage.alert_crash_worker URL OUT NOW [die]

Each card sent appends "<alert id>" to OUT; with ``die`` the process exits at once (as kill -9)
right after the first card went out, before its delivery was recorded.
"""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import datetime
from pathlib import Path

from adapters.storage.engine import create_engine
from adapters.storage.price_alerts import SqlAlertStore
from core.clock import FixedClock
from core.jobs import JobContext, JobKinds, JobQueue
from core.jobs.memory import MemoryJobStore
from core.jobs.model import Job, JobStatus
from core.markets import MarketCatalog
from core.outbound import Destination, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.outbound.ports import DeliveryResult
from core.reply import Reply
from core.skills.price_alert.check import AlertChecker
from tests.storage.alert_worker import Market, Writer, alert_id


class Dying(Writer):
    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        await super().deliver(destination, reply, kind)
        os._exit(9)


async def main(url: str, out: Path, now: datetime, die: bool) -> None:
    engine = create_engine(url)
    store = SqlAlertStore(engine)
    clock = FixedClock(now)
    checker = AlertChecker(store, Market(), MarketCatalog(), None)  # type: ignore[arg-type]
    outbound = RecordedOutbound((Dying if die else Writer)(out, alert_id), MemoryDeliveryLog(), clock)
    queue = JobQueue(MemoryJobStore(), JobKinds(), clock)
    job = Job(
        f"job-{now.timestamp()}", "price_alert.check", {"symbol": "BTCUSDT"}, JobStatus.RUNNING,
        now, 1, 5, now, now, lease_token=f"t{now.timestamp()}",
    )  # fmt: skip
    try:
        await checker.run(job, JobContext(job, now, clock, outbound, queue))
    finally:
        await store.close()
        await engine.dispose()


if __name__ == "__main__":
    when = datetime.fromisoformat(sys.argv[3])
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), when, sys.argv[4:] == ["die"]))
