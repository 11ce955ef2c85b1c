"""Engine settings per backend."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.pool import NullPool

from adapters.storage import engine as engine_module
from adapters.storage.engine import create_engine


async def test_sqlite_creates_its_directory_and_sets_pragmas(tmp_path: Path) -> None:
    db = tmp_path / "a" / "b" / "deskmate.db"
    engine = create_engine(f"sqlite+aiosqlite:///{db}")
    try:
        async with engine.connect() as conn:
            pragmas = {
                name: (await conn.execute(text(f"PRAGMA {name}"))).scalar_one()
                for name in ("journal_mode", "synchronous", "busy_timeout", "foreign_keys")
            }
    finally:
        await engine.dispose()
    assert db.exists()
    assert pragmas == {"journal_mode": "wal", "synchronous": 1, "busy_timeout": 5000, "foreign_keys": 1}


def test_postgres_engine_has_a_sized_pool_that_keeps_its_connections() -> None:
    engine = create_engine("postgresql+asyncpg://u@127.0.0.1:1/none")  # nothing connects yet
    assert engine.pool.size() == 15  # type: ignore[attr-defined]
    # No overflow: one would be closed as it came back in a burst (tests/storage/test_turn_cost_postgresql.py)
    assert engine.pool._max_overflow == 0  # type: ignore[attr-defined]


async def test_postgres_replaces_a_connection_dropped_while_idle(
    pg_migrated_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pooled connection the server dropped while it sat idle is pinged on its next checkout
    and replaced: the statement runs. One used moments ago is not pinged (a turn's round trips)."""
    monkeypatch.setattr(engine_module, "POSTGRES_PING_IDLE_S", 0.0)
    engine = create_engine(pg_migrated_url, pool_size=1, max_overflow=0)
    pings = 0
    ping = engine.dialect.do_ping

    def counted(dbapi_connection: object) -> bool:
        nonlocal pings
        pings += 1
        return ping(dbapi_connection)

    monkeypatch.setattr(engine.dialect, "do_ping", counted)
    try:
        async with engine.connect() as conn:
            pid = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        admin = create_engine(pg_migrated_url, poolclass=NullPool)
        try:
            async with admin.connect() as conn:
                await conn.execute(text(f"SELECT pg_terminate_backend({int(pid)})"))
        finally:
            await admin.dispose()
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT 1"))).scalar_one() == 1
            assert (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one() != pid
        assert pings >= 1
    finally:
        await engine.dispose()


async def test_postgres_does_not_ping_a_connection_just_used(
    pg_migrated_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = create_engine(pg_migrated_url, pool_size=1, max_overflow=0)
    pings = 0

    def counted(dbapi_connection: object) -> bool:
        nonlocal pings
        pings += 1
        return True

    monkeypatch.setattr(engine.dialect, "do_ping", counted)
    try:
        for _ in range(5):
            async with engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
    finally:
        await engine.dispose()
    assert pings == 0


async def test_a_sqlite_file_engine_makes_its_async_engine_at_its_first_use(tmp_path: Path) -> None:
    """A SQLite file's engine answers the dialect and URL on its own; the AsyncEngine behind
    begin() / connect() (a write transaction that begins IMMEDIATE) is made when first used."""
    from sqlalchemy.ext.asyncio import AsyncEngine

    from adapters.storage.engine import SqliteFileEngine
    from adapters.storage.sqlite_async import SqliteAsyncEngine

    db = tmp_path / "deskmate.db"
    engine = create_engine(f"sqlite+aiosqlite:///{db}")
    assert isinstance(engine, SqliteFileEngine) and not engine.is_made
    assert engine.dialect.name == "sqlite" and engine.url.database == str(db)
    assert db.exists()  # made private (0600) before anything opens it, as before
    await engine.dispose()  # nothing made: nothing to dispose of
    assert not engine.is_made
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (x INTEGER)"))
        await conn.execute(text("INSERT INTO t VALUES (1)"))
    assert engine.is_made
    made = engine.asynchronous()
    assert isinstance(made, SqliteAsyncEngine) and isinstance(made, AsyncEngine)
    assert engine.sync_engine is made.sync_engine  # anything else is the AsyncEngine's
    async with engine.connect() as conn:
        assert (await conn.execute(text("SELECT x FROM t"))).scalar_one() == 1
    await engine.dispose()
    in_memory = create_engine("sqlite+aiosqlite:///:memory:")
    assert isinstance(in_memory, AsyncEngine)  # one connection's database: made at once, as before
    await in_memory.dispose()
