"""Migration 0005 rewrites conversation keys written in the old, ambiguous form (parts joined by
":" unescaped) into the escaped form, in every table that stores one: on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.ports import ClaimOutcome
from tests.storage.conftest import BACKENDS

BEFORE = "0003_workspace"
NOW = datetime(2026, 7, 13, 10, 0, tzinfo=UTC)

# (platform, chat, user, thread) -> the key as the old code wrote it
OLD = {
    ("console", "a:b", "c", None): "console:a:b:c:",
    ("telegram", "-100", "42", "7"): "telegram:-100:42:7",  # nothing to escape: unchanged
    ("console", "50%", "u", None): "console:50%:u:",
    ("console", "x", "y", ""): "console:x:y:",  # an empty thread is no thread
}
# owner, actor as the old code wrote them -> the conversation the actor names
AUDIT = [
    ("console:c", "console:a:b:c:", ConversationKey("console", "a:b", "c")),
    ("console:b:c", "console:a:b:c:", ConversationKey("console", "a", "b:c")),  # same text, other person
    ("telegram:42", "telegram:-100:42:7", ConversationKey("telegram", "-100", "42", "7")),
]


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    else:
        yield request.getfixturevalue("pg_empty_url")


async def _sql(url: str, *statements: tuple[str, dict[str, object]]) -> list[list[tuple[object, ...]]]:
    engine = create_engine(url)
    try:
        results = []
        async with engine.begin() as conn:
            for statement, params in statements:
                result = await conn.execute(text(statement), params)
                results.append(list(result.all()) if result.returns_rows else [])
        return results
    finally:
        await engine.dispose()


def old_rows(url: str) -> None:
    """What a deskmate before 0005 left in the database."""
    statements: list[tuple[str, dict[str, object]]] = []
    for i, ((platform, chat, user, thread), key) in enumerate(OLD.items()):
        parts = {"p": platform, "c": chat, "u": user, "t": thread, "k": key}
        state = json.dumps({"locale": "zh", "extra": {"n": i}})
        statements.append(
            (
                "INSERT INTO conversation_states (conversation_key, platform, chat_id, user_id, thread_id, "
                "state, updated_at) VALUES (:k, :p, :c, :u, :t, :s, :at)",
                {**parts, "s": state, "at": NOW},
            )
        )
        statements.append(
            (
                "INSERT INTO action_tokens (token, group_id, conversation_key, platform, chat_id, user_id, "
                "thread_id, payload, created_at, expires_at, used_at) "
                "VALUES (:tok, :g, :k, :p, :c, :u, :t, '{}', :at, :exp, NULL)",
                {**parts, "tok": f"tok{i}", "g": f"g{i}", "at": NOW, "exp": NOW + timedelta(minutes=5)},
            )
        )
    for owner, actor, _ in [*AUDIT, ("console:z", "not a key", None)]:
        statements.append(
            (
                "INSERT INTO audit_log (at, owner, actor, skill, action, target_id, target_name, outcome, "
                "detail) VALUES (:at, :o, :a, 'exchange_management', 'delete', 1, 'x', 'ok', '{}')",
                {"at": NOW.replace(tzinfo=None) if url.startswith("sqlite") else NOW, "o": owner, "a": actor},
            )
        )
    asyncio.run(_sql(url, *statements))


def stored_keys(url: str) -> tuple[set[object], set[object], list[object]]:
    states, tokens, actors = asyncio.run(
        _sql(
            url,
            ("SELECT conversation_key, thread_id FROM conversation_states", {}),
            ("SELECT conversation_key, thread_id FROM action_tokens", {}),
            ("SELECT actor FROM audit_log ORDER BY id", {}),
        )
    )
    return set(states), set(tokens), [a for (a,) in actors]


def test_old_keys_are_rewritten_and_back_again(url: str) -> None:
    migrate.upgrade(url, BEFORE)
    old_rows(url)
    migrate.upgrade(url)

    new = {parts: ConversationKey(*parts).as_str() for parts in OLD}
    assert new[("console", "a:b", "c", None)] == "console:a%3Ab:c:"
    assert new[("console", "50%", "u", None)] == "console:50%25:u:"
    states, tokens, actors = stored_keys(url)
    expected = {(new[parts], parts[3] or None) for parts in OLD}
    assert states == expected and tokens == expected
    assert [ConversationKey.from_str(str(a)) for a in actors[:3]] == [key for _, _, key in AUDIT]
    assert actors[3] == "not a key"  # left as it was

    async def through_the_store() -> None:
        engine = create_engine(url)
        store = SqlStateStore(engine)
        try:
            for i, parts in enumerate(OLD):
                key = ConversationKey(*parts)
                assert (await store.load_state(key)).extra == {"n": i}
                claim = await store.claim_token(f"tok{i}", key, NOW)
                assert claim.outcome is ClaimOutcome.CLAIMED and claim.token is not None
                assert claim.token.key == key
            # The other reading of the old ambiguous key is another conversation: nothing there.
            assert (await store.load_state(ConversationKey("console", "a", "b:c"))).extra == {}
        finally:
            await store.close()
            await engine.dispose()

    asyncio.run(through_the_store())

    migrate.downgrade(url, BEFORE)
    states, tokens, actors = stored_keys(url)
    assert {k for k, _ in states} == {k for k, _ in tokens} == set(OLD.values())
    assert actors == [actor for _, actor, _ in AUDIT] + ["not a key"]
    migrate.upgrade(url)
    assert {k for k, _ in stored_keys(url)[0]} == set(new.values())
