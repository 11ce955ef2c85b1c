"""The SQLite database (with its -wal and -shm) is 0600 and the data directory 0700, whatever the
umask deskmate was started with: they hold conversations and encrypted credentials."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from adapters.storage.engine import create_engine


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask000() -> Iterator[None]:
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


@pytest.mark.parametrize("umask", [0o022, 0o000], ids=["umask022", "umask000"])
@pytest.mark.process
def test_a_first_start_makes_the_data_private(tmp_path: Path, umask: int) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")}
    env |= {"DESKMATE_DATABASE_URL": "sqlite+aiosqlite:///data/deskmate.db", "DESKMATE_DATA_DIR": "data"}
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "ask", "--json", "BTC price"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: os.umask(umask),  # the child's umask, set before exec
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "completed"
    data = tmp_path / "data"
    assert mode(data) == 0o700
    assert mode(data / "deskmate.db") == 0o600
    assert mode(data / "secret.key") == 0o600
    assert all(mode(p) == 0o600 for p in data.iterdir())  # -wal / -shm too, if still there


async def test_wal_and_shm_files_are_0600_while_in_use(tmp_path: Path, umask000: None) -> None:
    db = tmp_path / "nested" / "dir" / "deskmate.db"
    engine = create_engine(f"sqlite+aiosqlite:///{db}")
    try:
        async with engine.begin() as conn:
            await conn.execute(text("CREATE TABLE t (x INTEGER)"))
            await conn.execute(text("INSERT INTO t VALUES (1)"))
        async with engine.connect() as conn:  # a connection held open keeps -wal and -shm
            await conn.execute(text("SELECT * FROM t"))
            wal, shm = db.with_name("deskmate.db-wal"), db.with_name("deskmate.db-shm")
            assert wal.exists() and shm.exists()
            assert (mode(db), mode(wal), mode(shm)) == (0o600, 0o600, 0o600)
    finally:
        await engine.dispose()
    assert mode(db.parent) == 0o700 and mode(db.parent.parent) == 0o700  # created here


def test_an_existing_database_readable_by_others_is_tightened(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    db = shared / "deskmate.db"
    db.touch()
    db.chmod(0o644)
    asyncio.run(create_engine(f"sqlite+aiosqlite:///{db}").dispose())
    assert mode(db) == 0o600
    assert mode(shared) == 0o755  # a directory deskmate did not create is left as it is


def test_an_existing_data_directory_is_made_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.cli import main

    (tmp_path / "data").mkdir()
    (tmp_path / "data").chmod(0o755)
    for name in [n for n in os.environ if n.startswith("DESKMATE_")]:
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", "sqlite+aiosqlite:///data/deskmate.db")
    assert main(["migrate"]) == 0
    assert mode(tmp_path / "data") == 0o700
