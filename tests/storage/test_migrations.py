"""Alembic migrations on a fresh SQLite file (and PostgreSQL when reachable)."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from tests.storage.conftest import BACKENDS

OUR_TABLES = {"conversation_states", "processed_events", "action_tokens"}
FIRST = "0001_initial"


@pytest.fixture(params=BACKENDS)
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'fresh' / 'sub' / 'deskmate.db'}"  # dirs don't exist yet
    else:
        yield request.getfixturevalue("pg_empty_url")


def tables(url: str) -> set[str]:
    async def run() -> set[str]:
        engine = create_engine(url)
        try:
            async with engine.connect() as conn:
                return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
        finally:
            await engine.dispose()

    return asyncio.run(run())


def schema_diff(url: str) -> list[object]:
    def diff(conn: Connection) -> list[object]:
        return list(compare_metadata(MigrationContext.configure(conn), migrate.load_metadata()))

    async def run() -> list[object]:
        engine = create_engine(url)
        try:
            async with engine.connect() as conn:
                return await conn.run_sync(diff)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def test_upgrade_downgrade_upgrade(empty_url: str) -> None:
    head = migrate.head()
    assert head is not None
    assert migrate.current(empty_url) is None

    migrate.upgrade(empty_url)
    assert tables(empty_url) >= OUR_TABLES
    assert migrate.current(empty_url) == head

    migrate.downgrade(empty_url, "base")
    assert tables(empty_url) & OUR_TABLES == set()
    assert tables(empty_url) <= {"alembic_version"}  # every later migration reverts cleanly too
    assert migrate.current(empty_url) is None

    migrate.upgrade(empty_url, "head")
    assert tables(empty_url) >= OUR_TABLES
    assert migrate.current(empty_url) == head


def test_first_revision_alone_creates_the_core_tables(empty_url: str) -> None:
    migrate.upgrade(empty_url, FIRST)
    assert tables(empty_url) == OUR_TABLES | {"alembic_version"}
    assert migrate.current(empty_url) == FIRST
    migrate.upgrade(empty_url)
    migrate.downgrade(empty_url, FIRST)
    assert tables(empty_url) == OUR_TABLES | {"alembic_version"}


def test_the_written_out_head_is_alembics_head() -> None:
    """Start-up compares the database with HEAD_REVISION (no Alembic import): a new migration
    must bump it, or a database at the old head would never be upgraded."""
    assert migrate.head() == migrate.HEAD_REVISION


@pytest.mark.process
def test_a_database_at_head_is_checked_without_alembic(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    migrate.upgrade(url)
    script = (
        "import sys\n"
        "from adapters.storage import migrate\n"
        f"migrate.upgrade({url!r})\n"
        "assert 'alembic' not in sys.modules, 'alembic imported at head'\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_a_database_behind_head_is_upgraded(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    migrate.upgrade(url, FIRST)
    assert not asyncio.run(migrate._at_head(url))
    migrate.upgrade(url)
    assert migrate.current(url) == migrate.HEAD_REVISION
    assert asyncio.run(migrate._at_head(url))


def test_upgrade_is_idempotent(empty_url: str) -> None:
    migrate.upgrade(empty_url)
    migrate.upgrade(empty_url)
    assert migrate.current(empty_url) == migrate.head()


def test_migrated_schema_matches_the_table_definitions(empty_url: str) -> None:
    migrate.upgrade(empty_url)
    assert schema_diff(empty_url) == []


def test_works_from_another_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no alembic.ini or migrations/ here
    url = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    migrate.upgrade(url)
    assert migrate.current(url) == migrate.head()


async def test_sync_api_works_inside_a_running_loop(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'loop.db'}"
    migrate.upgrade(url)  # a start-up path that is already async
    assert migrate.current(url) == migrate.head()
    await migrate.downgrade_async(url, "base")
    assert await migrate.current_async(url) is None
    await migrate.upgrade_async(url)
    assert await migrate.current_async(url) == migrate.head()


def test_a_failed_sqlite_migration_leaves_nothing_behind(tmp_path: Path) -> None:
    db = tmp_path / "half.db"
    with sqlite3.connect(db) as conn:  # a clash that makes 0001 fail on its last table
        conn.execute("CREATE TABLE action_tokens (x INTEGER)")
    url = f"sqlite+aiosqlite:///{db}"
    with pytest.raises(Exception, match="already exists"):
        migrate.upgrade(url)
    assert tables(url) == {"action_tokens"}
    assert migrate.current(url) is None
