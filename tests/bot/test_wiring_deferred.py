"""bot.wiring.Deferred: a store made at its first use, once, and closed only if it was made."""

from __future__ import annotations

import sys

from bot.wiring import deferred


class Made:
    count = 0

    def __init__(self, name: str) -> None:
        Made.count += 1
        self.name = name
        self.closed = False

    async def read(self) -> str:
        return self.name

    async def close(self) -> None:
        self.closed = True


async def test_a_deferred_store_is_made_at_first_use_once() -> None:
    sys.modules[__name__].Made.count = 0
    store = deferred(__name__, "Made", "alerts")
    await store.close_if_made()  # never used: nothing made, nothing closed
    assert not store.is_made and Made.count == 0
    assert await store.read() == "alerts"
    assert await store.read() == "alerts" and store.name == "alerts"
    assert Made.count == 1
    await store.close_if_made()
    assert store.made().closed
