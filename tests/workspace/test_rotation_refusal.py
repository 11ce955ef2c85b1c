"""A secret typed to a process left running through `deskmate secrets rotate` (issue 22): it seals
with the old key, the storage refuses it (the database's secrets are under the new key now), and
the person is told so plainly in their language -- not saved, restart with the new key -- not a
generic storage error. SQLite file, the real Fernet box and the real rotation."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from bot.secret_keys import open_secret_box, rotate
from bot.settings import Settings
from core.clock import FixedClock
from core.reply import Reply, Status
from tests.fakes import NOW
from tests.workspace.conftest import make_desk, sql_workspace, text_of

OWNER = "console:user-1"

ADD = {
    "zh": ("添加一个币安交易所账户", "主账户", ("没有保存", "重启", "什么都没有写入")),
    "en": ("add a binance exchange account", "main", ("Not saved", "restart", "Nothing was written")),
}


def settings(url: str, data: Path, key: bytes) -> Settings:
    return Settings(_env_file=None, database_url=url, data_dir=data, secret_key=key.decode(), market="demo")  # type: ignore[call-arg]


async def add_during_rotation(url: str, data: Path, locale: str) -> tuple[Reply, int]:
    old, new = Fernet.generate_key(), Fernet.generate_key()
    clock = FixedClock(NOW)
    engine = create_engine(url)
    try:
        box = await open_secret_box(settings(url, data, old), engine, clock)  # this process: the old key
        workspace = sql_workspace(engine)
        desk = make_desk(workspace=workspace, secrets=box, clock=clock)
        start, name, _ = ADD[locale]
        await desk.chat.say(start)
        await desk.chat.say(name)
        await desk.chat.say("k" * 64)  # the API key, sealed now with the old key
        await rotate(settings(url, data, old), engine, clock, new.decode())  # another shell rotates
        reply = await desk.chat.say("s" * 64)  # the API secret: the write is refused
        return reply, len(await workspace.accounts.owned(OWNER))
    finally:
        await engine.dispose()


@pytest.mark.parametrize("locale", ["zh", "en"])
def test_a_secret_refused_under_an_old_key_is_said_plainly(tmp_path: Path, locale: str) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
    migrate.upgrade(url)
    reply, stored = asyncio.run(add_during_rotation(url, tmp_path / "data", locale))
    assert reply.status is Status.FAILED and stored == 0  # nothing half-stored
    said = text_of(reply)
    assert all(word in said for word in ADD[locale][2]), said
    assert "存储出错" not in said and "storage error" not in said
    assert [b.code for b in reply.blocks if getattr(b, "code", None)][-1] == "secret_key_changed"
