"""Counting what a store sends to the database: the SQL statements and the transactions (on
either backend, on any connection of this process: the runner's threads and aiosqlite's alike).

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
