"""Counting what a store sends to the database: the SQL statements and the transactions (on
either backend, on any connection of this process: the runner's threads and aiosqlite's alike);
and the statements a store builds (``built``: a SELECT, INSERT, UPDATE or DELETE constructed
with its values costs more CPU than running it on SQLite; a hot path's are built once).

    with counted() as sql:
        await store.place_paper(...)
    assert sql.transactions == 1
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.sql import dml, selectable

from adapters.storage.driven import DrivenConnection


@dataclass
class Counted:
    statements: list[str] = field(default_factory=list)  # the first line of each, BEGIN excluded
    many: list[str] = field(default_factory=list)  # those sent as executemany (one per row set)
    transactions: int = 0
    # Each transaction's statements (by the connection it began on), in the order they began.
    grouped: list[list[str]] = field(default_factory=list)

    def together(self, prefix: str) -> list[list[str]]:
        """The transactions that ran a statement starting with ``prefix``."""
        return [g for g in self.grouped if any(s.startswith(prefix) for s in g)]

    def of(self, prefix: str) -> list[str]:
        return [s for s in self.statements if s.startswith(prefix)]


@contextmanager
def counted() -> Iterator[Counted]:
    found = Counted()
    open_on: dict[int, list[str]] = {}  # the transaction each connection is in

    def statement(conn: Any, cursor: Any, sql: str, params: Any, context: Any, executemany: bool) -> None:
        text = sql.strip().split("\n")[0]
        if text.upper().startswith("BEGIN"):
            return  # SQLite's BEGIN IMMEDIATE is sent as a statement; counted as a transaction
        found.statements.append(text)
        if executemany:
            found.many.append(text)
        group = open_on.get(id(conn))
        if group is None:  # no BEGIN seen (PostgreSQL autocommit): a transaction of its own
            found.grouped.append([text])
        else:
            group.append(text)

    def begin(conn: Any) -> None:
        found.transactions += 1
        found.grouped.append(group := [])
        open_on[id(conn)] = group

    def end(conn: Any) -> None:
        open_on.pop(id(conn), None)

    # PostgreSQL: a driven transaction's statements, sent on the asyncpg connection itself
    # (adapters.storage.driven.DrivenConnection): a transaction each connection given.
    original_init, original_driven = DrivenConnection.__init__, DrivenConnection._driven

    def driven_begin(self: DrivenConnection, *args: Any) -> None:
        original_init(self, *args)
        begin(self)

    def driven_statement(self: DrivenConnection, stmt: Any, keys: Any, many: bool) -> Any:
        one = original_driven(self, stmt, keys, many)
        statement(self, None, one.sql, None, None, many)
        return one

    ends = ("commit", "rollback")
    setattr(DrivenConnection, "__init__", driven_begin)  # noqa: B010
    setattr(DrivenConnection, "_driven", driven_statement)  # noqa: B010
    event.listen(Engine, "before_cursor_execute", statement)
    event.listen(Engine, "begin", begin)
    for name in ends:
        event.listen(Engine, name, end)
    try:
        yield found
    finally:
        setattr(DrivenConnection, "__init__", original_init)  # noqa: B010
        setattr(DrivenConnection, "_driven", original_driven)  # noqa: B010
        event.remove(Engine, "before_cursor_execute", statement)
        event.remove(Engine, "begin", begin)
        for name in ends:
            event.remove(Engine, name, end)


@dataclass
class Built:
    count: int = 0


@contextmanager
def built() -> Iterator[Built]:
    """How many statements (SELECT, INSERT, UPDATE, DELETE) were constructed while inside."""
    found = Built()
    classes: list[Any] = [selectable.Select, dml.Insert, dml.Update, dml.Delete]
    originals = [cls.__init__ for cls in classes]

    def counting(original: Any) -> Any:
        def init(self: Any, *args: Any, **kwargs: Any) -> None:
            found.count += 1
            original(self, *args, **kwargs)

        return init

    for cls, original in zip(classes, originals, strict=True):
        cls.__init__ = counting(original)
    try:
        yield found
    finally:
        for cls, original in zip(classes, originals, strict=True):
            cls.__init__ = original
