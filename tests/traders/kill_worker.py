"""`deskmate tick` that dies (os._exit, as kill -9) right after a trader's order was placed and
before the tick was recorded: what a crash at the worst moment leaves behind."""

from __future__ import annotations

import os
import sys
from typing import Any

from adapters.storage import traders
from bot.cli import main


async def _die(self: object, *args: Any, **kwargs: Any) -> Any:
    os._exit(9)


traders.SqlTraders.finish = _die  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(main(["tick", "--json", "--now", sys.argv[1]]))
