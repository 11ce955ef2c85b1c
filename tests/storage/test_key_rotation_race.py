"""A secret written while `deskmate secrets rotate` runs is never lost (issue 22).

Each round releases, at one instant (a threading.Barrier), a writer -- a running process that
still holds only the old key, storing a new account's API secret -- and a rotation to a new key,
each on its own thread, event loop and engine, as two processes would be. Then the process is
"restarted" with the new key alone: every stored secret must open, and the writer either stored
its secret (and it opens) or was refused with SecretKeyChanged (nothing half-stored). Many rounds,
the writer landing before, during and after the rotation; SQLite file and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Callable, Coroutine, Iterator
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import select

from adapters.secrets import FernetSecretBox
from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.exchange_accounts import SqlExchangeAccounts, exchange_accounts
from bot.secret_keys import open_secret_box, rotate
from bot.settings import Settings
from core.clock import FixedClock
from core.secrets import SecretKeyChanged
from core.tasks.audit import AuditEntry
from core.workspace.accounts import NewExchangeAccount
from tests.storage.conftest import scratch_pg_database

ROUNDS = 12
OWNER = "console:u"
CLOCK = FixedClock(datetime(2026, 1, 5, 12, 0, tzinfo=UTC))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
        migrate.upgrade(url)
        yield url
        return
    with scratch_pg_database() as url:
        migrate.upgrade(url)
        yield url


def settings(url: str, data: Path, key: bytes) -> Settings:
    return Settings(_env_file=None, database_url=url, data_dir=data, secret_key=key.decode(), market="demo")


def at_one_instant(**bodies: Callable[[], Coroutine[Any, Any, None]]) -> dict[str, BaseException]:
    """Run each coroutine function on its own thread and event loop (like a process), all
    released together by a barrier; what each raised, by name."""
    barrier = threading.Barrier(len(bodies))
    errors: dict[str, BaseException] = {}

    def run(name: str, body: Callable[[], Coroutine[Any, Any, None]]) -> None:
        barrier.wait()
        try:
            asyncio.run(body())
        except BaseException as exc:  # reported to the test
            errors[name] = exc

    threads = [threading.Thread(target=run, args=item) for item in bodies.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return errors


async def write_account(url: str, key: bytes, name: str, secret: str, delay: float) -> None:
    """A process started with ``key`` storing a new account (it does not know about the rotation)."""
    engine = create_engine(url)
    try:
        box = FernetSecretBox(key)
        await asyncio.sleep(delay)
        sealed = {"api_key": box.encrypt(f"key-{name}-0123456789"), "api_secret": box.encrypt(secret)}
        now = CLOCK.now()
        audit = AuditEntry(OWNER, "console:c:u:", now, "exchange_account", "create", None, None, "ok")
        await SqlExchangeAccounts(engine).create(
            NewExchangeAccount(OWNER, name, "binance", sealed, None, now), audit
        )
    finally:
        await engine.dispose()


async def run_rotation(url: str, data: Path, old: bytes, new: bytes) -> None:
    engine = create_engine(url)
    try:
        await rotate(settings(url, data, old), engine, CLOCK, new.decode())
    finally:
        await engine.dispose()


async def stored_secrets(url: str, data: Path, key: bytes) -> dict[str, str]:
    """What a process restarted with ``key`` alone reads: name -> api secret (every one must open)."""
    engine = create_engine(url)
    try:
        box = await open_secret_box(settings(url, data, key), engine, CLOCK)
        async with engine.connect() as conn:
            rows = (
                await conn.execute(select(exchange_accounts.c.name, exchange_accounts.c.credentials))
            ).all()
        opened = {}
        for name, raw in rows:
            creds = json.loads(raw)
            box.decrypt(creds["api_key"])
            opened[name] = box.decrypt(creds["api_secret"])
        return opened
    finally:
        await engine.dispose()


def test_a_secret_written_during_a_rotation_opens_after_restart_with_the_new_key(
    db_url: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    keys = [Fernet.generate_key() for _ in range(ROUNDS + 1)]
    asyncio.run(stored_secrets(db_url, data, keys[0]))  # first start: the canary under key 0
    rng = random.Random(22)
    expected: dict[str, str] = {}
    refused = 0
    for i in range(ROUNDS):
        old, new = keys[i], keys[i + 1]
        name, secret = f"acct{i}", f"secret-{i}-{rng.random():.12f}"
        delay = rng.uniform(0, 0.15)  # lands before, during or after the rotation's switch
        errors = at_one_instant(
            writer=partial(write_account, db_url, old, name, secret, delay),
            rotation=partial(run_rotation, db_url, data, old, new),
        )
        assert "rotation" not in errors, errors
        if "writer" in errors:
            assert isinstance(errors["writer"], SecretKeyChanged), errors
            refused += 1
        else:
            expected[name] = secret
        # restart with the new key alone: every stored secret opens, the writer's included
        assert asyncio.run(stored_secrets(db_url, data, new)) == expected
    assert len(expected) + refused == ROUNDS
