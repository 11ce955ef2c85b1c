"""A conversation is exactly (platform, chat, user, thread): its state and its buttons belong to
it alone, on every store."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.memory_store import MemoryStateStore
from core.ports import StateStore
from core.reply import Status
from core.workspace.memory import MemoryWorkspace
from tests.workspace.conftest import (
    Chat,
    Desk,
    Workspace,
    _clear_all,
    add_binance_account,
    button,
    codes,
    make_desk,
    sql_workspace,
)

OWNER = "console:user-1"


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    """None for the in-memory stores, else an empty migrated database's URL."""
    if request.param == "memory":
        return None
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}"
        migrate.upgrade(url)
        return url
    pg: str = request.getfixturevalue("pg_workspace_url")
    asyncio.run(_clear_all(pg))
    return pg


@pytest.fixture
async def stores(backend: str | None) -> AsyncIterator[tuple[StateStore, Workspace]]:
    if backend is None:
        yield MemoryStateStore(), MemoryWorkspace()
        return
    engine = create_engine(backend)
    states = SqlStateStore(engine)
    try:
        yield states, sql_workspace(engine)
    finally:
        await states.close()
        await engine.dispose()


@pytest.fixture
def desk_on(stores: tuple[StateStore, Workspace]) -> Desk:
    states, workspace = stores
    return make_desk(states=states, workspace=workspace)


@pytest.mark.parametrize(
    "elsewhere",
    [
        ConversationKey("console", "chat-2", "user-1"),  # the same person in another chat
        ConversationKey("console", "chat-1", "user-1", "topic-9"),  # ... in a topic of the same chat
        ConversationKey("telegram", "chat-1", "user-1"),  # ... on another platform
    ],
)
async def test_a_confirm_button_pressed_from_another_conversation_is_refused(
    desk_on: Desk, elsewhere: ConversationKey
) -> None:
    chat = desk_on.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    there = Chat(desk_on.core, key=elsewhere)
    refused = await there.press(button(confirm, "确认删除"))
    assert refused.status is Status.FAILED and codes(refused) == ["not_yours"]
    assert len(await desk_on.workspace.accounts.owned(OWNER)) == 1
    # Still pending where it was asked: the owner's press there works.
    done = await chat.press(button(confirm, "确认删除"))
    assert codes(done) == ["account_deleted"]
    assert await desk_on.workspace.accounts.owned(OWNER) == []


async def test_the_other_chat_is_told_the_button_belongs_to_another_conversation(desk_on: Desk) -> None:
    chat = desk_on.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    refused = await Chat(desk_on.core, key=ConversationKey("console", "chat-2", "user-1")).press(
        button(confirm, "确认删除")
    )
    assert "another conversation" in refused.blocks[0].text  # type: ignore[union-attr]


PARTS = ["a", "b", "a:b", "b:c", "", "%", "%3A", ":", "a%3Ab"]


def tricky_keys() -> list[ConversationKey]:
    keys = [
        ConversationKey("console", chat, user, thread)
        for chat, user in itertools.product(PARTS, repeat=2)
        for thread in (None, "t", "t:1", "%")
    ]
    return keys


def test_the_string_form_of_a_key_is_unambiguous() -> None:
    keys = tricky_keys()
    forms = {k.as_str() for k in keys}
    assert len(forms) == len(set(keys))
    assert ConversationKey("console", "a:b", "c").as_str() != ConversationKey("console", "a", "b:c").as_str()
    for key in keys:
        assert ConversationKey.from_str(key.as_str()) == key


def test_keys_without_separators_keep_their_old_string_form() -> None:
    # So the migration rewrites only keys that were ambiguous.
    assert ConversationKey("telegram", "-1001", "42", "7").as_str() == "telegram:-1001:42:7"
    assert ConversationKey("console", "cli", "local").as_str() == "console:cli:local:"


def test_an_empty_thread_is_no_thread() -> None:
    assert ConversationKey("console", "c", "u", "") == ConversationKey("console", "c", "u")


async def test_chat_a_colon_b_and_user_b_colon_c_are_two_conversations(desk_on: Desk) -> None:
    one = Chat(desk_on.core, key=ConversationKey("console", "a:b", "c"))
    two = Chat(desk_on.core, key=ConversationKey("console", "a", "b:c"))
    await one.command("lang", "zh")
    answer = await two.say("BTC price")
    assert answer.locale == "en"
    assert (await one.say("BTC price")).locale == "zh"
    # Buttons too: one's confirmation is not two's.
    await add_binance_account(one)
    confirm = await one.say("删除交易所 主账户")
    assert codes(await two.press(button(confirm, "确认删除"))) == ["not_yours"]
