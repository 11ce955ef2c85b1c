"""PostgreSQL: a hot statement sent on a pooled connection's asyncpg connection itself, not through
SQLAlchemy's execution (whose per-statement work on the event loop -- the compiled cache's lookup,
building the parameters, the cursor and result, a greenlet switch each way -- costs more CPU than
the statement's own round trip on a quiet server). The same SQL and values: compiled once for the
engine's dialect, bound by SQLAlchemy's own bind processors. Used by a turn's two statements
(state_store._DrivenTurn), and a check's record, claim and each firing's start of delivery
(price_alerts).

Binding and reading so reads SQLAlchemy's compiled internals (a compiled statement's
``_bind_processors`` and ``_result_columns``, a type's cached result processor), which a minor
release may change. A statement whose internals are missing or not of the shape expected is
sent through SQLAlchemy's own execution instead (``Driven.native`` False: the connection given to
the call is then a ``_Fallback``, which runs it as SQLAlchemy would, alone and committed), with
the same results, a little slower; a warning says so once."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

logger = logging.getLogger(__name__)

T = TypeVar("T")

# The statements sent through SQLAlchemy's own execution, by their SQL (see the module's doc):
# those whose compiled internals this SQLAlchemy does not have as expected. Empty, calls get the
# asyncpg connection itself.
_FALLBACK: dict[str, Any] = {}


class InternalsChanged(Exception):
    """SQLAlchemy's compiled internals are missing or not of the shape expected."""


# A positional parameter: its name, whether a value must be given, its default, its bind processor.
Param = tuple[str, bool, Any, Any]


def bound_params(compiled: Any, names: Sequence[str]) -> tuple[Param, ...]:
    """Each positional parameter's (name, required, default, bind processor), read from
    SQLAlchemy's compiled internals: what binding a call's values takes, so the values sent are
    the ones its execution would send (e.g. a UTCDateTime as its text on SQLite). InternalsChanged
    when they are missing or not of the shape expected."""
    try:
        binds, processors = compiled.binds, compiled._bind_processors
        if not isinstance(processors, Mapping):
            raise InternalsChanged(f"_bind_processors {type(processors).__name__}")
        params = tuple(
            (name, bool(binds[name].required), binds[name].effective_value, processors.get(name))
            for name in names
        )
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise InternalsChanged(f"{type(exc).__name__}: {exc}") from None
    if any(p is not None and not callable(p) for *_, p in params):
        raise InternalsChanged("a bind processor that is not callable")
    return params


def bind(params: Sequence[Param], values: dict[str, Any]) -> list[Any]:
    """A call's values in positional order, defaults filled in and bind processors applied."""
    out = []
    for name, required, default, process in params:
        value = values[name] if required or name in values else default
        out.append(process(value) if process is not None else value)
    return out


class Driven:
    """A statement compiled once for the engine's dialect (asyncpg), with what binding a call's
    values takes: its SQL text, and each positional parameter's name, default and bind processor
    (SQLAlchemy's own, so the values sent are the ones its execution would send)."""

    def __init__(
        self,
        statement: Any,
        dialect: Any,
        column_keys: Sequence[str] | None = None,
        *,
        for_executemany: bool = False,
    ) -> None:
        # ``column_keys``: the keys of a call's values, as SQLAlchemy's execution compiles a
        # statement for them (an INSERT or UPDATE without .values() sets the columns named).
        compiled = statement.compile(
            dialect=dialect,
            column_keys=None if column_keys is None else sorted(column_keys),
            for_executemany=for_executemany,
        )
        if compiled.post_compile_params:  # e.g. an IN of values: expanded when run, not here
            raise ValueError(f"a statement with parameters expanded when run: {compiled.string}")
        self.sql: str = compiled.string
        self.statement = statement
        names = tuple(compiled.positiontup or ())
        binds = compiled.binds
        try:
            self._params, self._columns = _internals(compiled, names, dialect)
            self.keys: tuple[str, ...] = _keys(compiled)
            self.native = True
        except InternalsChanged as exc:
            # SQLAlchemy's own execution binds and reads it: the values as given (its defaults
            # filled in here as there), the rows as its result's.
            if not _FALLBACK:
                logger.warning(
                    "SQLAlchemy's compiled internals changed (%s): statements go through its execution", exc
                )
            self._params = tuple(
                (name, binds[name].required, binds[name].effective_value, None) for name in names
            )
            self._columns = ()
            self.keys = ()
            self.native = False
            _FALLBACK[self.sql] = (statement, names)

    def args(self, values: dict[str, Any]) -> list[Any]:
        return bind(self._params, values)

    def rows(self, records: Iterable[Any]) -> list[DrivenRow]:
        """asyncpg's records of the statement as rows whose ``_mapping`` is keyed by the result's
        column objects, each value processed as SQLAlchemy's result processes it (through its
        execution: its rows' own mappings)."""
        if not self.native:
            return [DrivenRow(record.row._mapping) for record in records]
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

    def named(self, records: Iterable[Any]) -> list[NamedRow]:
        """asyncpg's records of the statement as rows read by column name, as a Row of
        SQLAlchemy's execution is (``row.status``), each value processed as its result does."""
        keys, columns = self.keys, self._columns
        return [
            NamedRow(
                {
                    key: process(value) if process is not None else value
                    for key, (_, process), value in zip(keys, columns, record, strict=True)
                }
            )
            for record in records
        ]


def _internals(
    compiled: Any, names: Sequence[str], dialect: Any
) -> tuple[tuple[Param, ...], tuple[tuple[tuple[Any, ...], Any], ...]]:
    """Each positional parameter's (name, required, default, bind processor) and each result
    column's (column objects, result processor), read from SQLAlchemy's compiled internals.
    InternalsChanged when they are missing or not of the shape expected."""
    params = bound_params(compiled, names)
    try:
        entries = compiled._result_columns
        if not isinstance(entries, Sequence):
            raise InternalsChanged(f"_result_columns {type(entries).__name__}")
        # Its result's columns, in order: the column objects each answers to and SQLAlchemy's
        # own result processor of its type (e.g. UTCDateTime's), so rows read as its result's.
        columns = tuple(
            (
                tuple(o for o in entry.objects if not isinstance(o, str)),
                entry.type._cached_result_processor(dialect, None),
            )
            for entry in entries
        )
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise InternalsChanged(f"{type(exc).__name__}: {exc}") from None
    if any(p is not None and not callable(p) for _, p in columns):
        raise InternalsChanged("a result processor that is not callable")
    return params, columns


def _keys(compiled: Any) -> tuple[str, ...]:
    """Each result column's name, as a Row of SQLAlchemy's execution is read by attribute."""
    try:
        keys = tuple(entry.keyname for entry in compiled._result_columns)
    except (AttributeError, TypeError) as exc:
        raise InternalsChanged(f"{type(exc).__name__}: {exc}") from None
    if not all(isinstance(k, str) for k in keys):
        raise InternalsChanged("a result column without a name")
    return keys


class DrivenRow:
    """A row of a driven statement's result: its values by column object (as a Row's
    ``_mapping`` is read by the column objects of the statement)."""

    __slots__ = ("_mapping",)

    def __init__(self, mapping: Mapping[Any, Any]) -> None:
        self._mapping = mapping


class _Record:
    """A row of SQLAlchemy's execution as asyncpg's Record is read: by position or by name."""

    __slots__ = ("row",)

    def __init__(self, row: Any) -> None:
        self.row = row

    def __getitem__(self, key: int | str) -> Any:
        return self.row[key] if isinstance(key, int) else self.row._mapping[key]

    def __len__(self) -> int:
        return len(self.row)

    def __iter__(self) -> Any:
        return iter(self.row)


class _Fallback:
    """What a call is given in place of the asyncpg connection while some statements go through
    SQLAlchemy's execution (``_FALLBACK``): those it runs on the pooled connection, alone and
    committed, as the driver's autocommit would; any other goes to the asyncpg connection."""

    def __init__(self, conn: AsyncConnection, driver: Any) -> None:
        self._conn = conn
        self._driver = driver

    async def _run(self, sql: str, args: Sequence[Any]) -> Any:
        statement, names = _FALLBACK[sql]
        conn = self._conn
        try:
            result = await conn.execute(statement, dict(zip(names, args, strict=True)))
            rows = [_Record(row) for row in result.all()] if result.returns_rows else []
            await conn.commit()
        except BaseException as exc:
            await conn.rollback()
            # The driver's own error, as the asyncpg connection would raise it (SQLAlchemy wraps
            # it): a refusal by the server keeps the connection (_on).
            cause = getattr(getattr(exc, "orig", None), "__cause__", None)
            if isinstance(cause, Exception) and type(cause).__module__.startswith("asyncpg"):
                raise cause from exc
            raise
        return result, rows

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        if sql not in _FALLBACK:
            return list(await self._driver.fetch(sql, *args))
        return list((await self._run(sql, args))[1])

    async def fetchrow(self, sql: str, *args: Any) -> Any:
        if sql not in _FALLBACK:
            return await self._driver.fetchrow(sql, *args)
        rows = (await self._run(sql, args))[1]
        return rows[0] if rows else None

    async def execute(self, sql: str, *args: Any) -> str:
        if sql not in _FALLBACK:
            return str(await self._driver.execute(sql, *args))
        result, _ = await self._run(sql, args)
        verb = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
        return f"{'INSERT 0' if verb == 'INSERT' else verb} {max(result.rowcount, 0)}"

    def is_closed(self) -> bool:
        return bool(self._driver.is_closed())


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
        return await call(_Fallback(conn, driver) if _FALLBACK else driver)
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


# -- a transaction's statements on the asyncpg connection itself --------------------------------


class NotDriven(Exception):
    """A statement of a driven transaction that cannot be sent on the asyncpg connection (its
    compiled internals are not as expected, or it has parameters expanded when run): the
    transaction is rolled back, nothing kept, and run whole through SQLAlchemy's execution."""


class NamedRow:
    """A row of a driven transaction's statement, read by column name as a Row is."""

    __slots__ = ("_values",)

    def __init__(self, values: dict[str, Any]) -> None:
        self._values = values

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, index: int) -> Any:
        return tuple(self._values.values())[index]


class DrivenResult:
    """What ``DrivenConnection.execute`` returns: the part of a CursorResult the transaction
    functions read (``first``, ``one``, ``all``, ``scalar``, ``rowcount``)."""

    __slots__ = ("_rows", "rowcount")

    def __init__(self, rows: list[NamedRow], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    def first(self) -> NamedRow | None:
        return self._rows[0] if self._rows else None

    def one(self) -> NamedRow:
        from sqlalchemy.exc import MultipleResultsFound, NoResultFound

        if not self._rows:
            raise NoResultFound("No row was found when one was required")
        if len(self._rows) > 1:
            raise MultipleResultsFound("Multiple rows were found when exactly one was required")
        return self._rows[0]

    def all(self) -> list[NamedRow]:
        return list(self._rows)

    def scalar(self) -> Any:
        return self._rows[0][0] if self._rows else None


_TRANSACTION_STATEMENTS = 512  # compiled statements kept (by statement and keys) before starting over


class DrivenConnection:
    """In place of a sync Connection for a transaction function (a plain function of a
    ``Connection``: adapters.storage.runner), inside ``driven_transaction``: each statement
    compiled as SQLAlchemy's execution compiles it for the call's keys (once per statement and
    keys) and sent on the asyncpg connection itself, from the greenlet SQLAlchemy's own
    run_sync uses (``await_only``). A statement that cannot be raises NotDriven."""

    def __init__(self, driver: Any, dialect: Any, compiled: dict[Any, Driven]) -> None:
        self._driver = driver
        self.dialect = dialect
        self._compiled = compiled
        self.statements = 0  # sent (tests)

    def _driven(self, statement: Any, keys: Iterable[str], many: bool) -> Driven:
        key = (statement, frozenset(keys), many)
        driven = self._compiled.get(key)
        if driven is None:
            try:
                driven = Driven(statement, self.dialect, list(key[1]), for_executemany=many)
            except ValueError as exc:  # parameters expanded when run
                raise NotDriven(str(exc)) from None
            if not driven.native:
                raise NotDriven(driven.sql)
            if len(self._compiled) >= _TRANSACTION_STATEMENTS:
                self._compiled.clear()
            self._compiled[key] = driven
        return driven

    def execute(
        self, statement: Any, parameters: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None
    ) -> DrivenResult:
        from sqlalchemy.util import await_only

        self.statements += 1
        driver = self._driver
        if isinstance(parameters, Sequence) and len(parameters) > 1:
            many = self._driven(statement, parameters[0], True)
            await_only(driver.executemany(many.sql, [many.args(dict(p)) for p in parameters]))
            return DrivenResult([], -1)
        values = dict(parameters[0] if isinstance(parameters, Sequence) else parameters or {})
        one = self._driven(statement, values, False)
        args = one.args(values)
        if one.keys:
            rows = one.named(await_only(driver.fetch(one.sql, *args)))
            return DrivenResult(rows, len(rows))
        status = str(await_only(driver.execute(one.sql, *args)))
        count = status.rpartition(" ")[2]
        return DrivenResult([], int(count) if count.isdecimal() else -1)


async def driven_transaction(
    run: Callable[[Callable[[Any], Awaitable[Any]]], Awaitable[Any]],
    dialect: Any,
    compiled: dict[Any, Driven],
    fn: Callable[[Any], T],
) -> T:
    """``fn`` (a transaction function of a sync Connection) in one transaction on an asyncpg
    connection itself (``run``: on_driver, Held.run or a store's kept connections): BEGIN as
    SQLAlchemy's execution begins it (the connection's own isolation level, read only and
    deferrable settings), its statements through a DrivenConnection, COMMIT when it returns,
    ROLLBACK when it raises (a connection whose rollback fails is invalidated by ``_on``, never
    pooled again with a transaction open). NotDriven when a statement cannot be sent so, after
    the rollback: the caller runs ``fn`` through SQLAlchemy's execution."""
    from sqlalchemy.util import greenlet_spawn

    if _FALLBACK:  # SQLAlchemy's internals are known changed: not one connection taken for nothing
        raise NotDriven("SQLAlchemy's compiled internals changed")
    begin = _begin_as(dialect)
    refused: list[str] = []

    async def call(driver: Any) -> Any:
        if isinstance(driver, _Fallback):  # statements go through SQLAlchemy's execution meanwhile
            refused.append("SQLAlchemy's compiled internals changed")
            return None
        transaction = driver.transaction(**begin)
        await transaction.start()
        try:
            value = await greenlet_spawn(fn, DrivenConnection(driver, dialect, compiled))
        except NotDriven as exc:  # nothing kept; the connection is as it was (not invalidated)
            await transaction.rollback()
            refused.append(str(exc))
            return None
        except BaseException:
            await transaction.rollback()
            raise
        await transaction.commit()
        return value

    value = await run(call)
    if refused:
        raise NotDriven(refused[0])
    return value  # type: ignore[no-any-return]


def _begin_as(dialect: Any) -> dict[str, Any]:
    """asyncpg's transaction() arguments as SQLAlchemy's asyncpg adapter begins a transaction on
    a connection fresh from the pool (no execution options): the engine's isolation level, not
    read only, not deferrable. With no isolation level set (the server's default, as deskmate's
    engines are made) it is a plain BEGIN; any other: NotDriven (its name is the dialect's to map)."""
    isolation = getattr(dialect, "isolation_level", None)
    if isolation is not None:
        raise NotDriven(f"an engine isolation level: {isolation}")
    return {"isolation": None, "readonly": False, "deferrable": False}
