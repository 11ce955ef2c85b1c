"""Where the state store's short transactions run.

- PostgreSQL (and in-memory SQLite): on the AsyncEngine, via ``run_sync``.
- A SQLite file: on a small thread pool over the synchronous sqlite3 driver. aiosqlite hands every
  driver call (cursor, execute, fetch, close, commit, reset) to its thread one at a time, about
  five hops per statement; here a whole transaction is one hop. Measured on a 3-operation turn
  (record, load, save): about 2.8x faster, and the gap grows when the CPU is busy.
- A SQLite file, ``inline_first`` (the conversation store's turn transactions, and those of the
  jobs, orders, deliveries, alerts and the shared runner of the records' and traders' reads:
  a job's or an order's transactions are as short as a turn's): first on the calling thread
  itself, on a connection that never waits for a lock (busy_timeout 0), and on
  the thread pool as above only when the database is locked. A turn's two transactions are a
  few hundred microseconds of SQLite work; handing each to a thread cost more than that (the
  hop, and the event loop and the worker taking the GIL from each other: 1.52 -> 1.18 ms a
  turn, CPU 1.60 -> 1.30 ms, same loop). The loop never waits on another writer's lock, and
  never on a checkpoint's fsync: that connection does not checkpoint; every CHECKPOINT_EVERY
  commits it asks a pool thread to. A transaction that may take long (a prune of many rows) is
  run with ``long=True``: on the pool, never on the loop's thread.

Either way a transaction is a plain function of a sync ``Connection``, so the SQL is written once.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError

from adapters.storage.engine import (
    SQLITE_BEGIN,
    LockPatience,
    create_sqlite_file_engine,
    is_locked,
    is_sqlite_file,
)

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

logger = logging.getLogger(__name__)

T = TypeVar("T")

SQLITE_THREADS = 4  # SQLite has one writer at a time; a few threads let reads overlap a waiting write
CHECKPOINT_EVERY = 256  # inline commits between two passive WAL checkpoints on a pool thread
# PostgreSQL: the transactions asked to (``driven=True``: a trader's tick, a paper order) run on
# the asyncpg connection itself (adapters.storage.driven.driven_transaction); False: through
# SQLAlchemy's execution, as before (``python -m bench.work jobs PostgreSQL --driven-before``).
DRIVEN_TRANSACTIONS = True
# ... each on a connection the runner keeps (as the state store's turns do); False: one checked
# out of the engine's pool and back each transaction.
KEEP_DRIVEN_CONNECTIONS = True


class TransactionRunner(Protocol):
    async def run(
        self,
        fn: Callable[[Connection], T],
        *,
        read_only: bool = False,
        single_statement: bool = False,
        long: bool = False,
        driven: bool = False,
    ) -> T:
        """Run ``fn`` in one transaction: committed when it returns, rolled back when it raises.
        ``read_only``: it only reads (on SQLite it then takes no write lock). ``single_statement``:
        ``fn`` runs one statement, atomic by itself: on PostgreSQL it is sent with no BEGIN and
        COMMIT around it (one round trip instead of three). ``long``: it may take a while (a
        prune of many rows): never on the event loop's thread (see ``inline_first``).
        ``driven``: on PostgreSQL its statements are sent on a kept asyncpg connection itself
        (adapters.storage.driven.driven_transaction), the same BEGIN, statements and COMMIT
        without SQLAlchemy's per-statement work; elsewhere, or when a statement cannot be, as
        without."""
        ...

    async def close(self) -> None: ...


class AsyncEngineRunner:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._kept: Any = None  # PostgreSQL: the driven transactions' kept connections (_driven)
        self._compiled: dict[Any, Any] = {}  # their statements, compiled for the keys they were given
        self.driven_runs = 0  # transactions run on the driver (tests, bench)
        self.fallbacks = 0  # driven transactions run through SQLAlchemy's execution instead

    async def run(
        self,
        fn: Callable[[Connection], T],
        *,
        read_only: bool = False,
        single_statement: bool = False,
        long: bool = False,
        driven: bool = False,
    ) -> T:
        if driven and DRIVEN_TRANSACTIONS and self._engine.dialect.name == "postgresql":
            from adapters.storage.driven import NotDriven

            try:
                value = await self._driven(fn)
            except NotDriven as exc:
                self.fallbacks += 1
                logger.debug("a transaction through SQLAlchemy's execution: %s", exc)
            else:
                self.driven_runs += 1
                return value
        if single_statement and self._engine.dialect.name == "postgresql":
            async with self._engine.connect() as conn:
                return await conn.run_sync(_autocommitted, fn)
        async with self._engine.begin() as conn:
            return await conn.run_sync(fn)

    async def _driven(self, fn: Callable[[Connection], T]) -> T:
        """``fn``'s transaction on the asyncpg connection of a connection kept for these
        transactions (the state store's turns keep theirs the same way: no pool checkout and
        check-in a transaction, ~0.15 ms of CPU)."""
        from adapters.storage.driven import driven_transaction, on_driver
        from adapters.storage.state_store import _TurnConnections

        if not KEEP_DRIVEN_CONNECTIONS:
            run = partial(on_driver, self._engine)
        else:
            if self._kept is None:
                self._kept = _TurnConnections(self._engine)
            run = self._kept.run
        return await driven_transaction(run, self._engine.dialect, self._compiled, fn)

    async def close(self) -> None:
        """The kept connections go back to the pool (the engine belongs to the caller)."""
        kept, self._kept = self._kept, None
        if kept is not None:
            await kept.close()


def _autocommitted(conn: Connection, fn: Callable[[Connection], T]) -> T:
    """``fn`` on ``conn`` with its driver connection in autocommit: its one statement is sent
    with no BEGIN and COMMIT around it. Set on the driver's connection (the DB-API ``autocommit``
    attribute, which SQLAlchemy's own AUTOCOMMIT isolation level sets too) and put back before
    the pool has it again: SQLAlchemy's ``execution_options(isolation_level="AUTOCOMMIT")``
    sets the same and has the pool reset it at check-in, with its events, some 80 us of CPU a
    statement (two a PostgreSQL turn)."""
    driver: Any = conn.connection.dbapi_connection
    if driver is None:  # invalidated: the statement fails as it would have
        return fn(conn)
    driver.autocommit = True
    try:
        return fn(conn)
    finally:
        driver.autocommit = False


class SqliteThreadRunner:
    """Each worker thread keeps one connection for the runner's life: a transaction is BEGIN, its
    statements and COMMIT on it, with no pool checkout, reset and check-in around it (about a
    tenth of a millisecond a transaction, two a turn)."""

    def __init__(
        self, engine: AsyncEngine, threads: int = SQLITE_THREADS, *, inline_first: bool = False
    ) -> None:
        self._engine = create_sqlite_file_engine(engine.url)
        self._threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="deskmate-sqlite")
        self._local = threading.local()
        self._open: list[Connection] = []  # every thread's connection, closed with the runner
        self._open_lock = threading.Lock()
        self._inline_first = inline_first
        self._inline_commits = 0
        self.inline_runs = 0  # transactions run on the calling thread (the rest: on the pool)

    def _connection(self) -> Connection:
        conn: Connection | None = getattr(self._local, "conn", None)
        if conn is None or conn.closed or conn.invalidated:
            conn = self._local.conn = self._engine.connect()
            with self._open_lock:
                self._open.append(conn)
        return conn

    def _inline_connection(self) -> Connection:
        """The calling thread's connection for inline transactions: it fails at once on a lock
        (busy_timeout 0) and leaves checkpoints to the pool (wal_autocheckpoint 0)."""
        conn: Connection | None = getattr(self._local, "inline", None)
        if conn is None or conn.closed or conn.invalidated:
            conn = self._local.inline = self._engine.connect()
            # On the driver's connection (in autocommit: see begin_explicitly), outside any
            # transaction: no BEGIN and COMMIT around them.
            driver: Any = conn.connection.driver_connection
            driver.execute("PRAGMA busy_timeout=0")
            driver.execute("PRAGMA wal_autocheckpoint=0")
            with self._open_lock:
                self._open.append(conn)
        return conn

    async def run(
        self,
        fn: Callable[[Connection], T],
        *,
        read_only: bool = False,
        single_statement: bool = False,
        long: bool = False,
        driven: bool = False,
    ) -> T:
        if self._inline_first and not long:
            done, value = self._try_inline(fn, read_only)
            if done:
                return cast(T, value)
        return await asyncio.get_running_loop().run_in_executor(
            self._threads, self._transaction, fn, read_only
        )

    def _try_inline(self, fn: Callable[[Connection], T], read_only: bool) -> tuple[bool, T | None]:
        """(True, what ``fn`` returned) when its transaction ran here; (False, None) when the
        database was locked (rolled back, nothing kept: the caller hands it to the pool, which
        waits, as the pool itself runs a transaction again that met a lock). Once BEGIN IMMEDIATE
        holds the write lock nothing in ``fn`` waits for another writer."""
        conn = self._inline_connection()
        conn.execution_options(**{SQLITE_BEGIN: "DEFERRED" if read_only else "IMMEDIATE"})
        try:
            with conn.begin():
                value = fn(conn)
        except OperationalError as exc:
            if is_locked(exc):  # at BEGIN, or a read meeting a WAL reset: rolled back, nothing kept
                return False, None
            raise
        self.inline_runs += 1
        if not read_only:
            self._inline_commits += 1
            if self._inline_commits % CHECKPOINT_EVERY == 0:
                self._threads.submit(self._checkpoint)
        return True, value

    def _checkpoint(self) -> None:
        """A passive WAL checkpoint (it never waits for readers or writers), on a pool thread,
        outside any transaction (the driver connection is in autocommit: see begin_explicitly)."""
        try:
            driver: Any = self._connection().connection.driver_connection
            driver.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:  # housekeeping: the next one, or another connection's, catches up
            logger.warning("SQLite WAL checkpoint failed", exc_info=True)

    def _transaction(self, fn: Callable[[Connection], T], read_only: bool) -> T:
        """A write takes the lock at BEGIN (IMMEDIATE) and is run again, after a pause with
        jitter, while the database stays locked past busy_timeout (rolled back each time, so a
        transaction function runs whole or not at all)."""
        patience = LockPatience()
        while True:
            try:
                conn = self._connection()
                conn.execution_options(**{SQLITE_BEGIN: "DEFERRED" if read_only else "IMMEDIATE"})
                with conn.begin():
                    return fn(conn)
            except OperationalError as exc:
                pause = patience.next_pause() if is_locked(exc) else None
                if pause is None:
                    raise
                logger.warning(
                    "SQLite database locked; running the transaction again (attempt %d)", patience.attempt
                )
                time.sleep(pause)

    async def close(self) -> None:
        def shut() -> None:
            self._threads.shutdown(wait=True)
            with self._open_lock:
                for conn in self._open:
                    conn.close()
                self._open.clear()
            self._engine.dispose()

        await asyncio.to_thread(shut)


def transaction_runner(engine: AsyncEngine, *, inline_first: bool = False) -> TransactionRunner:
    """The fastest way to run short transactions against ``engine``'s database. ``inline_first``:
    on a SQLite file, transactions of a few statements that may run on the calling thread when
    the database is not locked (see the module's doc)."""
    if engine.dialect.name == "sqlite" and is_sqlite_file(engine.url):
        return SqliteThreadRunner(engine, inline_first=inline_first)
    return AsyncEngineRunner(engine)


_SHARED: weakref.WeakKeyDictionary[AsyncEngine, TransactionRunner] = weakref.WeakKeyDictionary()


def shared_runner(engine: AsyncEngine) -> TransactionRunner:
    """One runner for ``engine`` shared by the stores that read through it and own no runner of
    their own (the records' and traders' reads): one set of worker threads, not one per store.
    ``close_shared_runner`` releases it (the composition root does, on shutdown); otherwise it
    goes with the engine."""
    runner = _SHARED.get(engine)
    if runner is None:
        runner = _SHARED[engine] = transaction_runner(engine, inline_first=True)
    return runner


async def close_shared_runner(engine: AsyncEngine) -> None:
    runner = _SHARED.pop(engine, None)
    if runner is not None:
        await runner.close()
