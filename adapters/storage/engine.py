"""Async engine construction with per-backend settings (SQLite pragmas, PostgreSQL pool)."""

from __future__ import annotations

import contextlib
import logging
import os
import random
import sqlite3
import stat
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Connection, Engine, event
from sqlalchemy import create_engine as create_sync_engine
from sqlalchemy.engine import URL, Dialect, make_url
from sqlalchemy.exc import DisconnectionError, OperationalError

from adapters.storage.dialects import use_postgresql

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

logger = logging.getLogger(__name__)

# WAL lets readers run beside one writer; NORMAL skips the fsync per commit (safe under WAL: a
# power cut can lose the last commits, never corrupt); busy_timeout makes a second writer (another
# process, another engine) wait instead of failing at once.
SQLITE_BUSY_MS = 5000
SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    f"PRAGMA busy_timeout={SQLITE_BUSY_MS}",
    "PRAGMA foreign_keys=ON",
)
# A write transaction that still finds the database locked after busy_timeout (a machine so busy
# that another writer held the lock longer) is begun again, after a pause with jitter, until this
# many seconds have passed since its first try; only then does the error reach the caller. A
# deadline rather than a count of tries: how many tries fit depends on how long each one waited
# inside SQLite, which depends on the load, and a person's message should not be dropped because
# many short waits came before one long one.
SQLITE_LOCK_PATIENCE_S = 30.0
SQLITE_BEGIN = "sqlite_begin"  # execution option: "IMMEDIATE" takes the write lock at BEGIN

POSTGRES_POOL: dict[str, Any] = {
    "pool_recycle": 1800,  # below common server / proxy idle timeouts
}
# A pooled connection idle this long is pinged before use (a dropped one is replaced instead of
# failing a turn). Not every checkout: SQLAlchemy's pool_pre_ping on asyncpg is three round trips
# (BEGIN, ";", ROLLBACK), which were 6 of a turn's 13 and half its time on PostgreSQL. A
# connection used moments ago is as good as the ping would say; one that broke since fails its
# statement, the pool drops it (a disconnect), and the next checkout gets a new one.
POSTGRES_PING_IDLE_S = 5.0
# Every connection the pool opens stays open (no "overflow"). An overflow connection is closed
# when it comes back to a pool already holding pool_size idle ones, and under asyncio that is
# all the time in a burst: several come back in one pass of the event loop, before the turns
# woken to take them have run. With 5 kept and 10 overflow, 256 conversations at once opened a
# connection (connect, authentication, every statement prepared again) every 3 to 5 turns, and
# turns per second fell with concurrency instead of rising. 15 is the same ceiling as before
# (4 processes on one server stay well below its default 100): in the same run, 8 kept served
# bursts of 256 conversations with fewer turns a second, 32 with no more, and 15 used 13 of its
# connections (tests/storage/test_turn_cost_postgresql.py, README: Performance).
# A statement waits for a free connection as long as a SQLite write waits for the lock
# (SQLITE_LOCK_PATIENCE_S): with hundreds of conversations at once on a busy machine, the wait is
# the queue of other turns' statements, not a fault, and failing the turn after 10 s (as before)
# dropped about 4% of a 200 x 50 mixed load's messages and left paper orders pending.
POSTGRES_QUEUE_POOL: dict[str, Any] = {"pool_size": 15, "max_overflow": 0, "pool_timeout": 30}


def create_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """An AsyncEngine for ``url`` (``sqlite+aiosqlite://`` or ``postgresql+asyncpg://``).

    ``kwargs`` go to SQLAlchemy's ``create_async_engine`` and override the defaults here. A SQLite
    file with no ``kwargs`` gets a ``SqliteFileEngine``: the AsyncEngine made at its first use."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        prepare_sqlite_file(parsed)
        if is_sqlite_file(parsed) and not kwargs:
            return cast("AsyncEngine", SqliteFileEngine(parsed))
        return _sqlite_async_engine(parsed, **kwargs)
    from sqlalchemy.ext.asyncio import create_async_engine

    if backend == "postgresql":
        use_postgresql()  # the partial indexes' PostgreSQL condition, before any DDL
        # Sizing only applies to the default queue pool (not to e.g. the NullPool of migrations).
        defaults = POSTGRES_POOL if "poolclass" in kwargs else {**POSTGRES_POOL, **POSTGRES_QUEUE_POOL}
        engine = create_async_engine(parsed, **{**defaults, **kwargs})
        if not kwargs.get("pool_pre_ping"):
            ping_when_idle(engine.sync_engine)
        return engine
    return create_async_engine(parsed, **kwargs)


def _sqlite_async_engine(url: URL, **kwargs: Any) -> AsyncEngine:
    """aiosqlite's AsyncEngine with deskmate's pragmas, whose ``begin()`` is a write transaction
    (SqliteAsyncEngine). It imports SQLAlchemy's asyncio extension, and with it the ORM."""
    from sqlalchemy.ext.asyncio import create_async_engine

    from adapters.storage.sqlite_async import SqliteAsyncEngine

    engine = create_async_engine(url, **kwargs)
    event.listen(engine.sync_engine, "connect", set_sqlite_pragmas)
    begin_explicitly(engine.sync_engine)
    return SqliteAsyncEngine(engine.sync_engine)


class SqliteFileEngine:
    """A SQLite file's engine, as ``create_engine`` gives it: an AsyncEngine made at its first use.

    The stores' short transactions run on the synchronous sqlite3 driver (runner.py), which
    needs only the URL and the dialect's name; the AsyncEngine (aiosqlite) serves the stores'
    other statements (``begin``, ``connect``, ...: anything else asked of this object is asked of
    it). A process whose work is all on the runners (a price question: its turn, the key check,
    the sender's paused alerts) then never imports SQLAlchemy's asyncio extension, nor the ORM
    that extension imports: ~40 ms of a `deskmate ask`'s start (issue 23).

    It is not an AsyncEngine instance (``create_engine`` types it as one): code that checks
    ``isinstance`` asks ``asynchronous()`` for the real one."""

    def __init__(self, url: URL) -> None:
        self.url = url
        # The aiosqlite dialect's class, instantiated: what the AsyncEngine's would say (name,
        # driver, statement compilation), without importing the asyncio extension.
        self.dialect: Dialect = url.get_dialect()()
        self._made: AsyncEngine | None = None
        self._making = threading.Lock()

    def asynchronous(self) -> AsyncEngine:
        """The AsyncEngine on this file (made now, once, if it was not yet)."""
        with self._making:
            if self._made is None:
                self._made = _sqlite_async_engine(self.url)
            return self._made

    @property
    def is_made(self) -> bool:
        return self._made is not None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and friends: not the AsyncEngine's business
            raise AttributeError(name)
        return getattr(self.asynchronous(), name)

    async def dispose(self, close: bool = True) -> None:
        """Dispose of the AsyncEngine's pool, if there is one (nothing else holds connections:
        each runner closes its own)."""
        if self._made is not None:
            await self._made.dispose(close)

    def __repr__(self) -> str:
        return f"SqliteFileEngine({self.url.render_as_string(hide_password=True)!r})"


def ping_when_idle(engine: Engine, idle_s: float | None = None) -> None:
    """Ping a pooled connection before use only when it sat idle ``idle_s`` (default
    POSTGRES_PING_IDLE_S) or longer; a failed ping makes the pool replace it (DisconnectionError)."""
    idle_s = POSTGRES_PING_IDLE_S if idle_s is None else idle_s

    @event.listens_for(engine, "checkin")
    def _idle_from(_dbapi_connection: Any, record: Any) -> None:
        if record is not None:
            record.info[_IDLE_SINCE] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping_if_idle(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get(_IDLE_SINCE)
        if since is None or time.monotonic() - since < idle_s:
            return  # new, or used moments ago
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as exc:
            raise DisconnectionError("a pooled connection failed its ping") from exc


_IDLE_SINCE = "deskmate_idle_since"


def is_sqlite_file(url: URL) -> bool:
    """A SQLite database in a file (not ``:memory:``), so several connections see the same data."""
    database = url.database or ""
    return (
        url.get_backend_name() == "sqlite"
        and database not in ("", ":memory:")
        and "memory" not in (url.query.get("mode") or "")
    )


def create_sqlite_file_engine(url: URL) -> Engine:
    """A synchronous (pysqlite) engine on the same SQLite file as an aiosqlite URL, same pragmas.

    The state store runs its short transactions with it on a worker thread: one thread hop per
    transaction instead of one per driver call (see state_store.py)."""
    if not is_sqlite_file(url):
        raise ValueError("a SQLite file URL is required")
    prepare_sqlite_file(url)
    engine = create_sync_engine(url.set(drivername="sqlite+pysqlite"))
    event.listen(engine, "connect", set_sqlite_pragmas)
    begin_explicitly(engine)
    return engine


def prepare_sqlite_file(url: URL) -> None:
    """Make a SQLite database file private before SQLite opens it, whatever the umask: missing
    directories are created 0700 and the file 0600 (SQLite gives its -wal and -shm files the
    database file's permissions). An existing file, -wal or -shm readable by others is tightened
    to 0600 too: it holds conversations and encrypted credentials."""
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database).expanduser()
    missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
    if missing:
        logger.info("creating database directory %s", path.parent)
        path.parent.mkdir(parents=True, exist_ok=True)
        for created in missing:
            _restrict(created, 0o700)
    if not path.exists():
        # An empty file is an empty database to SQLite; another process may be quicker.
        with contextlib.suppress(FileExistsError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        _restrict(file, 0o600)


def _restrict(path: Path, mode: int) -> None:
    try:
        current = path.stat().st_mode
        if stat.S_IMODE(current) != mode:
            path.chmod(mode)
    except FileNotFoundError:
        pass
    except PermissionError:  # not ours to change (a shared directory, another user's file)
        logger.warning("cannot restrict the permissions of %s to %o", path, mode)


def set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        for pragma in SQLITE_PRAGMAS:
            cursor.execute(pragma)
    finally:
        cursor.close()


def begin_explicitly(engine: Engine) -> None:
    """deskmate, not the sqlite3 driver, begins SQLite transactions: DDL is transactional, and a
    connection with the ``sqlite_begin="IMMEDIATE"`` option takes the write lock at BEGIN. A
    write transaction begun DEFERRED reads first and fails at once ("database is locked", no
    busy wait) when another writer committed in between; begun IMMEDIATE it waits for the lock
    (busy_timeout) before reading anything."""

    @event.listens_for(engine, "connect")
    def _driver_autocommit(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get(SQLITE_BEGIN)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if mode == "IMMEDIATE" else "BEGIN")


def is_locked(exc: BaseException) -> bool:
    """SQLite's "database is locked" / "database is busy" (another writer held the lock too long)."""
    text = str(getattr(exc, "orig", exc)).lower()
    return isinstance(exc, OperationalError | sqlite3.OperationalError) and (
        "database is locked" in text or "database is busy" in text
    )


class LockPatience:
    """One write's patience with a locked SQLite database (SQLITE_LOCK_PATIENCE_S from its first
    try): the pause before each next try, growing with the tries and jittered so two waiting
    writers do not retry in step, or None once the deadline is past."""

    def __init__(self, seconds: float | None = None) -> None:
        self._deadline = time.monotonic() + (SQLITE_LOCK_PATIENCE_S if seconds is None else seconds)
        self.attempt = 1

    def next_pause(self) -> float | None:
        pause = random.uniform(0.05, 0.25) * min(self.attempt, 4)
        if time.monotonic() + pause > self._deadline:
            return None
        self.attempt += 1
        return pause
