"""The secret key against the database: a start-up check with a stored canary, and rotation.

A "process" here is what `deskmate` builds at start-up (bot.wiring.build_app: key check, stores,
core); the commands run through bot.cli.main as they would from a shell.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import delete, select

from adapters.storage.engine import create_engine
from adapters.storage.exchange_accounts import exchange_accounts
from adapters.storage.model_configs import model_configs
from adapters.storage.sealed import is_token, sealed_columns, secret_canary
from bot.cli import main
from bot.errors import ConfigError
from bot.settings import Settings
from bot.wiring import App, build_app
from core.clock import FixedClock
from core.secrets import split_sealed
from tests.fakes import NOW
from tests.workspace.conftest import API_KEY, API_SECRET, MODEL_KEY, NEW_API_KEY, Chat, button, codes

OWNER = "console:user-1"


def settings(url: str, data: Path, key: str | None = None) -> Settings:
    return Settings(_env_file=None, database_url=url, data_dir=data, secret_key=key, market="demo")  # type: ignore[call-arg]


@asynccontextmanager
async def started(url: str, data: Path, key: str | None = None) -> AsyncIterator[App]:
    app = await build_app(settings(url, data, key), clock=FixedClock(NOW))
    try:
        yield app
    finally:
        await app.aclose()


async def say(url: str, data: Path, key: str | None, *texts: str) -> list[object]:
    """Each text in a new process (so every step goes through the database)."""
    replies = []
    for text in texts:
        async with started(url, data, key) as app:
            replies.append(await Chat(app.core).say(text))
    return replies


async def add_account_and_model(url: str, data: Path, key: str | None = None) -> None:
    await say(url, data, key, "添加一个币安交易所账户", "主账户", API_KEY, API_SECRET)
    await say(url, data, key, "配置一个 DeepSeek 模型", MODEL_KEY)


async def sealed_values(url: str) -> list[str]:
    """Every ciphertext in every registered sealed column."""
    engine = create_engine(url)
    found: list[str] = []
    try:
        async with engine.connect() as conn:
            for sealed in sealed_columns():
                for raw in (await conn.execute(select(sealed.column))).scalars():
                    if is_token(raw):
                        found.append(raw)
                    elif raw and raw.startswith(("{", "[")):
                        found += _tokens(json.loads(raw))
            found += list((await conn.execute(select(secret_canary.c.sealed))).scalars())
    finally:
        await engine.dispose()
    return found


def _tokens(value: object) -> list[str]:
    if is_token(value):
        return [value]  # type: ignore[list-item]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _tokens(v)]
    if isinstance(value, list):
        return [t for v in value for t in _tokens(v)]
    return []


def opens_all(key: bytes | str, values: list[str]) -> bool:
    fernet = Fernet(key)
    try:
        for value in values:
            fernet.decrypt(split_sealed(value)[1].encode())
    except InvalidToken:
        return False
    return True


def opens_none(key: bytes | str, values: list[str]) -> bool:
    fernet = Fernet(key)
    for value in values:
        try:
            fernet.decrypt(split_sealed(value)[1].encode())
        except InvalidToken:
            continue
        return False
    return True


# -- the start-up check -----------------------------------------------------------------------------


async def test_a_changed_setting_stops_start_up_and_changes_nothing(db_url: str, tmp_path: Path) -> None:
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    await add_account_and_model(db_url, tmp_path / "data", old)
    before = await sealed_values(db_url)

    with pytest.raises(ConfigError) as refused:
        async with started(db_url, tmp_path / "data", new):
            pass

    assert "DESKMATE_SECRET_KEY is not the key the stored credentials were encrypted" in str(refused.value)
    assert new not in str(refused.value) and old not in str(refused.value)
    assert await sealed_values(db_url) == before
    async with started(db_url, tmp_path / "data", old) as app:  # the right key still works
        reply = await Chat(app.core).say("我的交易所账户")
        assert API_KEY[:4] in str(reply)


async def test_a_lost_key_file_stops_start_up_and_no_new_key_is_generated(
    db_url: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    await add_account_and_model(db_url, data)
    (data / "secret.key").unlink()

    with pytest.raises(ConfigError) as refused:
        async with started(db_url, data):
            pass

    assert "is missing, but the database holds credentials" in str(refused.value)
    assert not (data / "secret.key").exists()  # nothing generated over the existing data


async def test_another_key_file_stops_start_up(db_url: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    await add_account_and_model(db_url, data)
    original = (data / "secret.key").read_bytes()
    (data / "secret.key").write_bytes(Fernet.generate_key() + b"\n")

    with pytest.raises(ConfigError):
        async with started(db_url, data):
            pass
    (data / "secret.key").write_bytes(original)
    async with started(db_url, data):
        pass


async def test_a_database_sealed_before_the_canary_is_checked_against_its_data(
    db_url: str, tmp_path: Path
) -> None:
    key = Fernet.generate_key().decode()
    await add_account_and_model(db_url, tmp_path / "data", key)
    engine = create_engine(db_url)
    async with engine.begin() as conn:  # as an older deskmate left it: credentials, no canary
        await conn.execute(delete(secret_canary))
    await engine.dispose()

    with pytest.raises(ConfigError):
        async with started(db_url, tmp_path / "data", Fernet.generate_key().decode()):
            pass
    async with started(db_url, tmp_path / "data", key):
        pass
    assert opens_all(key, (await sealed_values(db_url))[-1:])  # the canary is there now


async def test_a_first_start_creates_the_key_file_and_the_canary(db_url: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    async with started(db_url, data):
        pass
    key = (data / "secret.key").read_text().strip()
    assert (data / "secret.key").stat().st_mode & 0o777 == 0o600
    (canary,) = await sealed_values(db_url)
    assert opens_all(key, [canary])


# -- rotation -----------------------------------------------------------------------------------------


def rotate_cli(url: str, data: Path, key: str | None = None, *extra: str) -> int:
    import os

    env = {"DESKMATE_DATABASE_URL": url, "DESKMATE_DATA_DIR": str(data), "DESKMATE_MARKET": "demo"}
    if key is not None:
        env["DESKMATE_SECRET_KEY"] = key
    saved = {k: os.environ.get(k) for k in [*env, "DESKMATE_SECRET_KEY"]}
    os.environ.pop("DESKMATE_SECRET_KEY", None)
    os.environ.update(env)
    try:
        return main(["secrets", "rotate", *extra])
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def test_rotation_with_a_key_file_re_encrypts_everything_and_rewrites_the_file(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    asyncio.run(add_account_and_model(db_url, data))
    # A task half-filled when the rotation happens: its sealed slot must move too.
    asyncio.run(say(db_url, data, None, "添加一个币安交易所账户", "副账户", "HALFWAYKEY1234567890abcdefgh"))
    old = (data / "secret.key").read_text().strip()
    before = asyncio.run(sealed_values(db_url))
    assert len(before) >= 5 and opens_all(old, before)

    assert rotate_cli(db_url, data) == 0

    out = capsys.readouterr().out
    new = (data / "secret.key").read_text().strip()
    assert new != old and len(new.split()) == 1
    assert (data / "secret.key").stat().st_mode & 0o777 == 0o600
    assert new not in out  # a key file is never echoed
    after = asyncio.run(sealed_values(db_url))
    assert len(after) == len(before)
    assert opens_all(new, after) and opens_none(old, after)
    assert "re-encrypted" in out

    # The half-filled task continues under the new key, and every field opens with it alone.
    (done,) = asyncio.run(say(db_url, data, None, "SECRETSECRET0987654321zyxwvu"))
    assert codes(done) == ["account_created"]  # type: ignore[arg-type]
    assert opens_all(new, asyncio.run(sealed_values(db_url)))


def test_rotation_with_the_setting_prints_the_new_key_once(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    old = Fernet.generate_key().decode()
    asyncio.run(add_account_and_model(db_url, data, old))

    assert rotate_cli(db_url, data, old) == 0

    lines = capsys.readouterr().out.strip().splitlines()
    new = lines[-1]
    assert "DESKMATE_SECRET_KEY" in lines[-2] and Fernet(new.encode())
    assert not (data / "secret.key").exists()
    assert opens_all(new, asyncio.run(sealed_values(db_url)))
    with pytest.raises(ConfigError):  # the old setting is now refused at start-up
        asyncio.run(say(db_url, data, old, "我的交易所账户"))


def test_rotation_to_a_given_key_read_from_stdin(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    data = tmp_path / "data"
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    asyncio.run(add_account_and_model(db_url, data, old))
    monkeypatch.setattr("sys.stdin", io.StringIO(new + "\n"))

    assert rotate_cli(db_url, data, old, "--new-key", "-") == 0

    assert new not in capsys.readouterr().out  # the operator gave it: not repeated
    assert opens_all(new, asyncio.run(sealed_values(db_url)))


def test_rotation_to_a_given_key_that_starts_with_a_dash(db_url: str, tmp_path: Path) -> None:
    """One Fernet key in 64 starts with "-" (URL-safe base64): "--new-key -…" must read it as
    the key, not fail as a missing argument (seen as a flaky test: a random key began with one)."""
    import base64

    data = tmp_path / "data"
    old = Fernet.generate_key().decode()
    new = base64.urlsafe_b64encode(b"\xf8" + bytes(range(31))).decode()  # 0xf8: "-" first
    assert new.startswith("-") and Fernet(new.encode())
    asyncio.run(add_account_and_model(db_url, data, old))

    assert rotate_cli(db_url, data, old, "--new-key", new) == 0

    assert opens_all(new, asyncio.run(sealed_values(db_url)))


def test_rotation_refuses_a_bad_new_key_and_changes_nothing(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    asyncio.run(add_account_and_model(db_url, data))
    before = asyncio.run(sealed_values(db_url))
    key_file = (data / "secret.key").read_bytes()

    assert rotate_cli(db_url, data, None, "--new-key", "not-a-key") == 2

    err = capsys.readouterr().err
    assert err.startswith("deskmate: --new-key is not a valid Fernet key") and "Traceback" not in err
    assert asyncio.run(sealed_values(db_url)) == before
    assert (data / "secret.key").read_bytes() == key_file


async def test_an_update_after_rotation_leaves_every_field_under_the_new_key(
    db_url: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    old = Fernet.generate_key().decode()
    await add_account_and_model(db_url, data, old)
    await asyncio.to_thread(rotate_cli, db_url, data, old, "--new-key", new := Fernet.generate_key().decode())

    (_, confirm) = await say(db_url, data, new, "把主账户的 API key 换一下", NEW_API_KEY)
    async with started(db_url, data, new) as app:
        done = await Chat(app.core).press(button(confirm, "确认"))  # type: ignore[arg-type]
        assert codes(done) == ["account_updated"]

    engine = create_engine(db_url)
    async with engine.connect() as conn:
        (credentials,) = (await conn.execute(select(exchange_accounts.c.credentials))).scalars().all()
        (model_key,) = (await conn.execute(select(model_configs.c.api_key))).scalars().all()
    await engine.dispose()
    fields = json.loads(credentials)
    fernet = Fernet(new)
    assert fernet.decrypt(split_sealed(fields["api_key"])[1].encode()).decode() == NEW_API_KEY
    assert fernet.decrypt(split_sealed(fields["api_secret"])[1].encode()).decode() == API_SECRET
    assert fernet.decrypt(split_sealed(model_key)[1].encode()).decode() == MODEL_KEY


def test_the_sqlite_database_holds_no_plain_secret_after_rotation(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
    data = tmp_path / "data"
    from adapters.storage import migrate

    migrate.upgrade(url)
    asyncio.run(add_account_and_model(url, data))
    assert rotate_cli(url, data) == 0
    with sqlite3.connect(tmp_path / "db" / "deskmate.db") as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = b"".join(p.read_bytes() for p in (tmp_path / "db").iterdir() if p.is_file())
    for secret in (API_KEY, API_SECRET, MODEL_KEY):
        assert secret.encode() not in raw
