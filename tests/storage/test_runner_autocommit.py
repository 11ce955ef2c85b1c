"""The PostgreSQL runner's single statements are sent in autocommit (no BEGIN, no COMMIT: counted on
the wire by test_turn_cost_postgresql), set on the driver's connection for the statement alone:
the pooled connection goes back as it was, and a transaction run on it next rolls back whole."""

from __future__ import annotations

import pytest
from sqlalchemy import Connection, text

from adapters.storage.engine import create_engine
from adapters.storage.runner import AsyncEngineRunner

pytestmark = pytest.mark.postgres


class Boom(Exception):
    pass


async def test_a_single_statement_is_autocommitted_and_the_connection_given_back_as_it_was(
    pg_migrated_url: str,
) -> None:
    engine = create_engine(pg_migrated_url, pool_size=1, max_overflow=0)  # one connection, reused
    runner = AsyncEngineRunner(engine)
    try:
        await runner.run(lambda c: c.execute(text("CREATE TEMP TABLE IF NOT EXISTS t (n int)")))
        await runner.run(lambda c: c.execute(text("INSERT INTO t VALUES (1)")), single_statement=True)

        def two_then_fail(conn: Connection) -> None:
            conn.execute(text("INSERT INTO t VALUES (2)"))
            conn.execute(text("INSERT INTO t VALUES (3)"))
            raise Boom

        with pytest.raises(Boom):
            await runner.run(two_then_fail)  # on the same connection: a transaction again
        rows = await runner.run(lambda c: sorted(r.n for r in c.execute(text("SELECT n FROM t"))))
        assert rows == [1]  # the autocommitted one kept, the failed transaction's two rolled back
    finally:
        await engine.dispose()
