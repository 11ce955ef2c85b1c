"""SqlStateStore against a migrated database: SQLite file, and PostgreSQL when reachable."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from adapters.storage.tables import Base, action_tokens, conversation_states, processed_events
from core.events import ConversationKey
from core.ports import ActionToken, ClaimOutcome
from core.state import ConversationState, Task, TaskStatus

NOW = datetime(2026, 7, 13, 12, 0, tzinfo=UTC)
ALICE = ConversationKey("telegram", "-100200", "alice", "7")
BOB = ConversationKey("telegram", "-100200", "bob", "7")


def make_token(token: str, key: ConversationKey = ALICE, group: str = "g1", ttl_s: int = 300) -> ActionToken:
    return ActionToken(
        token=token,
        group_id=group,
        key=key,
        payload={"task_id": "t1", "choice": token, "名字": "主账户"},
        created_at=NOW,
        expires_at=NOW + timedelta(seconds=ttl_s),
    )


def a_state() -> ConversationState:
    created = datetime(2026, 7, 13, 20, 30, 15, 123456, tzinfo=timezone(timedelta(hours=8)))
    task = Task(
        id="t1",
        skill="exchange_management",
        action="create",
        target_ref={"name": "主账户"},
        slots={"exchange": "binance", "name": "主账户", "nested": {"n": [1, 2, None]}},
        status=TaskStatus.COLLECTING,
        asking="api_key",
        needs_confirmation=True,
        created_at=created,
        updated_at=created + timedelta(seconds=5),
    )
    done = task.model_copy(update={"id": "t0", "status": TaskStatus.COMPLETED, "skill": "price"})
    return ConversationState(
        locale="zh",
        active=task,
        resume_stack=[task.model_copy(update={"id": "t-1", "status": TaskStatus.INTERRUPTED})],
        last_completed=done,
        recent_refs={"exchange_account": "acc-42"},
        extra={"price": {"symbol": "ETHUSDT"}},
    )


async def test_state_round_trip_keeps_tasks_slots_and_aware_datetimes(store: SqlStateStore) -> None:
    state = a_state()
    await store.save_state(ALICE, state)
    loaded = await store.load_state(ALICE)
    assert loaded == state
    assert loaded.active is not None
    assert loaded.active.slots["nested"] == {"n": [1, 2, None]}
    assert loaded.active.created_at == state.active.created_at  # type: ignore[union-attr]
    assert loaded.active.created_at.utcoffset() is not None


async def test_state_survives_a_new_engine(db_url: str, store: SqlStateStore) -> None:
    await store.save_state(ALICE, a_state())
    other = create_engine(db_url)  # as another process would
    other_store = SqlStateStore(other)
    try:
        assert await other_store.load_state(ALICE) == a_state()
    finally:
        await other_store.close()
        await other.dispose()


async def test_save_overwrites_and_keys_are_separate(store: SqlStateStore, engine: AsyncEngine) -> None:
    await store.save_state(ALICE, a_state())
    await store.save_state(ALICE, ConversationState(locale="en"))
    await store.save_state(BOB, ConversationState(locale="zh"))
    assert (await store.load_state(ALICE)) == ConversationState(locale="en")
    assert (await store.load_state(BOB)).locale == "zh"
    async with engine.connect() as conn:
        rows = (await conn.execute(select(conversation_states).order_by("user_id"))).all()
    assert [(r.platform, r.chat_id, r.user_id, r.thread_id) for r in rows] == [
        ("telegram", "-100200", "alice", "7"),
        ("telegram", "-100200", "bob", "7"),
    ]
    assert all(r.updated_at.tzinfo is not None for r in rows)


async def test_unknown_key_gives_a_fresh_state(store: SqlStateStore) -> None:
    await store.save_state(ALICE, a_state())
    fresh = await store.load_state(ConversationKey("telegram", "-100200", "alice", None))
    assert fresh == ConversationState()
    assert fresh.active is None


async def test_duplicate_event_is_reported(store: SqlStateStore) -> None:
    assert await store.record_event("tg:update:1", NOW) is True
    assert await store.record_event("tg:update:1", NOW + timedelta(seconds=1)) is False
    assert await store.record_event("tg:update:2", NOW) is True


async def test_old_events_are_pruned(store: SqlStateStore, engine: AsyncEngine) -> None:
    await store.record_event("old", NOW - timedelta(hours=49))
    await store.record_event("recent", NOW - timedelta(hours=47))
    await store.prune(NOW)
    async with engine.connect() as conn:
        left = (await conn.execute(select(processed_events.c.event_id))).scalars().all()
    assert left == ["recent"]


async def test_prune_runs_by_itself_on_first_event(db_url: str, engine: AsyncEngine) -> None:
    first = SqlStateStore(engine)
    await first.record_event("old", NOW - timedelta(days=3))
    await first.close()
    restarted = SqlStateStore(engine)  # a new process prunes on its first event
    await restarted.record_event("new", NOW)
    await restarted.close()
    async with engine.connect() as conn:
        left = (await conn.execute(select(processed_events.c.event_id))).scalars().all()
    assert left == ["new"]


async def test_naive_datetime_is_refused(store: SqlStateStore) -> None:
    with pytest.raises(Exception, match="naive datetime"):
        await store.record_event("e", datetime(2026, 7, 13, 12, 0))


async def test_token_is_claimed_once(store: SqlStateStore) -> None:
    await store.issue_tokens([make_token("tok-a")])
    first = await store.claim_token("tok-a", ALICE, NOW + timedelta(seconds=10))
    assert first.outcome is ClaimOutcome.CLAIMED
    assert first.token == make_token("tok-a")
    second = await store.claim_token("tok-a", ALICE, NOW + timedelta(seconds=11))
    assert second.outcome is ClaimOutcome.USED


async def test_other_user_cannot_claim_and_owner_still_can(store: SqlStateStore) -> None:
    await store.issue_tokens([make_token("tok-a")])
    stranger = await store.claim_token("tok-a", BOB, NOW)
    assert stranger.outcome is ClaimOutcome.NOT_YOURS
    owner = await store.claim_token("tok-a", ALICE, NOW)
    assert owner.outcome is ClaimOutcome.CLAIMED
    assert (await store.claim_token("tok-a", BOB, NOW)).outcome is ClaimOutcome.NOT_YOURS


@pytest.mark.parametrize(
    "elsewhere",
    [
        ConversationKey("telegram", "-100200", "alice", None),  # the same chat outside the topic
        ConversationKey("telegram", "-999", "alice", "7"),  # another chat
        ConversationKey("discord", "-100200", "alice", "7"),  # another platform
        ConversationKey("telegram", "-100200:alice", "7", None),  # the old, ambiguous spelling
    ],
)
async def test_the_owner_elsewhere_cannot_claim(store: SqlStateStore, elsewhere: ConversationKey) -> None:
    await store.issue_tokens([make_token("tok-a")])
    refused = await store.claim_token("tok-a", elsewhere, NOW)
    assert refused.outcome is ClaimOutcome.NOT_YOURS and refused.token is not None
    assert (await store.claim_token("tok-a", ALICE, NOW)).outcome is ClaimOutcome.CLAIMED


async def test_a_used_token_tells_when_it_was_claimed(store: SqlStateStore) -> None:
    await store.issue_tokens([make_token("yes"), make_token("no")])
    assert (await store.claim_token("yes", ALICE, NOW)).claimed_at == NOW
    later = await store.claim_token("no", ALICE, NOW + timedelta(seconds=30))
    assert later.outcome is ClaimOutcome.USED and later.claimed_at == NOW


async def test_expired_token(store: SqlStateStore) -> None:
    await store.issue_tokens([make_token("tok-a", ttl_s=300)])
    at_expiry = await store.claim_token("tok-a", ALICE, NOW + timedelta(seconds=300))
    assert at_expiry.outcome is ClaimOutcome.EXPIRED
    assert at_expiry.token is not None and at_expiry.token.payload["choice"] == "tok-a"
    just_before = await store.claim_token("tok-a", ALICE, NOW + timedelta(seconds=299))
    assert just_before.outcome is ClaimOutcome.CLAIMED


async def test_expiry_compares_instants_not_wall_clock_text(store: SqlStateStore) -> None:
    # Both tokens expire at 12:05 UTC. Each "now" below has a wall-clock reading on the wrong side
    # of 12:05, so a store comparing local times as text would give the opposite answers.
    await store.issue_tokens([make_token("early", group="g1"), make_token("late", group="g2")])
    at_1204_utc = datetime(2026, 7, 13, 13, 4, tzinfo=timezone(timedelta(hours=1)))
    at_1206_utc = datetime(2026, 7, 13, 7, 6, tzinfo=timezone(timedelta(hours=-5)))
    assert (await store.claim_token("early", ALICE, at_1204_utc)).outcome is ClaimOutcome.CLAIMED
    assert (await store.claim_token("late", ALICE, at_1206_utc)).outcome is ClaimOutcome.EXPIRED


async def test_unknown_token(store: SqlStateStore) -> None:
    assert (await store.claim_token("nope", ALICE, NOW)).outcome is ClaimOutcome.NOT_FOUND
    assert (await store.claim_token("nope", ALICE, NOW)).token is None


async def test_claiming_one_spends_its_siblings_only(store: SqlStateStore, engine: AsyncEngine) -> None:
    await store.issue_tokens([make_token("yes"), make_token("no"), make_token("other", group="g2")])
    assert (await store.claim_token("yes", ALICE, NOW)).outcome is ClaimOutcome.CLAIMED
    assert (await store.claim_token("no", ALICE, NOW)).outcome is ClaimOutcome.USED
    assert (await store.claim_token("other", ALICE, NOW)).outcome is ClaimOutcome.CLAIMED
    async with engine.connect() as conn:
        used = dict((await conn.execute(select(action_tokens.c.token, action_tokens.c.used_at))).all())
    assert used == {"yes": NOW, "no": NOW, "other": NOW}


async def test_token_keeps_its_key_and_payload(store: SqlStateStore) -> None:
    key = ConversationKey("discord", "guild:chan", "u:1", None)  # ':' inside parts must not confuse it
    await store.issue_tokens([make_token("tok-d", key=key)])
    claim = await store.claim_token("tok-d", key, NOW)
    assert claim.outcome is ClaimOutcome.CLAIMED
    assert claim.token is not None
    assert claim.token.key == key
    assert claim.token.payload == {"task_id": "t1", "choice": "tok-d", "名字": "主账户"}
    assert claim.token.expires_at == NOW + timedelta(seconds=300)


async def test_unserialisable_payload_fails_at_issue(store: SqlStateStore) -> None:
    bad = make_token("tok-x")
    bad = ActionToken(bad.token, bad.group_id, bad.key, {"when": NOW}, bad.created_at, bad.expires_at)
    with pytest.raises(TypeError):
        await store.issue_tokens([bad])
    assert (await store.claim_token("tok-x", ALICE, NOW)).outcome is ClaimOutcome.NOT_FOUND


async def test_old_tokens_are_pruned_recent_expired_kept(store: SqlStateStore) -> None:
    await store.issue_tokens(
        [
            make_token("ancient", group="g-old", ttl_s=-8 * 24 * 3600),
            make_token("stale", group="g-stale", ttl_s=-3600),
        ]
    )
    await store.prune(NOW)
    assert (await store.claim_token("ancient", ALICE, NOW)).outcome is ClaimOutcome.NOT_FOUND
    assert (await store.claim_token("stale", ALICE, NOW)).outcome is ClaimOutcome.EXPIRED


async def test_in_memory_sqlite_store_works_on_the_async_engine() -> None:
    # ":memory:" is one database per connection: the store must use the given engine's only one.
    engine = create_engine("sqlite+aiosqlite:///:memory:")
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)
    store = SqlStateStore(engine)
    try:
        await store.save_state(ALICE, a_state())
        assert await store.load_state(ALICE) == a_state()
        await store.issue_tokens([make_token("m1"), make_token("m2")])
        assert (await store.claim_token("m1", ALICE, NOW)).outcome is ClaimOutcome.CLAIMED
        assert (await store.claim_token("m2", ALICE, NOW)).outcome is ClaimOutcome.USED
        assert await store.record_event("x", NOW) is True
        assert await store.record_event("x", NOW) is False
    finally:
        await store.close()
        await engine.dispose()
