"""Storage fixtures: a migrated SQLite file per test, and a scratch PostgreSQL database per session.

PostgreSQL: DESKMATE_TEST_POSTGRES_URL (default postgresql+asyncpg://postgres@127.0.0.1:5432/test).
A uniquely named database is created from it and dropped afterwards; when the server cannot be
reached (or the role may not create databases) those tests skip.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore

DEFAULT_PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
BACKENDS = ["sqlite", "postgresql"]


def pg_url() -> URL:
    return make_url(os.environ.get("DESKMATE_TEST_POSTGRES_URL", DEFAULT_PG_URL))


async def _admin(url: URL, *statements: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT", connect_args={"timeout": 3})
    try:
        async with engine.connect() as conn:
            for statement in statements:
                await conn.execute(text(statement))
    finally:
        await engine.dispose()


@contextmanager
def scratch_pg_database() -> Iterator[str]:
    """Create a uniquely named, empty PostgreSQL database; drop it on exit. Skips when unusable.

    Sync on purpose: call it where no event loop runs (sync fixtures)."""
    admin = pg_url()
    name = f"deskmate_test_{uuid.uuid4().hex[:12]}"
    try:
        asyncio.run(_admin(admin, f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        pytest.skip(f"PostgreSQL at {admin.render_as_string(hide_password=True)} unusable: {exc!r}")
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(_admin(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


REPO = Path(__file__).resolve().parents[2]


def migrated_process_env(url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, str]:
    """Migrate ``url`` and give the environment of a deskmate process on it (its own data dir, a
    fresh secret key, the repository importable); this process's DESKMATE_ settings are set to
    the same, so the test and the processes it starts read one configuration."""
    migrate.upgrade(url)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env |= {
        "DESKMATE_DATABASE_URL": url,
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
        "DESKMATE_SECRET_KEY": Fernet.generate_key().decode(),
        "PYTHONPATH": str(REPO),
    }
    for name in list(os.environ):
        if name.startswith("DESKMATE_"):
            monkeypatch.delenv(name)
    for key, value in env.items():
        if key.startswith("DESKMATE_"):
            monkeypatch.setenv(key, value)
    return env


@pytest.fixture(scope="session")
def pg_scratch_url() -> Iterator[str]:
    """A fresh PostgreSQL database shared by this session's store tests."""
    with scratch_pg_database() as url:
        yield url


@pytest.fixture
def pg_empty_url() -> Iterator[str]:
    """A fresh PostgreSQL database for one test (migration tests)."""
    with scratch_pg_database() as url:
        yield url


@pytest.fixture(scope="session")
def pg_migrated_url(pg_scratch_url: str) -> str:
    migrate.upgrade(pg_scratch_url)
    return pg_scratch_url


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated database URL with empty tables, on each backend (sync: no loop runs here)."""
    if request.param == "sqlite":
        sqlite = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
        migrate.upgrade(sqlite)
        return sqlite
    pg: str = request.getfixturevalue("pg_migrated_url")
    asyncio.run(_clear(pg))
    return pg


async def _clear(url: str) -> None:
    """Empty every table (children first), whichever storage module declared it."""
    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            for table in reversed(migrate.load_metadata().sorted_tables):
                await conn.execute(table.delete())
    finally:
        await engine.dispose()


@pytest.fixture
async def engine(db_url: str) -> AsyncIterator[AsyncEngine]:
    eng = create_engine(db_url)
    yield eng
    await eng.dispose()


@pytest.fixture
async def store(engine: AsyncEngine) -> AsyncIterator[SqlStateStore]:
    st = SqlStateStore(engine)
    yield st
    await st.close()
