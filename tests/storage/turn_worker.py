"""A second deskmate process for the two-process turn test (tests/storage/test_sqlite_direct.py).

    python -m tests.storage.turn_worker URL NAME OUT GO

Says it is ready (OUT with suffix .ready), waits until the file GO exists (so the racing processes
start together), then offers every event of EVENTS to its conversation, as a platform redelivering
updates to two processes would: a busy conversation is offered again, a started turn appends its
event to the state's ``extra["done"]`` and saves it, and appends a line "<event id>" to OUT. Last it writes
"runs <transactions on the store's own connection>" to OUT.ready.
"""

from __future__ import annotations

import asyncio
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.ports import Lease, TurnOpened

KEYS = tuple(ConversationKey("telegram", f"chat{c}", "7") for c in range(3))
EVENTS = tuple((f"ev{i}", KEYS[i % len(KEYS)]) for i in range(90))


async def turn(store: SqlStateStore, name: str, event_id: str, key: ConversationKey) -> bool:
    """Whether this process ran the event's turn (False: another had)."""
    while True:
        now = datetime.now(UTC)
        start = await store.begin_turn(key, Lease(name, now, now + timedelta(seconds=30)), event_id, now)
        if start.outcome is TurnOpened.DUPLICATE:
            return False
        if start.outcome is TurnOpened.BUSY:
            await asyncio.sleep(0.001)
            continue
        assert start.state is not None
        state = start.state
        state.extra["done"] = [*state.extra.get("done", []), event_id]
        # The lease is ours for 30 s: a StaleState here (a lost compare-and-set) fails the test.
        await store.save_turn(key, state, start.revision, name, release=True)
        return True


def wait_for_go(ready: Path, go: Path) -> None:
    ready.write_text("ready\n")
    while not go.exists():
        time.sleep(0.005)


async def main(url: str, name: str, out: Path, ready: Path) -> None:
    engine = create_engine(url)
    store = SqlStateStore(engine)
    try:
        for event_id, key in EVENTS:
            if await turn(store, name, event_id, key):
                with out.open("a") as f:
                    f.write(f"{event_id}\n")
        direct = store.direct_sqlite
        with ready.open("a") as f:
            f.write(f"runs {direct.runs if direct is not None else 0}\n")
    finally:
        await store.close()
        await engine.dispose()


if __name__ == "__main__":
    OUT = Path(sys.argv[3])
    wait_for_go(OUT.with_suffix(".ready"), Path(sys.argv[4]))
    asyncio.run(main(sys.argv[1], sys.argv[2], OUT, OUT.with_suffix(".ready")))
