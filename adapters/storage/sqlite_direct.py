"""SQLite file: hot statements run on a sqlite3 connection of their own, on the calling thread,
not through SQLAlchemy's execution (whose per-statement work -- the compiled cache's lookup,
building the parameters, the execution context, the cursor and result, the begin and commit
events -- costs more CPU than the statement's own SQLite work). The same SQL and values: each
statement is compiled once by SQLAlchemy for the pysqlite dialect and bound by SQLAlchemy's own
bind processors (tests/storage/test_sqlite_direct.py checks both against SQLAlchemy's execution).

The connection is the one runner.py's inline transactions use, made the same way: deskmate's
pragmas, then ``busy_timeout=0`` (it never waits for another writer's lock on the event loop's
thread) and ``wal_autocheckpoint=0`` (never a checkpoint's fsync there either: every
CHECKPOINT_EVERY commits a passive checkpoint runs on a worker thread). A write takes the lock at
BEGIN IMMEDIATE; when the database is locked, ``write`` rolls back, keeps nothing, and says so:
the caller runs the transaction on the store's runner, which waits for the lock (runner.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from sqlalchemy.engine import URL, Dialect
from sqlalchemy.exc import DBAPIError

from adapters.storage.driven import bind, bound_params
from adapters.storage.engine import is_locked, is_sqlite_file, set_sqlite_pragmas
from adapters.storage.runner import CHECKPOINT_EVERY

logger = logging.getLogger(__name__)

T = TypeVar("T")


def pysqlite_dialect(url: URL) -> Dialect:
    """The dialect the stores' synchronous SQLite engine runs statements with (runner.py)."""
    dialect: Dialect = url.set(drivername="sqlite+pysqlite").get_dialect()()
    return dialect


class Compiled:
    """A statement compiled once for SQLite, as SQLAlchemy's execution compiles it for a call with
    ``keys`` (the names of the values given: an INSERT's VALUES are the columns given), with each
    positional parameter's name, default and bind processor (SQLAlchemy's own: a UTCDateTime is
    sent as the text its execution sends)."""

    def __init__(self, statement: Any, dialect: Dialect, keys: Iterable[str] | None = None) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=sorted(keys) if keys is not None else None)
        if compiled.post_compile_params or compiled.literal_execute_params:
            raise ValueError(f"a statement with parameters rendered when run: {compiled.string}")
        self.sql: str = compiled.string
        self._params = bound_params(compiled, compiled.positiontup or ())

    def args(self, values: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(bind(self._params, values))

    def run(self, conn: sqlite3.Connection, values: dict[str, Any]) -> sqlite3.Cursor:
        return conn.execute(self.sql, self.args(values))


class DirectSqlite:
    """One sqlite3 connection on a SQLite file for short write transactions run on the calling
    thread (the event loop's), opened at the first one; ``close()`` closes it."""

    def __init__(self, url: URL) -> None:
        if not is_sqlite_file(url) or not url.database:
            raise ValueError("a SQLite file URL is required")
        self._path = url.database
        self._conn: sqlite3.Connection | None = None
        self._thread = 0  # the thread the connection was opened on, and is used on
        self._commits = 0
        self._checkpointing: asyncio.Future[None] | None = None
        self._checkpoint_lock = threading.Lock()
        self._closed = False
        self._trace: Callable[[str], None] | None = None
        self.runs = 0  # transactions committed here (the rest: locked, left to the caller)

    def _connection(self) -> sqlite3.Connection:
        conn = self._conn
        if conn is None:
            if self._closed:
                raise RuntimeError("the store is closed")
            conn = self._conn = _connect(self._path)
            self._thread = threading.get_ident()
            conn.execute("PRAGMA busy_timeout=0")
            conn.execute("PRAGMA wal_autocheckpoint=0")
            conn.set_trace_callback(self._trace)
        return conn

    def _drop(self) -> None:
        """Close the connection after an error (whatever its state now): the next transaction
        opens a new one."""
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(sqlite3.Error):
                conn.close()

    def trace(self, callback: Callable[[str], None] | None) -> None:
        """Call ``callback`` with each statement this connection runs (tests; None: stop)."""
        self._trace = callback
        if self._conn is not None:
            self._conn.set_trace_callback(callback)

    def write(self, fn: Callable[[sqlite3.Connection], T]) -> tuple[bool, T | None]:
        """(True, what ``fn`` returned) when its transaction (BEGIN IMMEDIATE, ``fn``, COMMIT)
        committed here; (False, None) when the database was locked (rolled back, nothing kept),
        or when called on another thread than the connection's (one event loop's: another's
        transactions go to the caller's runner, never interleaved on this connection).
        ``fn`` raising rolls the transaction back and the exception goes to the caller (a
        sqlite3 error as SQLAlchemy's execution would raise it: sqlalchemy.exc.DBAPIError, after
        which the connection is opened anew at the next transaction, as SQLAlchemy's pool would)."""
        conn = self._connection()
        if threading.get_ident() != self._thread:
            return False, None
        try:
            try:
                conn.execute("BEGIN IMMEDIATE")
                value = fn(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            if isinstance(exc, sqlite3.OperationalError) and is_locked(exc):
                return False, None
            self._drop()
            raise DBAPIError.instance(None, None, exc, sqlite3.Error) from exc
        self.runs += 1
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0:
            self._checkpoint_later()
        return True, value

    def _checkpoint_later(self) -> None:
        """A passive WAL checkpoint (it never waits for readers or writers) on a worker thread,
        unless the last one is still running."""
        if self._checkpointing is not None and not self._checkpointing.done():
            return
        self._checkpointing = asyncio.get_running_loop().run_in_executor(None, self._checkpoint)

    def _checkpoint(self) -> None:
        try:
            with self._checkpoint_lock:
                if self._closed:
                    return
                conn = _connect(self._path)
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
                finally:
                    conn.close()
        except Exception:  # housekeeping: the next one, or another connection's, catches up
            logger.warning("SQLite WAL checkpoint failed", exc_info=True)

    async def close(self) -> None:
        with self._checkpoint_lock:
            self._closed = True
        if self._checkpointing is not None:
            with contextlib.suppress(Exception):
                await self._checkpointing
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def _connect(path: str) -> sqlite3.Connection:
    """A connection as the stores' synchronous engine makes one: autocommit in the driver
    (deskmate begins its transactions itself: begin_explicitly), deskmate's pragmas."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    set_sqlite_pragmas(conn, None)
    return conn
