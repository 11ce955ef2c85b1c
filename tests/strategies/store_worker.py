"""One process racing another on the strategy store (tests/strategies/test_store_processes.py).

    python -m tests.strategies.store_worker <db-url> <go-file> create <owner> <name>...
    python -m tests.strategies.store_worker <db-url> <go-file> mark <owner> <rounds> <id>...

Waits for the go file, then prints one JSON line: what it created / marked and what was refused.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from decimal import Decimal
from pathlib import Path

from adapters.storage.engine import create_engine
from adapters.storage.strategies import SqlStrategies
from core.strategies import DcaParams, Interval, NewStrategy
from core.tasks.audit import AuditEntry
from core.tasks.errors import NameTaken
from tests.fakes import NOW

PARAMS = DcaParams("BTCUSDT", Decimal(50), Interval.of("1d"))


def _ready_then_wait(go: Path) -> None:
    go.with_name(f"go.ready.{os.getpid()}").touch()
    while not go.exists():
        time.sleep(0.005)


async def main(url: str, go: Path, action: str, owner: str, args: list[str]) -> dict[str, object]:
    engine = create_engine(url)
    store = SqlStrategies(engine)
    audit = AuditEntry(owner, "worker", NOW, "strategy_management", action, None, None, "ok")
    done: list[str] = []
    refused: list[str] = []
    try:
        async with engine.connect():  # connected and imported: ready
            pass
        await asyncio.to_thread(_ready_then_wait, go)
        if action == "create":
            for name in args:
                try:
                    await store.create(NewStrategy(owner, name, PARAMS, NOW, is_default=True), audit)
                    done.append(name)
                except NameTaken:
                    refused.append(name)
        else:
            rounds, ids = int(args[0]), args[1:]
            for i in range(rounds):
                marked = await store.set_default(owner, ids[i % len(ids)], NOW, audit)
                done.append(marked.id if marked else "")
    finally:
        await engine.dispose()
    return {"done": done, "refused": refused}


if __name__ == "__main__":
    url, go, action, owner, *rest = sys.argv[1:]
    print(json.dumps(asyncio.run(main(url, Path(go), action, owner, rest))))
