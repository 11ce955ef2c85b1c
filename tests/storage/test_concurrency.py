"""Races between two engines on one database, as between two deskmate processes."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.ports import ActionToken, ClaimOutcome
from core.state import ConversationState

NOW = datetime(2026, 7, 13, 12, 0, tzinfo=UTC)
KEY = ConversationKey("telegram", "42", "alice")


@pytest.fixture
async def two_stores(db_url: str) -> AsyncIterator[tuple[SqlStateStore, SqlStateStore]]:
    first, second = create_engine(db_url), create_engine(db_url)
    a, b = SqlStateStore(first), SqlStateStore(second)
    try:
        yield a, b
    finally:
        for st in (a, b):
            await st.close()
        await first.dispose()
        await second.dispose()


async def test_twenty_concurrent_claims_through_two_engines_claim_once(
    two_stores: tuple[SqlStateStore, SqlStateStore],
) -> None:
    a, b = two_stores
    await a.issue_tokens(
        [
            ActionToken("confirm", "grp", KEY, {"task": "t1"}, NOW, NOW + timedelta(minutes=5)),
            ActionToken("cancel", "grp", KEY, {"task": "t1"}, NOW, NOW + timedelta(minutes=5)),
        ]
    )
    claims = [(a if i % 2 else b).claim_token("confirm" if i % 3 else "cancel", KEY, NOW) for i in range(20)]
    results = await asyncio.gather(*claims)
    outcomes = Counter(r.outcome for r in results)
    assert outcomes == {ClaimOutcome.CLAIMED: 1, ClaimOutcome.USED: 19}


async def test_concurrent_duplicate_events_are_recorded_once(
    two_stores: tuple[SqlStateStore, SqlStateStore],
) -> None:
    a, b = two_stores
    results = await asyncio.gather(*[(a if i % 2 else b).record_event("upd-1", NOW) for i in range(20)])
    assert results.count(True) == 1


async def test_concurrent_first_saves_of_one_key_do_not_fail(
    two_stores: tuple[SqlStateStore, SqlStateStore],
) -> None:
    a, b = two_stores
    states = [ConversationState(recent_refs={"n": str(i)}) for i in range(10)]
    await asyncio.gather(*[(a if i % 2 else b).save_state(KEY, s) for i, s in enumerate(states)])
    assert await a.load_state(KEY) in states
