"""A turn's store calls: begin (dedupe + lease + load in one round trip), the compare-and-set save,
the lease, and the cancel flag, on SQLite and PostgreSQL and in the memory store."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.memory_store import MemoryStateStore
from core.ports import Lease, StaleState, TurnOpened
from core.state import ConversationState
from tests.storage.conftest import _clear

NOW = datetime.now(UTC)  # lease times are real time: pruning drops leases lapsed an hour ago
KEY = ConversationKey("telegram", "42", "7")
TTL = timedelta(seconds=20)

Store = SqlStateStore | MemoryStateStore


def lease(holder: str, at: datetime = NOW) -> Lease:
    return Lease(holder, at, at + TTL)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    if request.param == "memory":
        return None
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}"
        migrate.upgrade(url)
        return url
    pg: str = request.getfixturevalue("pg_migrated_url")
    asyncio.run(_clear(pg))
    return pg


@pytest.fixture
async def any_store(backend: str | None) -> AsyncIterator[Store]:
    if backend is None:
        yield MemoryStateStore()
        return
    engine = create_engine(backend)
    sql = SqlStateStore(engine)
    try:
        yield sql
    finally:
        await sql.close()
        await engine.dispose()


async def test_begin_dedupes_takes_the_lease_and_loads(any_store: Store) -> None:
    fresh = await any_store.begin_turn(KEY, lease("a"), "tg:update:1", NOW)
    assert (fresh.outcome, fresh.state, fresh.revision) == (TurnOpened.STARTED, ConversationState(), 0)
    assert await any_store.save_turn(KEY, ConversationState(locale="zh"), 0, "a", release=True) == 1
    assert (await any_store.begin_turn(KEY, lease("b"), "tg:update:1", NOW)).outcome is TurnOpened.DUPLICATE
    loaded = await any_store.begin_turn(KEY, lease("b"), "tg:update:2", NOW)
    assert loaded.outcome is TurnOpened.STARTED and loaded.revision == 1
    assert loaded.state is not None and loaded.state.locale == "zh"
    assert await any_store.record_event("tg:update:2", NOW) is False  # the same dedupe table


async def test_a_redelivery_leaves_the_conversation_free_and_is_answered_while_it_is_held(
    any_store: Store,
) -> None:
    """PostgreSQL begins a turn in one statement that takes the lease before it records the
    event: a redelivery of a handled event gives the lease back at once."""
    assert (await any_store.begin_turn(KEY, lease("a"), "tg:update:1", NOW)).outcome is TurnOpened.STARTED
    await any_store.save_turn(KEY, ConversationState(), 0, "a", release=True)
    assert (await any_store.begin_turn(KEY, lease("b"), "tg:update:1", NOW)).outcome is TurnOpened.DUPLICATE
    held = await any_store.begin_turn(KEY, lease("c"), "tg:update:2", NOW)
    assert held.outcome is TurnOpened.STARTED  # "b" holds nothing
    again = await any_store.begin_turn(KEY, lease("d"), "tg:update:1", NOW)
    assert again.outcome is TurnOpened.DUPLICATE  # at once, while "c" holds it
    assert (await any_store.begin_turn(KEY, lease("d"), "tg:update:3", NOW)).outcome is TurnOpened.BUSY


async def test_a_held_conversation_is_busy_and_the_waiting_event_stays_unrecorded(any_store: Store) -> None:
    assert (await any_store.begin_turn(KEY, lease("a"))).outcome is TurnOpened.STARTED
    busy = await any_store.begin_turn(KEY, lease("b"), "tg:update:9", NOW)
    assert busy.outcome is TurnOpened.BUSY and busy.state is None
    # Other conversations are not held up.
    other = ConversationKey("telegram", "42", "8")
    assert (await any_store.begin_turn(other, lease("c"))).outcome is TurnOpened.STARTED
    await any_store.release_lease(KEY, "a")
    again = await any_store.begin_turn(KEY, lease("b"), "tg:update:9", NOW)
    assert again.outcome is TurnOpened.STARTED  # not taken for a redelivery


async def test_a_lapsed_lease_is_taken_over_and_its_stale_save_refused(any_store: Store) -> None:
    await any_store.begin_turn(KEY, lease("setup"))
    await any_store.save_turn(KEY, ConversationState(), 0, "setup", release=True)
    dead = await any_store.begin_turn(KEY, lease("dead"))
    assert dead.revision == 1
    later = NOW + TTL + timedelta(seconds=1)
    taken = await any_store.begin_turn(KEY, lease("alive", later))
    assert taken.outcome is TurnOpened.STARTED and taken.revision == 1
    assert await any_store.renew_lease(KEY, "dead", later + TTL) is False
    assert await any_store.save_turn(KEY, ConversationState(locale="zh"), 1, "alive", release=False) == 2
    # The stalled holder wakes up: its save would overwrite the newer state, so it is refused.
    with pytest.raises(StaleState):
        await any_store.save_turn(KEY, ConversationState(locale="en"), 1, "dead", release=True)
    await any_store.release_lease(KEY, "dead")  # not its lease any more: nothing happens
    assert (await any_store.begin_turn(KEY, lease("third", later))).outcome is TurnOpened.BUSY
    assert (await any_store.load_state(KEY)).locale == "zh"
    assert await any_store.renew_lease(KEY, "alive", later + TTL) is True


async def test_a_holder_takes_its_own_lease_again(any_store: Store) -> None:
    await any_store.begin_turn(KEY, lease("a"))
    assert (await any_store.begin_turn(KEY, lease("a"))).outcome is TurnOpened.STARTED


async def test_of_two_first_turns_only_one_saves(any_store: Store) -> None:
    first = await any_store.begin_turn(KEY, lease("a"))
    later = NOW + TTL + timedelta(seconds=1)  # "a" stalls past its lease; "b" takes over
    second = await any_store.begin_turn(KEY, lease("b", later))
    assert first.revision == second.revision == 0
    await any_store.save_turn(KEY, ConversationState(locale="zh"), 0, "b", release=True)
    with pytest.raises(StaleState):
        await any_store.save_turn(KEY, ConversationState(locale="en"), 0, "a", release=True)
    assert (await any_store.load_state(KEY)).locale == "zh"


async def test_an_overwrite_outside_a_turn_makes_the_turn_in_flight_stale(any_store: Store) -> None:
    started = await any_store.begin_turn(KEY, lease("a"))
    await any_store.save_state(KEY, ConversationState(locale="zh"))
    with pytest.raises(StaleState):
        await any_store.save_turn(KEY, ConversationState(), started.revision, "a", release=True)


async def test_the_cancel_flag_reaches_the_running_task_and_dies_with_the_turn(any_store: Store) -> None:
    assert await any_store.request_cancel(KEY, NOW) is False  # nothing held
    await any_store.begin_turn(KEY, lease("a"))
    assert await any_store.request_cancel(KEY, NOW) is False  # held, but nothing cancellable runs
    await any_store.mark_running(KEY, "a", "task-1")
    assert await any_store.cancel_requested(KEY, "task-1") is False
    assert await any_store.request_cancel(KEY, NOW) is True
    assert await any_store.cancel_requested(KEY, "task-1") is True
    assert await any_store.cancel_requested(KEY, "task-2") is False
    await any_store.mark_running(KEY, "a", "task-2")  # a new task starts clean
    assert await any_store.cancel_requested(KEY, "task-2") is False
    await any_store.mark_running(KEY, "a", None)
    assert await any_store.request_cancel(KEY, NOW) is False
    await any_store.mark_running(KEY, "a", "task-3")
    await any_store.save_turn(KEY, ConversationState(), 0, "a", release=True)
    assert await any_store.request_cancel(KEY, NOW) is False
    # A lease whose process died: its task is not running any more either.
    await any_store.begin_turn(KEY, lease("b"))
    await any_store.mark_running(KEY, "b", "task-4")
    assert await any_store.request_cancel(KEY, NOW + TTL + timedelta(seconds=1)) is False


async def test_two_engines_racing_for_one_conversation_get_one_lease(db_url: str) -> None:
    engines = [create_engine(db_url) for _ in range(2)]
    stores = [SqlStateStore(e) for e in engines]
    try:
        starts = await asyncio.gather(
            *(stores[i % 2].begin_turn(KEY, lease(f"h{i}"), f"ev{i}", NOW) for i in range(20))
        )
        assert sum(s.outcome is TurnOpened.STARTED for s in starts) == 1
        assert sum(s.outcome is TurnOpened.BUSY for s in starts) == 19
    finally:
        for st in stores:
            await st.close()
        for e in engines:
            await e.dispose()
