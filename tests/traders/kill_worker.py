"""`deskmate tick` that dies (os._exit, as kill -9) at the worst moment of a trader's tick:
what a crash there leaves behind.

    python -m tests.traders.kill_worker NOW POINT

POINT ``finish`` (the pending-decision path, as for a live account: the SQL store's
one-transaction ``record`` hidden): right after the order was placed and before the tick was
recorded. ``record``: a paper tick's one transaction (core.traders.ports.TickUnit) dies
before its commit, after its order rows were written. ``recorded``: that transaction is
committed, and the owner not told nor the job rescheduled.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from adapters.storage import traders
from adapters.storage import trading as trading_store
from bot.cli import main
from core.traders.runtime import TraderRuntime


async def _die(self: object, *args: Any, **kwargs: Any) -> Any:
    os._exit(9)


def _die_after(original: Any) -> Any:
    def placed(*args: Any, **kwargs: Any) -> Any:
        original(*args, **kwargs)
        os._exit(9)

    return placed


if __name__ == "__main__":
    point = sys.argv[2] if len(sys.argv) > 2 else "finish"
    if point == "finish":
        del traders.SqlTraders.record
        traders.SqlTraders.finish = _die  # type: ignore[method-assign]
    elif point == "record":
        traders.place_paper_in = _die_after(trading_store.place_paper_in)
    else:
        TraderRuntime._end = _die  # type: ignore[method-assign]
    sys.exit(main(["tick", "--json", "--now", sys.argv[1]]))
