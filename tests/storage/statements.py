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


@dataclass
class Counted:
    statements: list[str] = field(default_factory=list)  # the first line of each, BEGIN excluded
    many: list[str] = field(default_factory=list)  # those sent as executemany (one per row set)
    transactions: int = 0

    def of(self, prefix: str) -> list[str]:
        return [s for s in self.statements if s.startswith(prefix)]


@contextmanager
def counted() -> Iterator[Counted]:
    found = Counted()

    def statement(conn: Any, cursor: Any, sql: str, params: Any, context: Any, executemany: bool) -> None:
        text = sql.strip().split("\n")[0]
        if text.upper().startswith("BEGIN"):
            return  # SQLite's BEGIN IMMEDIATE is sent as a statement; counted as a transaction
        found.statements.append(text)
        if executemany:
            found.many.append(text)

    def begin(conn: Any) -> None:
        found.transactions += 1

    event.listen(Engine, "before_cursor_execute", statement)
    event.listen(Engine, "begin", begin)
    try:
        yield found
    finally:
        event.remove(Engine, "before_cursor_execute", statement)
        event.remove(Engine, "begin", begin)


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
