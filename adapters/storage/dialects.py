"""What the tables and stores need of SQLAlchemy's PostgreSQL dialect, loaded only on PostgreSQL.

Importing that dialect costs a SQLite process some 20 ms of its start (`deskmate ask`), and two
things pulled it in on every backend: the ``postgresql.insert`` of the stores' ON CONFLICT
statements, and the ``postgresql_where`` of the partial indexes (SQLAlchemy loads a dialect to
check its options). Here the insert is imported when a PostgreSQL store asks for it, and a
partial index gets its PostgreSQL condition when the process makes its first PostgreSQL engine
(``adapters.storage.engine.create_engine``), before that engine runs or compares any DDL: the
schema on PostgreSQL is the same as with the option written in the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Index, Table
from sqlalchemy.dialects import sqlite

_PARTIAL: list[tuple[Index, Any]] = []  # every partial index and its condition
_on_postgresql = False


def partial_index(name: str, *columns: str, where: Any, unique: bool = False) -> Index:
    """An index of the rows ``where`` holds, on SQLite and on PostgreSQL."""
    index = Index(name, *columns, unique=unique, sqlite_where=where)
    _PARTIAL.append((index, where))
    if _on_postgresql:
        index.dialect_kwargs["postgresql_where"] = where
    return index


def use_postgresql() -> None:
    """Give every partial index its PostgreSQL condition (those defined later get it at once)."""
    global _on_postgresql
    _on_postgresql = True
    for index, where in _PARTIAL:
        index.dialect_kwargs["postgresql_where"] = where


def insert_for(dialect: str) -> Callable[[Table], Any]:
    """The INSERT with ON CONFLICT clauses of ``dialect`` ("postgresql", else SQLite's)."""
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert  # only on PostgreSQL (see above)

        return insert
    return sqlite.insert
