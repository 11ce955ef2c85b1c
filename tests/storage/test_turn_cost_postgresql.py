"""What one "BTC price" turn costs PostgreSQL in the app `deskmate run` builds (every skill, the
SQL stores): round trips to the server, counted on the wire, and connections opened.

A turn is two round trips: one statement records the event, takes the conversation's lease and
reads its state (state_store._begin_in_one_statement); one saves the state and gives the lease back.
Neither is wrapped in BEGIN / COMMIT, neither is preceded by a ping or a prepare (the statements
are prepared once per pooled connection, and a connection is pinged only after sitting idle).

Under 256 conversations at once the pool keeps its connections: before, it had 5 that stayed and
10 "overflow" ones closed as soon as they came back to a pool with 5 idle, which under asyncio
is all the time (several come back in one pass of the loop before the turns waiting for one run).
Each reopened connection cost a connect, its authentication and a prepare of every statement
again: 490 connections opened for 3,072 turns, and throughput fell with concurrency. These tests
fail when a turn grows a round trip or the pool starts closing connections again."""

from __future__ import annotations

import asyncio
from asyncio import selector_events
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from cryptography.fernet import Fernet
from sqlalchemy import event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import NullPool

from adapters.storage import engine as engine_module
from adapters.storage import migrate, state_store
from adapters.storage.engine import POSTGRES_QUEUE_POOL, create_engine
from adapters.storage.state_store import TURN_CONNECTIONS_KEPT, SqlStateStore
from bot.settings import Settings
from bot.wiring import App, build_app
from core.events import ConversationKey, TextMessage
from core.ports import Lease, TurnOpened
from core.reply import QuoteBlock
from tests.storage.conftest import scratch_pg_database

pytestmark = pytest.mark.postgres
LATER = "set_config('synchronous_commit', 'off', true)"


@pytest.fixture
def pg_own_url() -> Iterator[str]:
    """A database of its own: the app claims it for its secret key."""
    with scratch_pg_database() as url:
        migrate.upgrade(url)
        yield url


@pytest.fixture
async def app(pg_own_url: str, tmp_path: Path) -> AsyncIterator[App]:
    settings = Settings(
        _env_file=None,
        database_url=pg_own_url,
        data_dir=tmp_path,
        secret_key=Fernet.generate_key().decode(),
        market="demo",
    )
    built = await build_app(settings)
    try:
        yield built
    finally:
        await built.aclose()


@dataclass
class Wire:
    statements: list[str] = field(default_factory=list)  # the first words of each, as SQLAlchemy sent it
    writes: int = 0  # writes to the server's socket: one per round trip (asyncpg sends a
    # statement's Bind, Execute and Sync, or a BEGIN, in one write, then waits for the answer)
    connects: int = 0
    closes: int = 0


@contextmanager
def on_the_wire(app: App) -> Iterator[Wire]:
    wire = Wire()
    port = make_url(str(app.engine.url)).port or 5432
    # asyncio's socket transport (not in its public stubs): asyncpg writes through it
    transport_class: Any = vars(selector_events)["_SelectorSocketTransport"]
    write = transport_class.write

    def counting(transport: Any, data: Any) -> None:
        peer = transport.get_extra_info("peername")
        if peer is not None and peer[1] == port:
            wire.writes += 1
        write(transport, data)

    def statement(_conn: Any, _cursor: Any, sql: str, *_: Any) -> None:
        wire.statements.append(" ".join(sql.split()[:4]))

    def connect(*_: Any) -> None:
        wire.connects += 1

    def close(*_: Any) -> None:
        wire.closes += 1

    event.listen(Engine, "before_cursor_execute", statement)
    event.listen(app.engine.sync_engine, "connect", connect)
    event.listen(app.engine.sync_engine.pool, "close", close)
    try:
        with (
            pytest.MonkeyPatch.context() as patch,
            sent_on_the_driver(lambda sql: statement(None, None, sql)),
        ):
            patch.setattr(transport_class, "write", counting)
            yield wire
    finally:
        event.remove(Engine, "before_cursor_execute", statement)
        event.remove(app.engine.sync_engine, "connect", connect)
        event.remove(app.engine.sync_engine.pool, "close", close)


@contextmanager
def sent_on_the_driver(seen: Callable[[str], None]) -> Iterator[None]:
    """``seen`` gets each statement sent on an asyncpg connection itself, not through SQLAlchemy's
    execution (whose statements its ``before_cursor_execute`` event shows): a turn's two
    (state_store._DrivenTurn)."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("fetchrow", "execute"):
            sent = getattr(asyncpg.Connection, name)

            async def sending(conn: Any, query: str, *args: Any, _sent: Any = sent, **kwargs: Any) -> Any:
                seen(query)
                return await _sent(conn, query, *args, **kwargs)

            patch.setattr(asyncpg.Connection, name, sending)
        yield


async def ask(app: App, key: ConversationKey, event_id: str) -> None:
    reply = await app.core.handle(TextMessage(event_id, key, text="BTC price"))
    assert reply.blocks and isinstance(reply.blocks[0], QuoteBlock), reply


async def test_a_price_turn_is_two_round_trips(app: App) -> None:
    key = ConversationKey("telegram", "42", "7")
    for i in range(3):  # the first event of a process prunes once; statements get prepared
        await ask(app, key, f"warm-{i}")
    with on_the_wire(app) as wire:
        await ask(app, key, "e1")
    assert wire.statements == [
        "WITH taken AS (INSERT",  # record the event, take the lease, read the state
        "UPDATE conversation_states SET state=$1::VARCHAR,",  # save, give the lease back
    ]
    assert wire.writes == 2  # no BEGIN, COMMIT, ping or prepare around them
    assert wire.connects == 0


async def test_256_conversations_at_once_keep_the_pools_connections(app: App) -> None:
    """Two round trips a turn under concurrency too, and no connection closed or opened once
    the pool is full (the first burst fills it; 200 + 256 events stay below the store's prune)."""

    async def burst(name: str, chats: int) -> None:
        await asyncio.gather(
            *(
                ask(app, ConversationKey("telegram", f"{name}-{c}", str(c)), f"{name}-{c}")
                for c in range(chats)
            )
        )

    await ask(app, ConversationKey("telegram", "warm", "1"), "warm")
    with on_the_wire(app) as filling:
        await burst("fill", 200)
    assert filling.closes == 0
    assert filling.connects <= POSTGRES_QUEUE_POOL["pool_size"] + POSTGRES_QUEUE_POOL["max_overflow"]

    with on_the_wire(app) as wire:
        await burst("burst", 256)
    assert (wire.connects, wire.closes) == (0, 0)
    assert wire.writes == 2 * 256
    assert len(wire.statements) == 2 * 256


async def test_only_the_first_statement_of_a_turn_commits_without_waiting_for_the_disk(
    pg_own_url: str,
) -> None:
    """state_store.BEGIN_COMMITS_LATER: the statement that begins a turn sets synchronous_commit
    off for its own transaction; its connection, which the pool hands on to the save and to every
    other store's writes (orders, alerts), waits for the disk again after it."""
    engine = create_engine(pg_own_url, pool_size=1, max_overflow=0)  # one connection: the same
    store = SqlStateStore(engine)
    now = datetime.now(UTC)
    key = ConversationKey("telegram", "later", "1")
    later: list[str] = []

    def statement(_conn: Any, _cursor: Any, sql: str, *_: Any) -> None:
        if "set_config" in sql:
            later.append(sql.split()[0])

    async def setting() -> str:
        async with engine.connect() as conn:
            return str((await conn.execute(text("SHOW synchronous_commit"))).scalar_one())

    event.listen(engine.sync_engine, "before_cursor_execute", statement)
    try:
        with sent_on_the_driver(lambda sql: statement(None, None, sql)):
            started = await store.begin_turn(key, Lease("h", now, now + timedelta(seconds=20)), "later-1")
        assert started.outcome is TurnOpened.STARTED and started.state is not None
        assert later == ["WITH"]  # the statement that begins the turn, and it alone
        assert await setting() == "on"
        with sent_on_the_driver(lambda sql: statement(None, None, sql)):
            await store.save_turn(key, started.state, started.revision, "h", release=True)
        assert later == ["WITH"]
        assert await setting() == "on"
        async with engine.connect() as conn:
            # What the first statement relies on, alone in its implicit transaction (autocommit):
            # the setting holds inside it, and is gone once it has committed.
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            inside = await conn.execute(text(f"SELECT {LATER}, current_setting('synchronous_commit')"))
            assert tuple(inside.one()) == ("off", "off")
            assert (await conn.execute(text("SHOW synchronous_commit"))).scalar_one() == "on"
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", statement)
        await store.close()
        await engine.dispose()


async def test_a_turn_on_a_connection_the_server_dropped_fails_alone_and_the_next_gets_a_new_one(
    pg_own_url: str,
) -> None:
    """A turn's statements go on the asyncpg connection itself (state_store._DrivenTurn): one
    that fails with the connection (not by the server refusing the statement) is not pooled
    again, as SQLAlchemy's execution would have invalidated it."""
    engine = create_engine(pg_own_url, pool_size=1, max_overflow=0)  # one connection: the same
    store = SqlStateStore(engine)
    key = ConversationKey("telegram", "dropped", "1")

    async def turn(event_id: str) -> None:
        now = datetime.now(UTC)
        started = await store.begin_turn(key, Lease("h", now, now + timedelta(seconds=20)), event_id)
        assert started.outcome is TurnOpened.STARTED and started.state is not None
        await store.save_turn(key, started.state, started.revision, "h", release=True)

    try:
        await turn("d-1")
        async with engine.connect() as conn:
            pid = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        admin = create_engine(pg_own_url, poolclass=NullPool)
        try:
            async with admin.connect() as conn:
                await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        finally:
            await admin.dispose()
        with pytest.raises(Exception):  # noqa: B017 - whatever the driver raises for a lost connection
            await turn("d-2")
        await turn("d-3")  # on a new connection
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one() != pid
    finally:
        await store.close()
        await engine.dispose()


async def _pid(engine: AsyncEngine) -> int:
    async with engine.connect() as conn:
        return int((await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one())


async def _terminate(url: str, pid: int) -> None:
    admin = create_engine(url, poolclass=NullPool)
    try:
        async with admin.connect() as conn:
            await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    finally:
        await admin.dispose()


async def _turn(store: SqlStateStore, key: ConversationKey, event_id: str) -> None:
    now = datetime.now(UTC)
    started = await store.begin_turn(key, Lease("h", now, now + timedelta(seconds=20)), event_id)
    assert started.outcome is TurnOpened.STARTED and started.state is not None
    await store.save_turn(key, started.state, started.revision, "h", release=True)


def _kept(store: SqlStateStore) -> Any:
    driven = store._driven
    assert driven is not None and driven.connections is not None
    return driven.connections


async def test_a_turns_statements_reuse_a_kept_connection_not_the_pools_checkout(pg_own_url: str) -> None:
    """state_store._TurnConnections: after the first, a turn's statements check nothing out of
    the pool; the store keeps a connection only while the pool keeps as many free for the rest,
    and gives them all back when closed."""
    engine = create_engine(pg_own_url)
    store = SqlStateStore(engine)
    checkouts: list[int] = []
    event.listen(engine.sync_engine.pool, "checkout", lambda *_: checkouts.append(1))
    pool: Any = engine.sync_engine.pool
    kept = _kept(store)
    try:
        await _turn(store, ConversationKey("telegram", "kept", "1"), "k-0")
        checkouts.clear()
        for i in range(1, 6):
            await _turn(store, ConversationKey("telegram", "kept", "1"), f"k-{i}")
        assert checkouts == [] and kept.reused >= 10
        await asyncio.gather(
            *(_turn(store, ConversationKey("telegram", f"kept-{c}", "1"), f"c-{c}") for c in range(40))
        )
        assert 1 <= pool.checkedout() <= TURN_CONNECTIONS_KEPT  # kept, idle
        assert pool.size() - pool.checkedout() >= TURN_CONNECTIONS_KEPT
    finally:
        await store.close()
        assert pool.checkedout() == 0
        await engine.dispose()


async def test_a_kept_connection_idle_a_while_is_pinged_and_a_dead_one_replaced(
    pg_own_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the pool's checkout does (engine.ping_when_idle): a kept connection idle
    POSTGRES_PING_IDLE_S (here 0) is pinged first; one the server ended meanwhile is dropped and
    the turn runs on a new connection, not failed."""
    monkeypatch.setattr(engine_module, "POSTGRES_PING_IDLE_S", 0.0)
    engine = create_engine(pg_own_url)
    store = SqlStateStore(engine)
    key = ConversationKey("telegram", "pinged", "1")
    try:
        await _turn(store, key, "p-1")
        kept = _kept(store)
        assert len(kept._kept) == 1
        held = kept._kept[0][0]
        pid = (await held.sync_connection.connection.driver_connection.fetchrow("SELECT pg_backend_pid()"))[0]
        await _terminate(pg_own_url, pid)
        await _turn(store, key, "p-2")  # its ping failed (a statement on it would have): a new one
        assert await _pid(engine) != pid
    finally:
        await store.close()
        await engine.dispose()


async def test_a_connection_kept_idle_long_goes_back_to_the_pool(
    pg_own_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(state_store, "RETURN_KEPT_AFTER_S", 0.0)
    engine = create_engine(pg_own_url)
    store = SqlStateStore(engine)
    pool: Any = engine.sync_engine.pool
    try:
        await _turn(store, ConversationKey("telegram", "returned", "1"), "r-1")
        kept = _kept(store)
        await asyncio.gather(*kept._returning)
        assert kept._kept == [] and pool.checkedout() == 0
    finally:
        await store.close()
        await engine.dispose()
