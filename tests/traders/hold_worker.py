"""`deskmate tick` whose trader tick holds at a chosen point until told to go on, for the
stop-while-ticking test: another process stops the trader meanwhile.

    python -m tests.traders.hold_worker NOW POINT DIR

POINT ``orders``: the tick's decision is recorded and it is about to place its orders;
``order``: an order is in flight (inside the trading service's place). The worker writes
DIR/held when it reaches the point and goes on once DIR/go exists.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from bot.cli import main
from core.traders.runtime import TraderRuntime
from core.trading.service import TradingService


def _hold(original: Any, folder: Path) -> Any:
    async def held(self: object, *args: Any, **kwargs: Any) -> Any:
        (folder / "held").touch()
        for _ in range(600):
            if (folder / "go").exists():
                break
            await asyncio.sleep(0.05)
        return await original(self, *args, **kwargs)

    return held


if __name__ == "__main__":
    now, point, folder = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    if point == "orders":
        TraderRuntime._place = _hold(TraderRuntime._place, folder)  # type: ignore[method-assign]
    else:
        TradingService.place = _hold(TradingService.place, folder)  # type: ignore[method-assign]
    sys.exit(main(["tick", "--json", "--now", now]))
