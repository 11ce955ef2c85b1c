"""The PostgreSQL dialect is loaded only on PostgreSQL, and the schema there stays the same: a
PostgreSQL engine gives the partial indexes their condition before any DDL."""

from __future__ import annotations

from sqlalchemy import Table, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Dialect
from sqlalchemy.schema import CreateIndex

from adapters.storage import dialects
from adapters.storage.engine import create_engine
from adapters.storage.jobs import jobs
from adapters.storage.strategies import strategies


def _ddl(table: Table, name: str, dialect: Dialect) -> str:
    (index,) = [i for i in table.indexes if i.name == name]
    return str(CreateIndex(index).compile(dialect=dialect))


def test_a_postgresql_engine_gives_the_partial_indexes_their_condition() -> None:
    pg = create_engine("postgresql+asyncpg://deskmate@127.0.0.1:5432/deskmate")  # connects to nothing yet
    lite = create_engine("sqlite+aiosqlite://")
    for dialect in (pg.dialect, lite.dialect):
        assert _ddl(jobs, "uq_jobs_dedupe_key_live", dialect).endswith(
            "ON jobs (dedupe_key) WHERE status IN ('pending', 'running')"
        )
        assert _ddl(strategies, "uq_strategies_owner_default", dialect).endswith(
            "ON strategies (owner) WHERE is_default"
        )


def test_an_index_defined_after_the_engine_gets_its_condition_at_once() -> None:
    dialects.use_postgresql()
    where = text("x > 0")
    index = dialects.partial_index("ix_later", "x", where=where)
    assert index.dialect_options["postgresql"]["where"] is where
    assert index.dialect_options["sqlite"]["where"] is where


def test_insert_for_each_backend() -> None:
    assert dialects.insert_for("postgresql") is postgresql.insert
    assert dialects.insert_for("sqlite") is sqlite.insert
