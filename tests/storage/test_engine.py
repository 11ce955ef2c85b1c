"""Engine settings per backend."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

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


def test_postgres_engine_has_a_sized_checked_pool() -> None:
    engine = create_engine("postgresql+asyncpg://u@127.0.0.1:1/none")  # nothing connects yet
    assert engine.pool.size() == 5  # type: ignore[attr-defined]
    assert engine.pool._pre_ping is True
