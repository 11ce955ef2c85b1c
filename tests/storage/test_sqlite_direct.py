"""A SQLite turn's two transactions on the state store's own sqlite3 connection
(adapters/storage/sqlite_direct.py, state_store._SqliteTurn) in place of SQLAlchemy's execution:
the same statements with the same values, the same rows written, and, between two processes
racing for the same conversations, every event's turn run once and saved once."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from adapters.storage import migrate, sqlite_direct, state_store
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.ports import Lease, StaleState, TurnOpened
from core.state import ConversationState, Task, TaskStatus
from tests.storage.turn_worker import EVENTS, KEYS

REPO = Path(__file__).resolve().parents[2]
NOW = datetime.now(UTC).replace(microsecond=123456)
KEY = ConversationKey("telegram", "42", "7")
TOPIC = ConversationKey("telegram", "-100", "8", thread_id="5")
TTL = timedelta(seconds=20)


def lease(holder: str, at: datetime = NOW) -> Lease:
    return Lease(holder, at, at + TTL)


class _FixedNow(datetime):
    """The store's ``datetime``: a save's ``updated_at`` is NOW, so two runs write the same rows."""

    @classmethod
    def now(cls, tz: Any = None) -> _FixedNow:
        return cls.fromisoformat(NOW.isoformat())


Sent = list[tuple[str, tuple[Any, ...]]]


@contextmanager
def sent() -> Iterator[Sent]:
    """Every statement (but BEGIN) sent while inside, with its values, by SQLAlchemy's execution
    or on a store's own connection."""
    seen: Sent = []

    def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if not statement.startswith("BEGIN"):
            seen.append((statement, tuple(parameters)))

    run = sqlite_direct.Compiled.run

    def direct(self: sqlite_direct.Compiled, conn: Any, values: dict[str, Any]) -> Any:
        seen.append((self.sql, self.args(values)))
        return run(self, conn, values)

    event.listen(Engine, "before_cursor_execute", record)
    sqlite_direct.Compiled.run = direct  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        sqlite_direct.Compiled.run = run  # type: ignore[method-assign]
        event.remove(Engine, "before_cursor_execute", record)


@asynccontextmanager
async def store_on(
    path: Path, *, direct: bool, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[SqlStateStore]:
    url = f"sqlite+aiosqlite:///{path}"
    migrate.upgrade(url)
    monkeypatch.setattr(state_store, "DIRECT_SQLITE_TURN", direct)
    engine = create_engine(url)
    store = SqlStateStore(engine)
    assert (store.direct_sqlite is not None) is direct
    try:
        yield store
    finally:
        await store.close()
        await engine.dispose()


def _state() -> ConversationState:
    state = ConversationState(locale="zh")
    state.active = Task(
        id="t1", skill="price", action="quote", slots={"coin": "BTCUSDT", "名": "比特币"},
        status=TaskStatus.COLLECTING, created_at=NOW, updated_at=NOW,
    )  # fmt: skip
    state.extra["n"] = 1
    return state


async def script(store: SqlStateStore) -> list[Any]:
    """A turn's store calls through every outcome: what each answered."""
    said: list[Any] = []
    first = await store.begin_turn(KEY, lease("a"), "e1", NOW)
    said.append(first)
    said.append(await store.begin_turn(KEY, lease("b"), "e2", NOW))  # busy: e2 stays unrecorded
    said.append(await store.begin_turn(KEY, lease("a"), "e1", NOW))  # a redelivery
    said.append(await store.save_turn(KEY, _state(), first.revision, "a", release=False))  # checkpoint
    try:
        await store.save_turn(KEY, ConversationState(), first.revision, "a", release=True)
    except StaleState:
        said.append("stale")
    said.append(await store.save_turn(KEY, _state(), first.revision + 1, "a", release=True))
    said.append(await store.begin_turn(KEY, lease("b"), "e2", NOW))  # free now: started
    said.append(await store.begin_turn(TOPIC, lease("c", NOW + TTL), None))  # no event to record
    said.append(await store.save_turn(TOPIC, _state(), 0, "c", release=True))
    later = NOW + 2 * TTL
    said.append(await store.begin_turn(KEY, lease("d", later), "e3", later))  # b's lease lapsed
    return said


def rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:

    conn = sqlite3.connect(path)
    try:
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in ("conversation_states", "processed_events")
        }
    finally:
        conn.close()


async def test_the_direct_turn_sends_and_writes_what_sqlalchemys_execution_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fails when the two ways diverge: one statement, value, answer or row different."""
    monkeypatch.setattr(state_store, "datetime", _FixedNow)
    found = {}
    for direct in (False, True):
        path = tmp_path / f"direct-{direct}.db"
        async with store_on(path, direct=direct, monkeypatch=monkeypatch) as store:
            with sent() as statements:
                answers = await script(store)
            if direct:
                assert (
                    store.direct_sqlite is not None and store.direct_sqlite.runs == 8
                )  # committed: 7 and the stale save
        found[direct] = (statements, answers, rows(path))
    (old_sent, old_answers, old_rows), (new_sent, new_answers, new_rows) = found[False], found[True]
    assert [a.outcome if hasattr(a, "outcome") else a for a in new_answers] == [
        TurnOpened.STARTED, TurnOpened.BUSY, TurnOpened.DUPLICATE, 1, "stale", 2,
        TurnOpened.STARTED, TurnOpened.STARTED, 1, TurnOpened.STARTED,
    ]  # fmt: skip
    assert new_answers == old_answers
    assert new_sent == old_sent
    assert new_rows == old_rows
    assert len(new_rows["processed_events"]) == 3


async def test_a_locked_database_runs_the_turn_on_the_runner_and_keeps_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store's own connection never waits for a lock: locked, it keeps nothing, and the
    runner waits for the lock and runs the transaction once."""

    path = tmp_path / "deskmate.db"
    async with store_on(path, direct=True, monkeypatch=monkeypatch) as store:
        direct = store.direct_sqlite
        assert direct is not None
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            begun = asyncio.create_task(store.begin_turn(KEY, lease("a"), "e1", NOW))
            await asyncio.sleep(0.3)
            assert not begun.done()
            other.execute("COMMIT")
            start = await asyncio.wait_for(begun, 30)
        finally:
            other.close()
        assert start.outcome is TurnOpened.STARTED and direct.runs == 0
        assert await store.save_turn(KEY, _state(), start.revision, "a", release=True) == 1
        assert direct.runs == 1
        assert (await store.begin_turn(KEY, lease("b"), "e1", NOW)).outcome is TurnOpened.DUPLICATE
    assert len(rows(path)["processed_events"]) == 1


@pytest.mark.process
def test_two_processes_run_each_turn_once(tmp_path: Path) -> None:
    """Two processes offered the same events for the same conversations (on their own
    connections, and on their runners when the other holds the lock): every event's turn is run
    by exactly one of them and saved once, in the order offered."""
    path = tmp_path / "deskmate.db"
    url = f"sqlite+aiosqlite:///{path}"
    migrate.upgrade(url)
    go = tmp_path / "go"
    outs = [tmp_path / f"w{i}.out" for i in range(2)]
    workers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.storage.turn_worker", url, f"w{i}", str(out), str(go)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i, out in enumerate(outs)
    ]
    try:
        deadline = time.monotonic() + 60
        while not all(out.with_suffix(".ready").exists() for out in outs):
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.01)
        go.touch()
        for worker in workers:
            _, err = worker.communicate(timeout=120)
            assert worker.returncode == 0, err
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    ran = [line for out in outs if out.exists() for line in out.read_text().split()]
    assert Counter(ran) == Counter(event_id for event_id, _ in EVENTS)  # each once, by one of them
    runs = [int(out.with_suffix(".ready").read_text().split()[-1]) for out in outs]
    assert sum(runs) > 0  # on the stores' own connections
    saved = {
        key: ConversationState.model_validate_json(state).extra["done"]
        for key, state in _states(path).items()
    }
    assert saved == {key.as_str(): [event_id for event_id, k in EVENTS if k == key] for key in KEYS}


def _states(path: Path) -> dict[str, str]:

    conn = sqlite3.connect(path)
    try:
        return dict(conn.execute("SELECT conversation_key, state FROM conversation_states").fetchall())
    finally:
        conn.close()


async def test_the_own_connection_leaves_checkpoints_to_a_worker_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """It never checkpoints on the loop's thread (wal_autocheckpoint 0): every CHECKPOINT_EVERY
    commits a passive checkpoint runs on a worker thread, and the WAL's frames reach the file."""

    monkeypatch.setattr(sqlite_direct, "CHECKPOINT_EVERY", 4)
    threads: list[int] = []
    checkpoint = sqlite_direct.DirectSqlite._checkpoint

    def spied(self: sqlite_direct.DirectSqlite) -> None:
        threads.append(threading.get_ident())
        checkpoint(self)

    monkeypatch.setattr(sqlite_direct.DirectSqlite, "_checkpoint", spied)
    path = tmp_path / "deskmate.db"
    async with store_on(path, direct=True, monkeypatch=monkeypatch) as store:
        direct = store.direct_sqlite
        assert direct is not None
        assert direct._connection().execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
        for i in range(4):
            start = await store.begin_turn(KEY, lease("a"), f"e{i}", NOW)
            await store.save_turn(KEY, _state(), start.revision, "a", release=True)
            await asyncio.sleep(0.2)  # a checkpoint still running skips the next one
    assert len(threads) == 2 and threading.get_ident() not in threads
    assert not [r for r in caplog.records if "checkpoint failed" in r.getMessage()]
    conn = sqlite3.connect(path)
    try:  # nothing left in the WAL to copy: the checkpoints (and the last close) did
        busy, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and frames == copied
    finally:
        conn.close()


async def test_a_failed_transaction_raises_as_sqlalchemy_would_and_the_next_gets_a_new_connection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "deskmate.db"
    async with store_on(path, direct=True, monkeypatch=monkeypatch) as store:
        direct = store.direct_sqlite
        assert direct is not None
        start = await store.begin_turn(KEY, lease("a"), "e1", NOW)
        first = direct._conn

        def refused(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO no_such_table VALUES (1)")

        with pytest.raises(OperationalError):  # SQLAlchemy's, as its execution raises
            direct.write(refused)
        assert direct._conn is None
        assert await store.save_turn(KEY, _state(), start.revision, "a", release=True) == 1
        assert direct._conn is not None and direct._conn is not first


async def test_another_threads_transactions_go_to_the_runner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One connection, one thread: a store used from a second event loop on another thread
    runs that loop's transactions on its runner, never interleaved on the first's connection."""
    path = tmp_path / "deskmate.db"
    async with store_on(path, direct=True, monkeypatch=monkeypatch) as store:
        direct = store.direct_sqlite
        assert direct is not None
        start = await store.begin_turn(KEY, lease("a"), "e1", NOW)
        assert direct.runs == 1

        def elsewhere() -> int:
            return asyncio.run(store.save_turn(KEY, _state(), start.revision, "a", release=True))

        assert await asyncio.to_thread(elsewhere) == 1
        assert direct.runs == 1  # saved, not here
        assert (await store.begin_turn(KEY, lease("b"), "e2", NOW)).revision == 1
        assert direct.runs == 2


async def test_compiled_internals_not_as_expected_leave_the_turn_to_sqlalchemy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A SQLAlchemy release without the compiled internals the direct turn binds with: the store
    still starts, its turns run through SQLAlchemy's execution with the same answers and rows,
    and a warning says so (before: the store could not be made at all)."""
    monkeypatch.setattr(state_store, "datetime", _FixedNow)

    def changed(self: sqlite_direct.Compiled, *args: Any, **kwargs: Any) -> None:
        raise AttributeError("'SQLCompiler' object has no attribute '_bind_processors'")

    found = {}
    for broken in (False, True):
        if broken:
            monkeypatch.setattr(sqlite_direct.Compiled, "__init__", changed)
        path = tmp_path / f"broken-{broken}.db"
        url = f"sqlite+aiosqlite:///{path}"
        migrate.upgrade(url)
        engine = create_engine(url)
        with caplog.at_level("WARNING", logger=state_store.__name__):
            store = SqlStateStore(engine)
        try:
            assert (store.direct_sqlite is None) is broken
            found[broken] = (await script(store), rows(path))
        finally:
            await store.close()
            await engine.dispose()
    assert found[True] == found[False]
    assert "SQLite turns run through SQLAlchemy's execution" in caplog.text
