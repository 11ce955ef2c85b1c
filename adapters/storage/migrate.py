"""Alembic, driven from code: ``deskmate migrate`` and start-up call these.

Alembic (~0.15 s to import) is imported by the functions that use it, so a process that does no
migration work does not load it.

The sync functions work from plain sync code (no event loop) and also from inside a running loop
(they then run in a worker thread, since asyncio.run refuses to nest). Async code can await the
``*_async`` variants directly.

Several processes may start together on a fresh database, so an upgrade is serialized: on SQLite
its transaction begins IMMEDIATE (the write lock is taken before the schema version is read, and
the others wait for it), on PostgreSQL it takes a transaction-scoped advisory lock first. Whoever
waited then finds the schema at head and does nothing. A database already at head is detected
with one cheap query before any of that (every `deskmate ask` starts with an upgrade), against
``HEAD_REVISION``, so that a start at head imports no Alembic at all.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
import pkgutil
import sqlite3
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy import MetaData, event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from adapters.storage.engine import SQLITE_BEGIN, SQLITE_BUSY_MS, create_engine, is_sqlite_file

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy.ext.asyncio import AsyncEngine

logger = logging.getLogger(__name__)

# The project is installed editable: adapters/storage/migrate.py -> the repository root.
REPO_ROOT = Path(__file__).resolve().parents[2]
ALEMBIC_INI = REPO_ROOT / "alembic.ini"
MIGRATIONS_DIR = REPO_ROOT / "migrations"

T = TypeVar("T")

# pg_advisory_xact_lock key for schema migrations (any constant shared by every process).
MIGRATION_LOCK_ID = 0x646B6D_6D6967  # "dkm" "mig"
# How long a process waits for another one's migration on SQLite (the default 5 s is meant for
# short transactions; a migration of a big table can take longer).
SQLITE_MIGRATION_BUSY_MS = 120_000

# The newest revision in migrations/versions, written out so that the start-up check needs no
# Alembic (its import is ~0.15 s). A new migration bumps it: tests/storage/test_migrations.py
# fails while it differs from Alembic's own head.
HEAD_REVISION = "0025_alert_names"


def alembic_config(url: str | None = None) -> Config:
    """An Alembic Config that works from any working directory."""
    from alembic.config import Config

    cfg = Config(str(ALEMBIC_INI)) if ALEMBIC_INI.exists() else Config()
    # ConfigParser interpolates '%', so escape it in a path.
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    cfg.set_main_option("path_separator", "os")
    cfg.attributes["configure_logging"] = False  # the application owns logging
    if url is not None:
        cfg.attributes["url"] = url  # not via set_main_option: a password may contain '%'
    return cfg


def load_metadata() -> MetaData:
    """The one metadata with every storage module's tables registered on it.

    Modules add their tables to ``tables.Base`` when imported; importing all of this package
    makes the schema complete for autogenerate and schema checks, whoever added a table."""
    from adapters.storage.tables import Base

    package = __name__.rpartition(".")[0]
    for module in pkgutil.iter_modules(importlib.import_module(package).__path__, f"{package}."):
        importlib.import_module(module.name)
    return Base.metadata


def migration_engine(url: str) -> AsyncEngine:
    """A one-off engine for DDL. On SQLite it makes each migration atomic: the sqlite3 driver would
    otherwise run DDL outside any transaction, so a failed migration could be left half-applied.
    Its transactions begin IMMEDIATE, so two processes migrating at once take turns instead of
    both reading the old version and failing to write ("database is locked")."""
    engine = create_engine(url, poolclass=NullPool)
    if engine.dialect.name == "sqlite":
        # Every SQLite engine begins its own transactions (engine.begin_explicitly); these all
        # begin IMMEDIATE, reads included, and wait longer for the lock.
        engine.sync_engine.update_execution_options(**{SQLITE_BEGIN: "IMMEDIATE"})

        @event.listens_for(engine.sync_engine, "connect")
        def _patient(dbapi_connection, _record):  # type: ignore[no-untyped-def]
            dbapi_connection.execute(f"PRAGMA busy_timeout={SQLITE_MIGRATION_BUSY_MS}")

    return engine


def _serialize(conn: Connection) -> None:
    """Wait for any other process's migration (PostgreSQL; SQLite's BEGIN IMMEDIATE already did)."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": MIGRATION_LOCK_ID})


async def _with_connection(url: str, fn: Callable[[Connection], T]) -> T:
    engine = migration_engine(url)
    try:
        async with engine.begin() as conn:
            return await conn.run_sync(fn)
    finally:
        await engine.dispose()


async def upgrade_async(url: str, revision: str = "head") -> None:
    """Apply migrations up to ``revision``; nothing at all when the database is already at head."""
    if revision == "head" and await _at_head(url):
        return

    from alembic import command

    def run(conn: Connection) -> None:
        _serialize(conn)
        cfg = alembic_config(url)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)

    await _with_connection(url, run)


async def _at_head(url: str) -> bool:
    """One query on a plain connection (no lock, no Alembic environment): is the schema at head?"""
    engine = create_engine(url, poolclass=NullPool)
    try:
        return await at_head(engine)
    finally:
        await engine.dispose()


async def at_head(engine: AsyncEngine) -> bool:
    """Whether ``engine``'s database is at ``HEAD_REVISION``: one plain query, no lock, no Alembic.
    Anything else (a fresh database, an older or unknown revision) is for ``upgrade`` to handle."""
    try:
        async with engine.connect() as conn:
            found = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalars().all()
    except DBAPIError:  # no alembic_version table yet: a fresh database
        return False
    return found == [HEAD_REVISION]


async def downgrade_async(url: str, revision: str) -> None:
    """Revert migrations down to ``revision`` ("base" removes everything)."""

    from alembic import command

    def run(conn: Connection) -> None:
        _serialize(conn)
        cfg = alembic_config(url)
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)

    await _with_connection(url, run)


async def current_async(url: str) -> str | None:
    """The database's revision, or None when no migration was applied."""

    from alembic.runtime.migration import MigrationContext

    def run(conn: Connection) -> str | None:
        return MigrationContext.configure(conn).get_current_revision()

    return await _with_connection(url, run)


@functools.cache
def head() -> str | None:
    """The newest revision in migrations/versions, as Alembic reads it (once per process);
    ``HEAD_REVISION`` is the same, written out."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def upgrade(url: str, revision: str = "head") -> None:
    if revision == "head" and _sqlite_file_at_head(url):
        return
    _blocking(lambda: upgrade_async(url, revision))


def _sqlite_file_at_head(url: str) -> bool:
    """A SQLite file at ``HEAD_REVISION``, read with the sqlite3 driver on this thread: the check
    every `deskmate ask` starts with, with no event loop, engine or aiosqlite thread of its own
    (which cost it about as much as the query through them). False on anything else (no file
    yet, another revision, PostgreSQL): ``upgrade_async`` then looks again and migrates."""
    parsed = make_url(url)
    if not is_sqlite_file(parsed) or (parsed.database or "").startswith("file:"):
        return False
    path = Path(parsed.database or "").expanduser()
    if not path.is_file():
        return False
    try:
        conn = sqlite3.connect(path, timeout=SQLITE_BUSY_MS / 1000)
        try:
            found = [row[0] for row in conn.execute("SELECT version_num FROM alembic_version")]
        finally:
            conn.close()
    except sqlite3.Error:  # no alembic_version table yet, a locked or unreadable file
        return False
    return found == [HEAD_REVISION]


def downgrade(url: str, revision: str) -> None:
    _blocking(lambda: downgrade_async(url, revision))


def current(url: str) -> str | None:
    return _blocking(lambda: current_async(url))


def _blocking(make: Callable[[], Awaitable[T]]) -> T:
    async def main() -> T:
        return await make()

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(main())
    # Called from async code that did not use the *_async variant: this thread's loop is busy,
    # so run a private loop in a worker thread and wait for it.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="deskmate-migrate") as pool:
        return pool.submit(asyncio.run, main()).result()
