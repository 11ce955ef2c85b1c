"""`deskmate tick` whose trader tick holds at a chosen point until told to go on, for the
stop-while-ticking test: another process stops the trader meanwhile.

    python -m tests.traders.hold_worker NOW POINT DIR

A paper DCA tick records itself in one transaction (core.traders.ports.TickUnit):
``decided``: the tick has decided and is about to record its decision with its order;
``recorded``: that transaction is committed and the owner not told yet.
The other ticks (a live order, several legs) record a pending decision first, then place, then
finish; the worker takes that path (the SQL store's one-transaction ``record`` hidden) for:
``orders``: the tick's decision is recorded and it is about to place its orders;
``order``: an order is in flight (inside the trading service's place).
The worker writes DIR/held when it reaches the point and goes on once DIR/go exists.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from adapters.storage.traders import SqlTraders
from bot.cli import main
from core.traders.runtime import TraderRuntime
from core.trading.service import TradingService

ONE_TRANSACTION = ("decided", "recorded")


# How long the worker waits for DIR/go before it gives up: a ceiling for a test that died, never
# a time after which it goes on. Going on untold (as it did after 30 s) ran the tick before the
# stop on a busy machine, where the other process's stop can take that long, and the test then
# failed on what it saw, not on the wait.
GIVE_UP_SECONDS = 600.0


def _hold(original: Any, folder: Path) -> Any:
    async def held(self: object, *args: Any, **kwargs: Any) -> Any:
        (folder / "held").touch()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + GIVE_UP_SECONDS
        while not (folder / "go").exists():
            if loop.time() > deadline:
                sys.exit(f"hold_worker: never told to go on ({folder / 'go'}) in {GIVE_UP_SECONDS:.0f} s")
            await asyncio.sleep(0.05)
        return await original(self, *args, **kwargs)

    return held


if __name__ == "__main__":
    now, point, folder = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    if point not in ONE_TRANSACTION:
        del SqlTraders.record  # the pending-decision path, as for a live account
    if point == "decided":
        SqlTraders.record = _hold(SqlTraders.record, folder)  # type: ignore[method-assign]
    elif point == "recorded":
        TraderRuntime._end = _hold(TraderRuntime._end, folder)  # type: ignore[method-assign]
    elif point == "orders":
        TraderRuntime._place = _hold(TraderRuntime._place, folder)  # type: ignore[method-assign]
    else:
        TradingService.place = _hold(TradingService.place, folder)  # type: ignore[method-assign]
    sys.exit(main(["tick", "--json", "--now", now]))
