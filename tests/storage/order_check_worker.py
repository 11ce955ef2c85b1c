"""A deskmate process running the order check, for the two-process resting-order test.

    python -m tests.storage.order_check_worker URL OUT GO

Says it is ready (OUT with suffix .ready), waits for GO (so two processes start together), then
runs the BTC order check three times, as a runner whose lease lapsed while another process still
ran it would (the job lease is not what keeps fills single: the order's compare-and-set and the
fill card's claim are). Each fill card sent appends a line "<client order id>" to OUT.
"""

from __future__ import annotations

import asyncio
import sys
from decimal import Decimal
from pathlib import Path

from adapters.storage.engine import create_engine
from adapters.storage.trading import SqlOrderStore
from core.clock import SystemClock
from core.jobs import JobContext, JobKinds, JobQueue
from core.jobs.memory import MemoryJobStore
from core.jobs.model import Job, JobStatus
from core.market import Book
from core.markets import MarketCatalog
from core.outbound import RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.reply import OrderBlock, Reply
from core.skills.orders.check import OrderChecker
from core.trading.orders import RestingOrders
from core.trading.service import TradingService
from tests.storage.alert_worker import Writer, wait_for_start


class Market:
    source = "binance"

    async def get_book(self, symbol: str) -> Book:
        return Book(symbol, Decimal("79000"), Decimal("79001"), "binance", SystemClock().now())


def client_order_id(reply: Reply) -> str:
    [block] = [b for b in reply.blocks if isinstance(b, OrderBlock)]
    return str(block.client_order_id)


async def main(url: str, out: Path) -> None:
    engine = create_engine(url)
    store = SqlOrderStore(engine)
    clock = SystemClock()
    trading = TradingService(store, Market(), MarketCatalog(), clock)  # type: ignore[arg-type]
    checker = OrderChecker(RestingOrders(trading), store, MarketCatalog())
    outbound = RecordedOutbound(Writer(out, client_order_id), MemoryDeliveryLog(), clock)
    queue = JobQueue(MemoryJobStore(), JobKinds(), clock)
    try:
        for attempt in range(3):
            now = clock.now()
            job = Job(
                f"job-{out.stem}-{attempt}", "orders.check", {"symbol": "BTCUSDT"}, JobStatus.RUNNING,
                now, 1, 5, now, now, lease_token=f"{out.stem}{attempt}",
            )  # fmt: skip
            await checker.run(job, JobContext(job, now, clock, outbound, queue))
    finally:
        await engine.dispose()


if __name__ == "__main__":
    wait_for_start(Path(sys.argv[2]), Path(sys.argv[3]))
    asyncio.run(main(sys.argv[1], Path(sys.argv[2])))
