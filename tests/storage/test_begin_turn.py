"""begin_turn: dedupe and load in one round trip, on SQLite and PostgreSQL (and the memory store)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.memory_store import MemoryStateStore
from core.state import ConversationState

NOW = datetime(2026, 7, 13, 10, 0, tzinfo=UTC)
KEY = ConversationKey("telegram", "42", "7")


async def _check(store: SqlStateStore | MemoryStateStore) -> None:
    fresh = await store.begin_turn("tg:update:1", KEY, NOW)
    assert fresh == ConversationState()
    await store.save_state(KEY, ConversationState(locale="zh"))
    assert await store.begin_turn("tg:update:1", KEY, NOW) is None  # a redelivery: not loaded
    loaded = await store.begin_turn("tg:update:2", KEY, NOW)
    assert loaded is not None and loaded.locale == "zh"
    assert await store.record_event("tg:update:2", NOW) is False  # the same dedupe table


async def test_begin_turn_sql(store: SqlStateStore) -> None:
    await _check(store)


@pytest.mark.parametrize("store", [MemoryStateStore()])
async def test_begin_turn_memory(store: MemoryStateStore) -> None:
    await _check(store)
