"""What one "BTC price" turn costs the database in the app `deskmate run` builds (every skill, the
SQL stores) on a SQLite file: which statements, and on which thread.

A turn is two short transactions (record the event and take the conversation with its state; save
it and let go). On a SQLite file they run on the event loop's own thread while nobody else holds
the write lock, on the state store's own sqlite3 connection (adapters/storage/sqlite_direct.py):
a hop to a worker thread each cost more than the SQLite work itself, and SQLAlchemy's execution
more than the statements. These tests fail when a turn grows a statement or a hop."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import event
from sqlalchemy.engine import Engine

from adapters.storage.sqlite_direct import DirectSqlite
from adapters.storage.state_store import SqlStateStore
from bot.settings import Settings
from bot.wiring import App, build_app, migrate
from core.events import ConversationKey, TextMessage
from core.reply import QuoteBlock

KEY = ConversationKey("telegram", "42", "7")


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    settings = Settings(
        _env_file=None,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
        data_dir=tmp_path,
        secret_key=Fernet.generate_key().decode(),
        market="demo",
    )
    migrate(settings)
    built = await build_app(settings)
    try:
        yield built
    finally:
        await built.aclose()


def direct_of(app: App) -> DirectSqlite:
    """The state store's own connection, a turn's two transactions run on."""
    store = app.core.store
    assert isinstance(store, SqlStateStore)
    assert store.direct_sqlite is not None
    return store.direct_sqlite


@contextmanager
def statements(app: App) -> Iterator[list[tuple[str, int]]]:
    """Every statement any engine, or the state store's own connection, sends while inside (but
    COMMIT): (its first words, the thread it ran on)."""
    seen: list[tuple[str, int]] = []

    def said(statement: str) -> None:
        if statement != "COMMIT":  # SQLAlchemy's commits are the driver's, not statements
            seen.append((" ".join(statement.split()[:3]), threading.get_ident()))

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        said(statement)

    direct = direct_of(app)
    event.listen(Engine, "before_cursor_execute", record)
    direct.trace(said)
    try:
        yield seen
    finally:
        direct.trace(None)
        event.remove(Engine, "before_cursor_execute", record)


async def ask(app: App, event_id: str) -> None:
    reply = await app.core.handle(TextMessage(event_id, KEY, text="BTC price"))
    assert isinstance(reply.blocks[0], QuoteBlock)


async def test_a_price_turn_is_three_statements_on_the_loop_thread(app: App) -> None:
    await ask(app, "warm-up")  # the first event of a process also prunes old events once
    runs = direct_of(app).runs
    with statements(app) as seen:
        await ask(app, "e1")
    assert direct_of(app).runs == runs + 2  # both on the store's own connection
    assert [words for words, _ in seen] == [
        "BEGIN IMMEDIATE",
        "INSERT INTO processed_events",
        "INSERT INTO conversation_states",
        "BEGIN IMMEDIATE",
        "UPDATE conversation_states SET",
    ]
    assert {thread for _, thread in seen} == {threading.get_ident()}  # no hop to a worker thread


async def test_a_turn_meeting_another_writer_waits_for_it_on_a_worker_thread(
    app: App, tmp_path: Path
) -> None:
    """The loop never waits on a lock: locked, the transaction goes to the pool, which waits for
    the other writer (busy_timeout) and runs it there; the turn is answered once, saved once."""
    await ask(app, "warm-up")
    other = sqlite3.connect(tmp_path / "deskmate.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with statements(app) as seen:
            turn = asyncio.create_task(ask(app, "e1"))
            await asyncio.sleep(0.3)
            assert not turn.done()  # waiting for the lock, not failed
            other.execute("COMMIT")
            await asyncio.wait_for(turn, 30)
    finally:
        other.close()
    writes = [(words, thread) for words, thread in seen if not words.startswith("BEGIN")]
    assert [words for words, _ in writes] == [
        "INSERT INTO processed_events",
        "INSERT INTO conversation_states",
        "UPDATE conversation_states SET",
    ]
    assert writes[0][1] != threading.get_ident()  # the one that met the lock ran on the pool
    with statements(app) as seen:  # once the lock is gone, back on the loop's thread
        await ask(app, "e2")
    assert {thread for _, thread in seen} == {threading.get_ident()}
