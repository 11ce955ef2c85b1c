"""The app `deskmate run` builds (bot.wiring.build_app: every skill, the SQL stores, the real
Binance adapter behind its guard and caches), on a SQLite file or a scratch PostgreSQL database,
against the local fake Binance (bench/fakes.py). What the benchmarks measure is what ships.

PostgreSQL: DESKMATE_BENCH_POSTGRES_URL (default postgresql+asyncpg://postgres@127.0.0.1:5432/test);
a uniquely named database is created from it and dropped afterwards. Where it cannot be reached,
the PostgreSQL rows say so and are skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Literal

from cryptography.fernet import Fernet

from bot.settings import Settings
from bot.wiring import App, build_app, migrate
from core.clock import Clock

Backend = Literal["SQLite", "PostgreSQL"]
BACKENDS: tuple[Backend, ...] = ("SQLite", "PostgreSQL")
DEFAULT_PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
SECRET_KEY = Fernet.generate_key().decode()  # one key for every process of a run


def pg_admin_url() -> str:
    return os.environ.get("DESKMATE_BENCH_POSTGRES_URL", DEFAULT_PG_URL)


class Unavailable(Exception):
    """The backend cannot be used here (no PostgreSQL server): the rows are skipped."""


async def _pg_admin(statement: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(pg_admin_url(), isolation_level="AUTOCOMMIT", connect_args={"timeout": 3})
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


@contextlib.asynccontextmanager
async def database(backend: Backend, tmp: Path) -> AsyncIterator[str]:
    """A fresh, migrated database of ``backend``: its URL. Raises Unavailable."""
    if backend == "SQLite":
        url = f"sqlite+aiosqlite:///{tmp / f'bench-{uuid.uuid4().hex[:8]}.db'}"
        await asyncio.to_thread(migrate, settings(url, tmp))
        yield url
        return
    from sqlalchemy.engine import make_url

    name = f"deskmate_bench_{uuid.uuid4().hex[:12]}"
    try:
        await _pg_admin(f'CREATE DATABASE "{name}"')
    except Exception as exc:
        raise Unavailable(f"PostgreSQL unusable: {type(exc).__name__}") from None
    url = make_url(pg_admin_url()).set(database=name).render_as_string(hide_password=False)
    try:
        await asyncio.to_thread(migrate, settings(url, tmp))
        yield url
    finally:
        await _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def settings(url: str, data_dir: Path, binance_url: str | None = None, **more: Any) -> Settings:
    """A process's settings as `deskmate run` reads them, with no .env: the live (fake) Binance
    when ``binance_url`` is given, else the demo market."""
    market: dict[str, Any] = {"market": "demo"}
    if binance_url is not None:
        market = {"market": "binance", "binance": {"base_url": binance_url}}
    return Settings(
        _env_file=None,
        database_url=url,
        data_dir=data_dir,
        secret_key=SECRET_KEY,
        **market,
        **more,
    )


@contextlib.asynccontextmanager
async def shipped_app(
    url: str, data_dir: Path, binance_url: str | None, clock: Clock | None = None, **more: Any
) -> AsyncIterator[App]:
    """The app `deskmate run` builds on ``url`` (on ``clock``, the system's by default); closed
    on exit."""
    app = await build_app(settings(url, data_dir, binance_url, **more), clock=clock)
    try:
        yield app
    finally:
        await app.aclose()
