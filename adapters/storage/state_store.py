"""SqlStateStore: core.ports.StateStore on SQLAlchemy Core statements (SQLite or PostgreSQL).

Each method is one short transaction; a core turn is two: ``begin_turn`` (record the event, then
take the conversation's lease and read the state in one statement) and ``save_turn`` (compare-and-
set the state and give the lease back in one statement). No transaction stays open while a turn
waits on an exchange or a model: the lease is columns of the state's row, so one SQLite writer is
never held for seconds, and a turn runs as many statements as it did before leases. Two choices
keep them cheap:
- statements are built once per store with bind parameters, so a call only binds values and hits
  SQLAlchemy's compiled cache without rebuilding or re-keying a statement (about 1.6x on a turn);
- on a SQLite file a transaction runs on the calling thread, on a connection that never waits for
  a lock, and is one hop to a worker thread only when the database is locked (see runner.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from sqlalchemy import (
    BindParameter,
    Connection,
    Row,
    bindparam,
    delete,
    exists,
    func,
    insert,
    null,
    or_,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError

from adapters.storage import engine as _engine_settings
from adapters.storage.dialects import insert_for
from adapters.storage.driven import Driven as _Driven
from adapters.storage.driven import InternalsChanged
from adapters.storage.driven import _on as _on_connection
from adapters.storage.driven import on_driver as _on_driver
from adapters.storage.engine import is_sqlite_file
from adapters.storage.key_fence import check_sealed_write, sealed_in
from adapters.storage.runner import transaction_runner
from adapters.storage.sqlite_direct import Compiled, DirectSqlite, pysqlite_dialect
from adapters.storage.tables import action_tokens, conversation_states, processed_events
from core.events import ConversationKey
from core.ports import ActionToken, ClaimOutcome, Lease, StaleState, TokenClaim, TurnOpened, TurnStart
from core.state import ConversationState

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

logger = logging.getLogger(__name__)
T = TypeVar("T")

EVENT_RETENTION = timedelta(hours=48)  # redeliveries come within minutes; 48 h is generous
TOKEN_RETENTION = timedelta(days=7)  # after this an old button says "not found" instead of "expired"
PRUNE_EVERY = 500  # record_event calls between prunes (and once on the first call)
EMPTY_STATE = ConversationState().model_dump_json()  # a conversation's row before its first save
# PostgreSQL: a turn's first statement (lease, event, state) commits without waiting for its WAL
# to reach the disk (synchronous_commit off for that statement alone); the save that ends the turn
# waits as every other write does. Nothing is less safe for it: the server writes its WAL in
# order, so the save's flush (or a checkpoint's, or any other write's mid-turn, such as an order)
# makes the first statement durable too, before the reply leaves or anything irreversible is done.
# Only a server crash before any of those can lose it, and then the turn has done nothing: its
# event is unrecorded and its redelivery runs it, where a recorded one would be dropped as a
# duplicate. Other sessions see the commit at once either way (the lease serialises as before).
# It saves one disk flush a turn, the larger part of a turn's wait on a busy server: p50 16.0 ms
# against 21.5 ms with it (`python -m bench.turns --begin-before`, same run, load ~20).
BEGIN_COMMITS_LATER = True
# PostgreSQL: a turn's two statements go on the asyncpg connection itself (_DrivenTurn), not
# through SQLAlchemy's execution; False: as before (``python -m bench.turns --driven-before``).
DRIVEN_TURN = True
# A SQLite file: a turn's two transactions go on a sqlite3 connection of the store's own, on the
# event loop's thread (_SqliteTurn), not through SQLAlchemy's execution; False: as before
# (``python -m bench.turns --sqlite-before``).
DIRECT_SQLITE_TURN = True
# PostgreSQL: a turn's statements reuse pooled connections the store keeps (_TurnConnections),
# at most this many kept idle; False: a checkout from the pool each, as before
# (``python -m bench.turns --checkout-before``).
KEEP_TURN_CONNECTIONS = True
TURN_CONNECTIONS_KEPT = 4
RETURN_KEPT_AFTER_S = 60.0  # a kept connection idle this long goes back to the pool
# The columns a turn's take gives (the INSERT's VALUES: the others keep their defaults).
_TAKING = ("conversation_key", "platform", "chat_id", "user_id", "thread_id", "state", "updated_at",
           "revision", "lease_holder", "lease_until", "h", "now")  # fmt: skip


_NO_ROW: Any = None  # a turn's begin before its transaction has run


class _Rollback(Exception):
    """Leave a transaction without committing, carrying what to answer."""

    def __init__(self, outcome: TurnOpened) -> None:
        self.outcome = outcome


class _Statements:
    """Every statement the store runs, built once for one dialect."""

    def __init__(self, dialect: str) -> None:
        dialect_insert = insert_for(dialect)
        cs, pe, t = conversation_states.c, processed_events.c, action_tokens.c
        key: BindParameter[Any] = bindparam("k")  # not a column's name: those are for VALUES / SET
        holder: BindParameter[Any] = bindparam("h")

        self.load = select(cs.state).where(cs.conversation_key == key)

        # ON CONFLICT DO NOTHING cannot race: of two concurrent inserts of one id, one sees rowcount 0.
        self.record = dialect_insert(processed_events).on_conflict_do_nothing(index_elements=[pe.event_id])

        self.take = _take(dialect_insert(conversation_states), holder)
        # Inside WITH, an INSERT's values are not taken from the parameters by column name:
        # they are named bind parameters there.
        named = dialect_insert(conversation_states).values(
            {c.name: bindparam(c.name, type_=c.type) for c in conversation_states.c}
        )
        self.begin_one = (
            _begin_in_one_statement(_take(named, holder), commit_later=BEGIN_COMMITS_LATER)
            if dialect == "postgresql"
            else None
        )

        # A turn's save: a compare-and-set on the revision it loaded, giving the lease back (or, for
        # a checkpoint mid-turn, keeping it).
        saved = update(conversation_states).where(
            cs.conversation_key == key, cs.revision == bindparam("loaded")
        )
        new_state = {
            "state": bindparam("state"),
            "updated_at": bindparam("updated_at"),
            "revision": cs.revision + 1,
        }
        free = {"lease_holder": None, "lease_until": None, "running_task": None, "cancel_task": None}
        self.save_keep = saved.values(**new_state)
        self.save_release = saved.values(**new_state, **free)

        # Outside a turn (tests, maintenance): overwrite, but bump the revision so that a turn in
        # flight loses its compare-and-set instead of writing over this.
        upsert = dialect_insert(conversation_states)
        self.overwrite = upsert.on_conflict_do_update(
            index_elements=[cs.conversation_key],
            set_={"state": upsert.excluded.state, "updated_at": upsert.excluded.updated_at,
                  "revision": cs.revision + 1},
        )  # fmt: skip

        mine = update(conversation_states).where(cs.conversation_key == key, cs.lease_holder == holder)
        self.renew = mine.values(lease_until=bindparam("until"))
        self.release = mine.values(**free)
        self.mark_running = mine.values(running_task=bindparam("task"), cancel_task=None)
        self.request_cancel = (
            update(conversation_states)
            .where(
                cs.conversation_key == key, cs.running_task.is_not(None), cs.lease_until > bindparam("now")
            )
            .values(cancel_task=cs.running_task)
        )
        self.cancel_requested = select(cs.revision).where(
            cs.conversation_key == key, cs.cancel_task == bindparam("task")
        )

        self.issue = insert(action_tokens)

        # The compare-and-set: only one UPDATE, in any process, can flip used_at from NULL, and
        # only from the conversation the token was issued in.
        self.claim = (
            update(action_tokens)
            .where(
                t.token == bindparam("t"),
                t.used_at.is_(None),
                t.conversation_key == key,
                t.expires_at > bindparam("now"),
            )
            .values(used_at=bindparam("now"))
            .returning(*action_tokens.c)
        )
        self.spend_group = (
            update(action_tokens)
            .where(t.group_id == bindparam("g"), t.used_at.is_(None))
            .values(used_at=bindparam("now"))
        )
        # PostgreSQL only: lock the whole group in token order before the compare-and-set. Without
        # it, clicks on two buttons of one message lock different rows first, then each waits for
        # the other's sibling: a deadlock. (SQLite needs nothing: its first write takes the
        # database-wide write lock.)
        group_of_token = select(t.group_id).where(t.token == bindparam("t")).scalar_subquery()
        self.lock_group = (
            select(t.token).where(t.group_id == group_of_token).order_by(t.token).with_for_update()
            if dialect == "postgresql"
            else None
        )
        self.read_token = select(action_tokens).where(t.token == bindparam("t"))

        self.prune_events = delete(processed_events).where(pe.seen_at < bindparam("cutoff"))
        self.prune_tokens = delete(action_tokens).where(t.expires_at < bindparam("cutoff"))


def _take(take: Any, holder: BindParameter[Any]) -> Any:
    """Take the lease and read the state in one statement: insert the conversation's row (empty
    state, revision 0) or, if it exists, take over a lease that is free, lapsed (its process
    died) or already ours (a retried turn). Of two racing takers only one gets a row back."""
    cs = conversation_states.c
    return take.on_conflict_do_update(
        index_elements=[cs.conversation_key],
        set_={"lease_holder": take.excluded.lease_holder, "lease_until": take.excluded.lease_until,
              "running_task": null(), "cancel_task": null()},
        where=or_(cs.lease_until.is_(None), cs.lease_until <= bindparam("now"), cs.lease_holder == holder),
    ).returning(cs.state, cs.revision)  # fmt: skip


def _begin_in_one_statement(take: Any, *, commit_later: bool) -> Any:
    """PostgreSQL: a turn's beginning in one statement (one round trip, no BEGIN / COMMIT): take
    the lease, record the event only if the lease was taken, and say whether the event was seen
    before; with ``commit_later``, its commit does not wait for the disk (BEGIN_COMMITS_LATER:
    ``set_config(..., true)`` lasts until the end of the transaction, here the statement's own).
    Statements in WITH all run, once, on the snapshot of the statement's start:

    - taken, recorded: the turn starts;
    - taken, not recorded (a redelivery, recorded since this statement's snapshot): the caller
      gives the lease back and answers it as a duplicate;
    - not taken, seen: a duplicate (answered at once, even while a turn holds the lease);
    - not taken, not seen: busy, and nothing was written (the event stays unrecorded for the retry).
    """
    pe = processed_events.c
    taken = take.cte("taken")
    recorded = (
        insert_for("postgresql")(processed_events)
        .from_select(
            [pe.event_id, pe.seen_at],
            select(
                bindparam("event_id", type_=pe.event_id.type), bindparam("seen_at", type_=pe.seen_at.type)
            ).where(exists(select(taken.c.revision))),
        )
        .on_conflict_do_nothing(index_elements=[pe.event_id])
        .returning(pe.event_id)
        .cte("recorded")
    )
    columns = [
        select(taken.c.state).scalar_subquery().label("state"),
        select(taken.c.revision).scalar_subquery().label("revision"),
        exists(select(recorded.c.event_id)).label("recorded"),
        exists(select(pe.event_id).where(pe.event_id == bindparam("event_id"))).label("seen"),
    ]
    if commit_later:
        columns.append(func.set_config("synchronous_commit", "off", True).label("commit_later"))
    return select(*columns)


class _Begun(NamedTuple):
    """What a turn's one beginning statement says (``_begin_in_one_statement``)."""

    state: str  # read only when the lease was taken (``revision`` not None); NULL otherwise
    revision: int | None
    recorded: bool
    seen: bool


class _TurnConnections:
    """PostgreSQL: pooled connections a store's turn statements reuse, one statement at a time
    each, instead of a checkout from the engine's pool and a check-in every statement (SQLAlchemy's
    pool and its events, a greenlet switch each way: ~150 us of CPU a statement, two a turn,
    against ~70 us for the statement itself on a quiet server).

    A statement takes the connection kept last (or checks one out of the pool when none is kept),
    and gives it back to be kept when fewer than TURN_CONNECTIONS_KEPT are, and the pool still
    has that many free for the rest of the process; otherwise to the pool. As the pool's own
    checkout does (engine.ping_when_idle), a kept connection idle POSTGRES_PING_IDLE_S or longer is
    pinged before its next statement, and one that fails its ping is dropped for a fresh checkout.
    One kept idle for RETURN_KEPT_AFTER_S goes back to the pool when the next statement ends (pinged
    first, so the pool's "used moments ago" holds for it). A connection whose statement failed
    other than by the server's refusal is invalidated (driven._on), never kept."""

    def __init__(self, engine: AsyncEngine, keep: int = TURN_CONNECTIONS_KEPT) -> None:
        self._engine = engine
        self._keep = keep
        self._kept: list[tuple[AsyncConnection, float]] = []  # (connection, idle since), newest last
        self._returning: set[asyncio.Task[None]] = set()
        self._closed = False
        self.reused = 0  # statements run on a kept connection (tests, bench)

    async def run(self, call: Callable[[Any], Awaitable[T]]) -> T:
        conn = await self._take()
        try:
            return await _on_connection(conn, call)
        finally:
            await self._give_back(conn)

    async def _take(self) -> AsyncConnection:
        while self._kept:
            conn, since = self._kept.pop()
            fresh = time.monotonic() - since < _engine_settings.POSTGRES_PING_IDLE_S
            if fresh or await self._alive(conn):
                self.reused += 1
                return conn
        return await self._engine.connect().start()

    @staticmethod
    async def _alive(conn: AsyncConnection) -> bool:
        """The pool's ping of a connection idle a while; one that fails is given back dropped."""
        try:
            await _on_connection(conn, lambda driver: driver.fetchrow(";"))
            return True
        except Exception:
            await conn.close()  # invalidated by _on_connection unless the server refused ";"
            return False

    async def _give_back(self, conn: AsyncConnection) -> None:
        if conn.invalidated or self._closed or len(self._kept) >= self._keep or self._pool_short():
            await conn.close()
        else:
            self._kept.append((conn, time.monotonic()))
        now = time.monotonic()
        while self._kept and now - self._kept[0][1] >= RETURN_KEPT_AFTER_S:
            stale, _ = self._kept.pop(0)
            returning = asyncio.create_task(self._return(stale))
            self._returning.add(returning)
            returning.add_done_callback(self._returning.discard)

    async def _return(self, conn: AsyncConnection) -> None:
        if await self._alive(conn):
            await conn.close()

    def _pool_short(self) -> bool:
        """Fewer than ``keep`` connections left in the pool for the rest of the process."""
        pool: Any = self._engine.sync_engine.pool
        size, checkedout = getattr(pool, "size", None), getattr(pool, "checkedout", None)
        if size is None or checkedout is None:  # not a queue pool (NullPool, ...): keep none
            return True
        return bool(size() - checkedout() < self._keep)

    async def close(self) -> None:
        self._closed = True
        kept, self._kept = self._kept, []
        for conn, _ in kept:
            await conn.close()
        if self._returning:
            await asyncio.gather(*self._returning, return_exceptions=True)


class _DrivenTurn:
    """PostgreSQL: a turn's two statements (the begin in one statement, the save's UPDATE) sent
    on a pooled connection's asyncpg connection itself, each alone in autocommit (no BEGIN /
    COMMIT, as before): the same SQL and values as through SQLAlchemy's execution, without its
    per-statement work on the event loop (the compiled cache's lookup, building the parameters,
    the cursor and result, a greenlet switch each way) -- about a third of a PostgreSQL turn's
    CPU in this process. The connection is one the store's turns keep (_TurnConnections) or one
    from the engine's pool (its checkout's ping when idle included); one that fails other than by
    the server's refusal of the statement (a dropped connection, a cancelled call) is
    invalidated, not kept nor pooled again."""

    def __init__(self, engine: AsyncEngine, sql: _Statements) -> None:
        assert sql.begin_one is not None
        self._engine = engine
        self._begin = _Driven(sql.begin_one, engine.dialect)
        self._save = {
            True: _Driven(sql.save_release, engine.dialect),
            False: _Driven(sql.save_keep, engine.dialect),
        }
        self.connections = _TurnConnections(engine) if KEEP_TURN_CONNECTIONS else None

    async def _run(self, call: Callable[[Any], Awaitable[T]]) -> T:
        if self.connections is not None:
            return await self.connections.run(call)
        return await _on_driver(self._engine, call)

    async def begin(self, values: dict[str, Any]) -> _Begun:
        statement = self._begin
        row = await self._run(lambda driver: driver.fetchrow(statement.sql, *statement.args(values)))
        return _Begun(row["state"], row["revision"], row["recorded"], row["seen"])

    async def save(self, release: bool, values: dict[str, Any]) -> int:
        """The rows the UPDATE changed (1, or 0 when the state moved on)."""
        statement = self._save[release]
        status = await self._run(lambda driver: driver.execute(statement.sql, *statement.args(values)))
        return int(str(status).rpartition(" ")[2] or 0)

    async def close(self) -> None:
        if self.connections is not None:
            await self.connections.close()


class _SqliteTurn:
    """A SQLite file: a turn's two transactions (record the event and take the lease with the
    state; the save's compare-and-set) on a sqlite3 connection of the store's own, on the event
    loop's thread (sqlite_direct.py): the same statements, values and transactions (BEGIN
    IMMEDIATE) as through SQLAlchemy's execution on the runner's inline connection, without its
    per-statement work -- about a third of a SQLite turn's CPU. When the database is locked, each
    says so (None) having kept nothing, and the store runs the transaction on its runner, which
    waits for the lock on a worker thread as before."""

    def __init__(self, engine: AsyncEngine, sql: _Statements) -> None:
        dialect = pysqlite_dialect(engine.url)
        self.db = DirectSqlite(engine.url)
        self._record = Compiled(sql.record, dialect, ("event_id", "seen_at"))
        self._take = Compiled(sql.take, dialect, _TAKING)
        self._save = {True: Compiled(sql.save_release, dialect), False: Compiled(sql.save_keep, dialect)}

    def begin(self, seen: dict[str, Any] | None, taking: dict[str, Any]) -> tuple[bool, Any]:
        """(True, the taken row: state, revision) or (False, None) when locked; _Rollback with
        the outcome (duplicate, busy) when the turn does not start, nothing kept."""
        record, take = self._record, self._take

        def begin(conn: Any) -> Any:
            # The event first: a redelivery is answered at once, even while a turn holds the lease.
            if seen is not None and record.run(conn, seen).rowcount != 1:
                raise _Rollback(TurnOpened.DUPLICATE)
            rows = take.run(conn, taking).fetchall()
            if not rows:
                raise _Rollback(TurnOpened.BUSY)  # and the event stays unrecorded, for the retry
            return rows[0]

        return self.db.write(begin)

    def save(self, release: bool, values: dict[str, Any]) -> bool | None:
        """Whether the compare-and-set changed the row (False: the state moved on), or None when
        locked."""
        statement = self._save[release]
        done, changed = self.db.write(lambda conn: statement.run(conn, values).rowcount == 1)
        return changed if done else None


def _sqlite_turn(engine: AsyncEngine, sql: _Statements) -> _SqliteTurn | None:
    """The direct SQLite turn, or None (the turn through SQLAlchemy's execution, as before) when
    the compiled internals it binds with (``Compiled``: a compiled statement's ``_bind_processors``,
    ``positiontup``, ``binds``) are not there or not of the shape expected, as a SQLAlchemy release
    may leave them: slower, never a store that cannot start."""
    try:
        return _SqliteTurn(engine, sql)
    except (InternalsChanged, AttributeError, KeyError, TypeError) as exc:
        logger.warning(
            "SQLite turns run through SQLAlchemy's execution: its compiled statements changed (%r)", exc
        )
        return None


class SqlStateStore:
    """Conversation state, event dedupe and single-use tokens in SQL tables.

    ``close()`` releases the worker threads and connections the store opened itself (SQLite file);
    the engine passed in stays the caller's to dispose.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        dialect = engine.dialect.name
        if dialect not in ("sqlite", "postgresql"):
            raise ValueError(f"unsupported database backend: {dialect}")
        self.engine = engine  # the alert store writes a check's card buttons here with its own
        self._sql = _Statements(dialect)
        # PostgreSQL: a turn's two statements, sent on the asyncpg connection itself (_DrivenTurn).
        self._driven: _DrivenTurn | None = (
            _DrivenTurn(engine, self._sql) if DRIVEN_TURN and self._sql.begin_one is not None else None
        )
        # A turn's transactions are a few statements: on a SQLite file they run on the event
        # loop's thread while the database is not locked (runner.py), not a hop to a thread each.
        self._runner = transaction_runner(engine, inline_first=True)
        # A SQLite file: a turn's two transactions on a sqlite3 connection of its own (_SqliteTurn).
        self._direct: _SqliteTurn | None = (
            _sqlite_turn(engine, self._sql)
            if DIRECT_SQLITE_TURN and dialect == "sqlite" and is_sqlite_file(engine.url)
            else None
        )
        self._events_since_prune = PRUNE_EVERY  # prune on the first event after start-up

    @property
    def direct_sqlite(self) -> DirectSqlite | None:
        """A SQLite file's connection for a turn's two transactions (None: through the runner)."""
        return None if self._direct is None else self._direct.db

    async def close(self) -> None:
        if self._driven is not None:
            await self._driven.close()
        if self._direct is not None:
            await self._direct.db.close()
        await self._runner.close()

    async def load_state(self, key: ConversationKey) -> ConversationState:
        def load(conn: Connection) -> str | None:
            return conn.execute(self._sql.load, {"k": key.as_str()}).scalar_one_or_none()

        raw = await self._runner.run(load, read_only=True)
        return ConversationState.model_validate_json(raw) if raw is not None else ConversationState()

    async def save_state(self, key: ConversationKey, state: ConversationState) -> None:
        """Overwrite the state outside any turn (tests, maintenance); a turn uses save_turn."""
        values = {**self._key_columns(key), "state": state.model_dump_json(), "updated_at": datetime.now(UTC)}

        def save(conn: Connection) -> None:
            conn.execute(self._sql.overwrite, {**values, "revision": 1})
            check_sealed_write(conn, values["state"])

        await self._runner.run(save)

    async def record_event(self, event_id: str, now: datetime) -> bool:
        def record(conn: Connection) -> bool:
            return conn.execute(self._sql.record, {"event_id": event_id, "seen_at": now}).rowcount == 1

        fresh = await self._runner.run(record)
        await self._after_event(now)
        return fresh

    async def begin_turn(
        self, key: ConversationKey, lease: Lease, event_id: str | None = None, seen_at: datetime | None = None
    ) -> TurnStart:
        sql = self._sql
        seen_at = seen_at or lease.now
        seen = {"event_id": event_id, "seen_at": seen_at}
        taking = {
            **self._key_columns(key),
            "state": EMPTY_STATE,
            "updated_at": seen_at,
            "revision": 0,
            "lease_holder": lease.holder,
            "lease_until": lease.until,
            "h": lease.holder,
            "now": lease.now,
        }

        if sql.begin_one is not None and event_id is not None:
            return await self._begin_in_one(
                key, lease, {**taking, **seen, "running_task": None, "cancel_task": None}
            )

        done, row = False, _NO_ROW
        if self._direct is not None:  # a SQLite file: on the store's own connection
            try:
                done, row = self._direct.begin(seen if event_id is not None else None, taking)
            except _Rollback as early:
                return TurnStart(early.outcome)

        def begin(conn: Connection) -> Row[Any]:
            # The event first: a redelivery is answered at once, even while a turn holds the lease.
            if event_id is not None and conn.execute(sql.record, seen).rowcount != 1:
                raise _Rollback(TurnOpened.DUPLICATE)
            row = conn.execute(sql.take, taking).first()
            if row is None:
                raise _Rollback(TurnOpened.BUSY)  # and the event stays unrecorded, for the retry
            return row

        if not done:  # locked (or no direct path): on the runner, which waits for the lock
            try:
                row = await self._runner.run(begin)
            except _Rollback as late:
                return TurnStart(late.outcome)
        if event_id is not None:
            await self._after_event(seen_at)
        state, revision = row  # RETURNING state, revision
        return TurnStart(TurnOpened.STARTED, ConversationState.model_validate_json(state), revision)

    async def _begin_in_one(self, key: ConversationKey, lease: Lease, values: dict[str, Any]) -> TurnStart:
        """PostgreSQL's begin_turn for a new event: one statement (``_begin_in_one_statement``)."""
        if self._driven is not None:
            row: Any = await self._driven.begin(values)
        else:
            statement = self._sql.begin_one
            assert statement is not None
            row = await self._runner.run(
                lambda conn: conn.execute(statement, values).one(), single_statement=True
            )
        if row.revision is not None and row.recorded:
            await self._after_event(values["seen_at"])
            return TurnStart(
                TurnOpened.STARTED, ConversationState.model_validate_json(row.state), row.revision
            )
        if row.revision is not None:  # taken for an event recorded meanwhile: give it back
            await self.release_lease(key, lease.holder)
            return TurnStart(TurnOpened.DUPLICATE)
        return TurnStart(TurnOpened.DUPLICATE if row.seen else TurnOpened.BUSY)

    async def save_turn(
        self, key: ConversationKey, state: ConversationState, revision: int, holder: str, *, release: bool
    ) -> int:
        statement = self._sql.save_release if release else self._sql.save_keep
        values = {
            "k": key.as_str(),
            "loaded": revision,
            "state": state.model_dump_json(),
            "updated_at": datetime.now(UTC),
        }

        sealed = bool(sealed_in(values["state"]))
        if not sealed and self._driven is not None:  # PostgreSQL: the one UPDATE, autocommitted
            if await self._driven.save(release, values) != 1:
                raise StaleState(key.as_str())
            return revision + 1
        if not sealed and self._direct is not None:  # a SQLite file: on its own connection
            changed = self._direct.save(release, values)
            if changed is not None:
                if not changed:
                    raise StaleState(key.as_str())
                return revision + 1

        def save(conn: Connection) -> None:
            if conn.execute(statement, values).rowcount != 1:
                raise StaleState(key.as_str())
            if sealed:  # a task's sealed answers: never under a retired key
                check_sealed_write(conn, values["state"])

        # Without a sealed value the save is its one UPDATE: no transaction around it needed.
        await self._runner.run(save, single_statement=not sealed)
        return revision + 1

    async def renew_lease(self, key: ConversationKey, holder: str, until: datetime) -> bool:
        params = {"k": key.as_str(), "h": holder, "until": until}
        return bool(await self._runner.run(lambda conn: conn.execute(self._sql.renew, params).rowcount))

    async def release_lease(self, key: ConversationKey, holder: str) -> None:
        params = {"k": key.as_str(), "h": holder}
        await self._runner.run(lambda conn: conn.execute(self._sql.release, params))

    async def mark_running(self, key: ConversationKey, holder: str, task_id: str | None) -> None:
        params = {"k": key.as_str(), "h": holder, "task": task_id}
        await self._runner.run(lambda conn: conn.execute(self._sql.mark_running, params))

    async def request_cancel(self, key: ConversationKey, now: datetime) -> bool:
        params = {"k": key.as_str(), "now": now}
        return bool(
            await self._runner.run(lambda conn: conn.execute(self._sql.request_cancel, params).rowcount)
        )

    async def cancel_requested(self, key: ConversationKey, task_id: str) -> bool:
        params = {"k": key.as_str(), "task": task_id}
        return (
            await self._runner.run(lambda conn: conn.execute(self._sql.cancel_requested, params).first())
            is not None
        )

    @staticmethod
    def _key_columns(key: ConversationKey) -> dict[str, Any]:
        return {
            "conversation_key": key.as_str(),
            "platform": key.platform,
            "chat_id": key.chat_id,
            "user_id": key.user_id,
            "thread_id": key.thread_id,
        }

    async def _after_event(self, now: datetime) -> None:
        self._events_since_prune += 1
        if self._events_since_prune >= PRUNE_EVERY:
            self._events_since_prune = 0
            try:
                await self.prune(now)
            except SQLAlchemyError as exc:  # housekeeping: never fail a turn for it
                logger.warning("pruning old events and tokens failed: %s", exc)

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None:
        if not tokens:
            return
        rows = token_rows(tokens)
        payloads = [row["payload"] for row in rows]

        def issue(conn: Connection) -> None:
            conn.execute(self._sql.issue, rows)
            check_sealed_write(conn, payloads)

        # Without a sealed value (an alert card's buttons) the INSERT of every row is the one
        # statement, atomic by itself: on PostgreSQL with no BEGIN / COMMIT around it. A sealed
        # one is checked against the database's key in the writing transaction.
        await self._runner.run(issue, single_statement=not sealed_in(payloads))

    async def claim_token(self, token: str, key: ConversationKey, now: datetime) -> TokenClaim:
        sql = self._sql
        where = key.as_str()

        def claim(conn: Connection) -> tuple[bool, Row[Any] | None]:
            """(claimed, the token's row); one transaction."""
            if sql.lock_group is not None:
                conn.execute(sql.lock_group, {"t": token})
            row = conn.execute(sql.claim, {"t": token, "k": where, "now": now}).first()
            if row is not None:
                # The other buttons of the same message are alternatives: spend them with this one.
                conn.execute(sql.spend_group, {"g": row.group_id, "now": now})
                return True, row
            return False, conn.execute(sql.read_token, {"t": token}).first()

        claimed, row = await self._runner.run(claim)
        if row is None:
            return TokenClaim(ClaimOutcome.NOT_FOUND)
        tok = _to_token(row)
        if claimed:
            return TokenClaim(ClaimOutcome.CLAIMED, tok, now)
        if row.conversation_key != where:
            return TokenClaim(ClaimOutcome.NOT_YOURS, tok)
        if row.used_at is not None:
            return TokenClaim(ClaimOutcome.USED, tok, row.used_at)
        return TokenClaim(ClaimOutcome.EXPIRED, tok)

    async def prune(self, now: datetime) -> None:
        """Delete events older than 48 h and tokens expired over 7 days ago (also runs by itself)."""

        def prune(conn: Connection) -> tuple[int, int]:
            events = conn.execute(self._sql.prune_events, {"cutoff": now - EVENT_RETENTION})
            tokens = conn.execute(self._sql.prune_tokens, {"cutoff": now - TOKEN_RETENTION})
            return events.rowcount, tokens.rowcount

        events, tokens = await self._runner.run(prune)
        if events or tokens:
            logger.debug("pruned %s events and %s tokens", events, tokens)


def _to_token(row: Row[Any]) -> ActionToken:
    return ActionToken(
        token=row.token,
        group_id=row.group_id,
        key=ConversationKey(
            platform=row.platform, chat_id=row.chat_id, user_id=row.user_id, thread_id=row.thread_id
        ),
        payload=json.loads(row.payload),
        created_at=row.created_at,
        expires_at=row.expires_at,
    )


def token_rows(tokens: Sequence[ActionToken]) -> list[dict[str, Any]]:
    """The ``action_tokens`` rows of ``tokens`` (also written by the alert store with a check's
    first start of delivery: price_alerts.SqlAlertStore.stores_buttons)."""
    return [
        {
            "token": tok.token,
            "group_id": tok.group_id,
            "conversation_key": tok.key.as_str(),
            "platform": tok.key.platform,
            "chat_id": tok.key.chat_id,
            "user_id": tok.key.user_id,
            "thread_id": tok.key.thread_id,
            # Strict JSON: a payload that would not survive a round trip fails here, not on click.
            "payload": json.dumps(tok.payload, ensure_ascii=False, allow_nan=False),
            "created_at": tok.created_at,
            "expires_at": tok.expires_at,
            "used_at": None,
        }
        for tok in tokens
    ]
