"""A deskmate process checking price alerts, for the multi-process alert test.

    python -m tests.storage.alert_worker URL OUT GO

Says it is ready (OUT with suffix .ready), waits for the file GO (so two processes start
together), then runs the BTC check three times, the way a runner would after its lease on the
check job lapsed while another process still ran it (the job lease is not what keeps this
exactly once: the alerts' own compare-and-set and the firing's claim are). Each message sent
appends a line "<alert id>" to OUT.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from adapters.storage.engine import create_engine
from adapters.storage.price_alerts import SqlAlertStore
from core.clock import SystemClock
from core.jobs import JobContext, JobKinds, JobQueue
from core.jobs.memory import MemoryJobStore
from core.jobs.model import Job, JobStatus
from core.market import Quote
from core.markets import MarketCatalog
from core.outbound import Destination, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.outbound.ports import DeliveryResult
from core.reply import AlertBlock, Reply
from core.skills.price_alert.check import AlertChecker


class Market:
    source = "binance"

    async def get_quote(self, symbol: str) -> Quote:
        return Quote(symbol, Decimal("79000"), "ask", "binance", SystemClock().now())


class Writer:
    """Delivers by appending one line per card to ``out``: the card's key, by ``line``."""

    def __init__(self, out: Path, line: Callable[[Reply], str]) -> None:
        self.out = out
        self.line = line

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        line = self.line(reply)
        await asyncio.sleep(0.001)  # let the other process interleave
        with self.out.open("a") as f:
            f.write(f"{line}\n")
        return DeliveryResult.sent()


def alert_id(reply: Reply) -> str:
    [block] = [b for b in reply.blocks if isinstance(b, AlertBlock)]
    return str(block.id)


async def main(url: str, out: Path) -> None:
    engine = create_engine(url)
    store = SqlAlertStore(engine)
    clock = SystemClock()
    checker = AlertChecker(store, Market(), MarketCatalog(), None)  # type: ignore[arg-type]
    outbound = RecordedOutbound(Writer(out, alert_id), MemoryDeliveryLog(), clock)
    queue = JobQueue(MemoryJobStore(), JobKinds(), clock)
    try:
        for attempt in range(3):
            now = clock.now()
            job = Job(
                f"job-{out.stem}-{attempt}", "price_alert.check", {"symbol": "BTCUSDT"}, JobStatus.RUNNING,
                now, 1, 5, now, now, lease_token=f"{out.stem}{attempt}",
            )  # fmt: skip
            await checker.run(job, JobContext(job, now, clock, outbound, queue))
    finally:
        await store.close()
        await engine.dispose()


def wait_for_start(out: Path, go: Path) -> None:
    out.with_suffix(".ready").touch()
    while not go.exists():
        time.sleep(0.005)


if __name__ == "__main__":
    wait_for_start(Path(sys.argv[2]), Path(sys.argv[3]))
    asyncio.run(main(sys.argv[1], Path(sys.argv[2])))
