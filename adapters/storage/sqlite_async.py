"""aiosqlite's AsyncEngine whose ``begin()`` is a write transaction (BEGIN IMMEDIATE).

Its own module: SQLAlchemy's asyncio extension (and the ORM it imports) is loaded only by a
process that makes one (adapters.storage.engine.SqliteFileEngine makes it at its first use)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from adapters.storage.engine import SQLITE_BEGIN, LockPatience, is_locked

logger = logging.getLogger("adapters.storage.engine")  # its warnings as before the move


class SqliteAsyncEngine(AsyncEngine):
    """An AsyncEngine whose ``begin()`` is a write transaction: BEGIN IMMEDIATE, begun again with
    jitter while the database stays locked (LockPatience). The write lock is taken before
    the body runs, so the body itself never meets a locked database and never runs twice."""

    @contextlib.asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncConnection]:
        conn = await self._write_connection()
        try:
            yield conn
        except BaseException:
            with contextlib.suppress(Exception):
                await conn.rollback()
            raise
        else:
            await conn.commit()
        finally:
            await conn.close()

    async def _write_connection(self) -> AsyncConnection:
        patience = LockPatience()
        while True:
            conn = await self.connect().start()
            await conn.execution_options(**{SQLITE_BEGIN: "IMMEDIATE"})
            try:
                await conn.begin()
                return conn
            except OperationalError as exc:
                await conn.close()
                pause = patience.next_pause() if is_locked(exc) else None
                if pause is None:
                    raise
                logger.warning("SQLite database locked; beginning again (attempt %d)", patience.attempt)
                await asyncio.sleep(pause)
