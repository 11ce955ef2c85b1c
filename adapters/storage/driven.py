"""PostgreSQL: a hot statement sent on a pooled connection's asyncpg connection itself, not through
SQLAlchemy's execution (whose per-statement work on the event loop -- the compiled cache's lookup,
building the parameters, the cursor and result, a greenlet switch each way -- costs more CPU than
the statement's own round trip on a quiet server). The same SQL and values: compiled once for the
engine's dialect, bound by SQLAlchemy's own bind processors. Used by a turn's two statements
(state_store._DrivenTurn), and a check's record, claim and each firing's start of delivery
(price_alerts)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

T = TypeVar("T")


class Driven:
    """A statement compiled once for the engine's dialect (asyncpg), with what binding a call's
    values takes: its SQL text, and each positional parameter's name, default and bind processor
    (SQLAlchemy's own, so the values sent are the ones its execution would send)."""

    def __init__(self, statement: Any, dialect: Any) -> None:
        compiled = statement.compile(dialect=dialect)
        if compiled.post_compile_params:  # e.g. an IN of values: expanded when run, not here
            raise ValueError(f"a statement with parameters expanded when run: {compiled.string}")
        self.sql: str = compiled.string
        binds, processors = compiled.binds, compiled._bind_processors
        self._params = tuple(
            (name, binds[name].required, binds[name].effective_value, processors.get(name))
            for name in compiled.positiontup or ()
        )
        # Its result's columns, in order: the column objects each answers to and SQLAlchemy's
        # own result processor of its type (e.g. UTCDateTime's), so rows read as its result's.
        self._columns = tuple(
            (
                tuple(o for o in entry.objects if not isinstance(o, str)),
                entry.type._cached_result_processor(dialect, None),
            )
            for entry in compiled._result_columns
        )

    def args(self, values: dict[str, Any]) -> list[Any]:
        out = []
        for name, required, default, process in self._params:
            value = values[name] if required or name in values else default
            out.append(process(value) if process is not None else value)
        return out

    def rows(self, records: Iterable[Any]) -> list[DrivenRow]:
        """asyncpg's records of the statement as rows whose ``_mapping`` is keyed by the result's
        column objects, each value processed as SQLAlchemy's result processes it."""
        columns = self._columns
        out = []
        for record in records:
            mapping: dict[Any, Any] = {}
            for (objects, process), value in zip(columns, record, strict=True):
                if process is not None:
                    value = process(value)
                for column in objects:
                    mapping[column] = value
            out.append(DrivenRow(mapping))
        return out


class DrivenRow:
    """A row of a driven statement's result: its values by column object (as a Row's
    ``_mapping`` is read by the column objects of the statement)."""

    __slots__ = ("_mapping",)

    def __init__(self, mapping: dict[Any, Any]) -> None:
        self._mapping = mapping


async def on_driver(engine: AsyncEngine, call: Callable[[Any], Awaitable[T]]) -> T:
    """``call`` with a pooled connection's asyncpg connection, alone in autocommit (asyncpg's
    default: SQLAlchemy begins its transactions itself). The connection comes from, and goes back
    to, the engine's pool (its checkout's ping when idle included)."""
    async with engine.connect() as conn:
        return await _on(conn, call)


async def _on(conn: AsyncConnection, call: Callable[[Any], Awaitable[T]]) -> T:
    """``call`` with ``conn``'s asyncpg connection. One that fails other than by the server's
    refusal of the statement (a dropped connection, a cancelled call) is invalidated, not pooled
    again."""
    from asyncpg import PostgresError  # only on PostgreSQL, whose driver it is

    sync = conn.sync_connection
    assert sync is not None
    driver = sync.connection.driver_connection
    try:
        return await call(driver)
    except BaseException as exc:
        # The connection's state is unknown (not the server's refusal), or the server has ended
        # it: asyncpg reports a terminated backend as a PostgresError too (57P01 admin shutdown,
        # 08xxx connection errors), and a connection pooled again after it fails the next turn.
        if not isinstance(exc, PostgresError) or _ended(exc) or driver is None or driver.is_closed():
            await conn.invalidate()
        raise


def _ended(exc: BaseException) -> bool:
    """The server ended the connection: SQLSTATE class 08 (connection exception) or 57P
    (operator intervention: shut down, terminated, database dropped, idle session timeout)."""
    state = getattr(exc, "sqlstate", None) or ""
    return state.startswith(("08", "57P"))


class Held:
    """``on_driver`` for a run of statements one after another (a check's deliveries, a statement
    each): within ``holding()``, the task's statements share one pooled connection, taken at the
    first and given back at the end, in place of one taken from the pool and given back each
    (about 0.1 ms of CPU a statement). Each statement is still alone in autocommit: durable when
    it returns. Other tasks are not in the holding task's context and take their own."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._slot: ContextVar[list[AsyncConnection] | None] = ContextVar("held connection", default=None)

    @asynccontextmanager
    async def holding(self) -> AsyncIterator[None]:
        slot: list[AsyncConnection] = []
        token = self._slot.set(slot)
        try:
            yield
        finally:
            self._slot.reset(token)
            for conn in slot:
                await conn.close()

    async def run(self, call: Callable[[Any], Awaitable[T]]) -> T:
        slot = self._slot.get()
        if slot is None:
            return await on_driver(self._engine, call)
        if slot and slot[0].invalidated:  # it failed: the next statement takes another
            await slot.pop().close()
        if not slot:
            slot.append(await self._engine.connect().start())
        return await _on(slot[0], call)
