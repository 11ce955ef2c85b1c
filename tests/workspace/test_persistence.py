"""The SQL stores under the real Core: a task survives a restart between turns, a confirmation
runs once across processes, and the database file never holds a secret in clear."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from adapters.secrets import FernetSecretBox, KeySource
from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.clock import FixedClock
from core.reply import Reply, Status
from core.state import TaskStatus
from core.workspace.accounts import ExchangeAccount
from tests.fakes import NOW
from tests.workspace.conftest import (
    API_KEY,
    API_SECRET,
    MODEL_KEY,
    NEW_API_KEY,
    Desk,
    button,
    codes,
    details,
    make_desk,
    masked,
    sql_workspace,
)

OWNER = "console:user-1"


def _key(data_dir: Path) -> list[bytes]:
    source = KeySource.of(None, data_dir)
    return source.load() if source.exists() else source.create()


@asynccontextmanager
async def process(url: str, data_dir: Path, clock: FixedClock) -> AsyncIterator[Desk]:
    """What one deskmate process builds: its own engine, stores and key loading."""
    engine = create_engine(url)
    try:
        yield make_desk(
            workspace=sql_workspace(engine),
            states=SqlStateStore(engine),
            secrets=FernetSecretBox(_key(data_dir)),
            clock=clock,
        )
    finally:
        await engine.dispose()


async def say_in_new_process(url: str, data_dir: Path, clock: FixedClock, text: str) -> Reply:
    async with process(url, data_dir, clock) as desk:
        return await desk.chat.say(text)


async def test_each_turn_in_a_new_process_continues_the_task(sqlite_url: str, tmp_path: Path) -> None:
    await migrate.upgrade_async(sqlite_url)
    data, clock = tmp_path / "data", FixedClock(NOW)
    turn1 = await say_in_new_process(sqlite_url, data, clock, "添加一个币安交易所账户")
    assert codes(turn1) == ["ask_name"]
    turn2 = await say_in_new_process(sqlite_url, data, clock, "主账户")
    assert codes(turn2) == ["ask_api_key"]
    turn3 = await say_in_new_process(sqlite_url, data, clock, API_KEY)
    assert codes(turn3) == ["ask_api_secret"]
    turn4 = await say_in_new_process(sqlite_url, data, clock, API_SECRET)
    assert codes(turn4) == ["account_created"]
    assert details(turn4)["API Key"] == masked(API_KEY)

    # An update with its confirmation, again one process per turn (the button pressed in another).
    await say_in_new_process(sqlite_url, data, clock, "把主账户的 API key 换一下")
    confirm = await say_in_new_process(sqlite_url, data, clock, NEW_API_KEY)
    assert confirm.status is Status.AWAITING_CONFIRMATION
    async with process(sqlite_url, data, clock) as desk:
        done = await desk.chat.press(button(confirm, "确认"))
        assert codes(done) == ["account_updated"]
        (acc,) = await desk.workspace.accounts.owned(OWNER)
        assert desk.secrets.decrypt(acc.credentials["api_key"]) == NEW_API_KEY
        # And a model config, so its key is in the file too.
        await desk.chat.say("配置一个 DeepSeek 模型")
        await desk.chat.say(MODEL_KEY)
        assert len(await desk.workspace.models.owned(OWNER)) == 1
        audit = await desk.workspace.audit.recent(OWNER)
        assert [e.action for e in audit] == ["create", "update", "create"]

    # Read the database files as raw bytes: no secret, old or new, appears in clear.
    files = [p for p in (tmp_path / "db").iterdir() if p.is_file()]
    raw = b"".join(p.read_bytes() for p in files)
    assert "主账户".encode() in raw  # the file really holds the data searched
    for secret in (API_KEY, API_SECRET, NEW_API_KEY, MODEL_KEY):
        assert secret.encode() not in raw
        assert secret[:24].encode() not in raw  # not even a large part of one
    key_file = data / "secret.key"
    assert key_file.stat().st_mode & 0o777 == 0o600


async def test_a_confirmation_runs_once_across_two_processes(sqlite_url: str, tmp_path: Path) -> None:
    await migrate.upgrade_async(sqlite_url)
    data, clock = tmp_path / "data", FixedClock(NOW)
    async with process(sqlite_url, data, clock) as first:
        await first.chat.say("添加一个模拟账户")
        await first.chat.say("练习")
        confirm = await first.chat.say("删除交易所 练习")
        assert confirm.status is Status.AWAITING_CONFIRMATION
    async with process(sqlite_url, data, clock) as a, process(sqlite_url, data, clock) as b:
        pressed, typed = await asyncio.gather(a.chat.press(button(confirm, "确认删除")), b.chat.say("确认"))
        outcomes = sorted([str(codes(pressed)[0]), str(codes(typed)[0])])
        # Whichever arrives first deletes; the other learns it was handled (how depends on timing).
        assert outcomes in (
            ["account_deleted", "already_handled"],  # the typed one lost the compare-and-set
            ["account_deleted", "button_used"],  # the button lost it
            ["account_deleted", "nothing_to_confirm"],  # the typed one came after the press had finished
        )
        deletes = [e for e in await a.workspace.audit.recent(OWNER) if e.action == "delete"]
        assert len(deletes) == 1
        assert await a.workspace.accounts.owned(OWNER) == []
        state = await a.states.load_state(a.chat.key)
        assert state.active is None


async def test_a_crash_mid_execution_is_reported_not_repeated(sqlite_url: str, tmp_path: Path) -> None:
    """The executing state is saved before the store is touched; a later turn finds out that the
    create never ran, says so and offers it again (it is not repeated by itself)."""
    await migrate.upgrade_async(sqlite_url)
    data, clock = tmp_path / "data", FixedClock(NOW)
    async with process(sqlite_url, data, clock) as desk:
        await desk.chat.say("添加一个模拟账户")

        async def crash(*_args: object) -> ExchangeAccount:
            raise KeyboardInterrupt  # the process dies inside the store call

        desk.workspace.accounts.create = crash  # type: ignore[method-assign,assignment]
        with contextlib.suppress(KeyboardInterrupt):
            await desk.chat.say("练习")
    state_after = None
    async with process(sqlite_url, data, clock) as desk:
        state_after = await desk.states.load_state(desk.chat.key)
        assert state_after.active is not None and state_after.active.status is TaskStatus.EXECUTING
        clock.advance(180)
        reply = await desk.chat.say("我的交易所账户")
        assert codes(reply)[0] == "interrupted_not_run"
        assert reply.route.action == "query"
        assert await desk.workspace.accounts.owned(OWNER) == []
        again = await desk.chat.say("继续")  # the create, shelved by the query, comes back ...
        assert codes(again) == ["confirm_create", "confirm_hint"]
        done = await desk.chat.say("确认")  # ... and runs once confirmed
        assert codes(done) == ["account_created"]
        assert len(await desk.workspace.accounts.owned(OWNER)) == 1
