"""Alembic environment for deskmate.

Two ways in:
- programmatic (adapters.storage.migrate): the caller opens the connection on its own async
  engine and hands the sync side over in ``config.attributes["connection"]`` (the run_sync
  pattern), so this file never starts an event loop of its own;
- the plain ``alembic`` command from the repository root: an engine is built here from
  DESKMATE_DATABASE_URL or alembic.ini's ``sqlalchemy.url`` and driven with asyncio.run.
"""

from __future__ import annotations

import asyncio
import os
from logging.config import fileConfig
from typing import Any

from alembic import context
from sqlalchemy.engine import Connection

from adapters.storage.migrate import load_metadata, migration_engine

config = context.config

if config.config_file_name is not None and config.attributes.get("configure_logging", True):
    # Only for the alembic command: inside deskmate the application owns logging.
    fileConfig(config.config_file_name, disable_existing_loggers=False)

# Every storage module registers its tables on the one Base; load_metadata imports them all so
# autogenerate sees the whole schema, including tables added by modules this file does not name.
target_metadata = load_metadata()


def _url() -> str:
    url = config.attributes.get("url") or os.environ.get("DESKMATE_DATABASE_URL")
    return url or config.get_main_option("sqlalchemy.url") or ""


def _configure(**kwargs: Any) -> None:
    url = _url()
    context.configure(
        target_metadata=target_metadata,
        # SQLite can barely ALTER; batch mode rebuilds the table instead.
        render_as_batch=url.startswith("sqlite"),
        compare_type=True,
        **kwargs,
    )


def _run_on(connection: Connection) -> None:
    # migration_engine() gives SQLite real transactions, so DDL can be rolled back there too.
    _configure(connection=connection, transactional_ddl=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_with_own_engine() -> None:
    engine = migration_engine(_url())
    try:
        async with engine.connect() as conn:
            await conn.run_sync(_run_on)
            await conn.commit()
    finally:
        await engine.dispose()


def run_migrations_offline() -> None:
    """``alembic upgrade --sql``: print the SQL instead of running it."""
    _configure(url=_url(), literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run_on(connection)
    else:
        asyncio.run(_run_with_own_engine())


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
