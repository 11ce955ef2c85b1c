"""SqlMarketWeightStore: core.market_guard.WeightStore on one small table.

One row per (market source, UTC minute): the request weight every process has used in it. A
take is one statement — INSERT ... ON CONFLICT DO UPDATE SET used = used + w WHERE used + w <=
limit RETURNING used — so two processes taking at once are serialized by the row (PostgreSQL)
or the write lock (SQLite), and the sum never passes the limit. The first take of a minute
deletes the source's rows older than KEEP_MINUTES.

A take comes with every call to the exchange (a live price, a trader's tick, an alert check): its
statements are built once, their values go as parameters, and they run on the short-transaction
runner (adapters.storage.runner: on a SQLite file inline, one transaction and no thread hop; on
PostgreSQL the take alone, one round trip with no BEGIN and COMMIT around it). When the guard's
cached read of the source's block (adapters/storage/market_blocks.py) is stale, the block is read
with the take (take_unless_blocked): on PostgreSQL the read, the prune and the take are one
statement, the take made only while no block is on.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import BigInteger, Connection, Integer, Row, String, Table, bindparam, delete, select, text
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.market_blocks import SqlMarketBlockStore, market_blocks
from adapters.storage.runner import shared_runner
from adapters.storage.tables import Base, UTCDateTime
from core.market import MAX_RETRY_AFTER_SECONDS
from core.market_guard import MarketBlock

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

KEEP_MINUTES = 10


class MarketWeightRow(Base):
    __tablename__ = "market_weights"

    source: Mapped[str] = mapped_column(String, primary_key=True)
    minute: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    used: Mapped[int] = mapped_column(Integer)


market_weights = cast(Table, MarketWeightRow.__table__)


class SqlMarketWeightStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._runner = shared_runner(engine)
        c = market_weights.c
        weight = bindparam("_weight", type_=Integer)
        take = insert_for(engine.dialect.name)(market_weights).values(
            source=bindparam("_source"), minute=bindparam("_minute"), used=weight
        )
        self._take = take.on_conflict_do_update(
            index_elements=[c.source, c.minute],
            set_={"used": c.used + weight},
            where=c.used + weight <= bindparam("_limit", type_=Integer),
        ).returning(c.used)
        self._prune = delete(market_weights).where(
            c.source == bindparam("_source"), c.minute < bindparam("_before", type_=BigInteger)
        )
        b = market_blocks.c
        self._blocks = SqlMarketBlockStore(engine)
        self._block = select(b.until, b.reason, b.recorded_at).where(b.source == bindparam("_source"))
        # PostgreSQL: the block read, the prune and the take (only while no block is on) in one
        # statement; its one row has the take's new sum (NULL: not taken) and the block, if any.
        self._together = (
            None
            if engine.dialect.name != "postgresql"
            else text(
                "WITH blocked AS (SELECT until, reason, recorded_at FROM market_blocks"
                " WHERE source = :_source),"
                " pruned AS (DELETE FROM market_weights WHERE source = :_source AND minute < :_before),"
                " took AS (INSERT INTO market_weights (source, minute, used)"
                " SELECT :_source, :_minute, :_weight WHERE NOT EXISTS (SELECT 1 FROM blocked"
                " WHERE until > :_now AND recorded_at > :_recorded_after)"
                " ON CONFLICT (source, minute) DO UPDATE SET used = market_weights.used + excluded.used"
                " WHERE market_weights.used + excluded.used <= :_limit RETURNING used)"
                " SELECT (SELECT used FROM took) AS used, blocked.until, blocked.reason, blocked.recorded_at"
                " FROM (SELECT 1) AS one LEFT JOIN blocked ON true"
            )
            .bindparams(
                bindparam("_source", type_=String),
                bindparam("_minute", type_=BigInteger),
                bindparam("_weight", type_=Integer),
                bindparam("_limit", type_=Integer),
                bindparam("_before", type_=BigInteger),
                bindparam("_now", type_=UTCDateTime()),
                bindparam("_recorded_after", type_=UTCDateTime()),
            )
            .columns(used=Integer, until=UTCDateTime(), reason=String, recorded_at=UTCDateTime())
        )

    async def take(self, source: str, minute: int, weight: int, limit: int) -> bool:
        if weight > limit:
            return False
        params = {"_source": source, "_minute": minute, "_weight": weight, "_limit": limit}

        def take(conn: Connection) -> int | None:
            row = conn.execute(self._take, params).first()
            return None if row is None else int(row.used)

        # One statement, atomic by itself: the row (PostgreSQL) or the write lock (SQLite)
        # serializes two processes taking at once.
        used = await self._runner.run(take, single_statement=True)
        if used == weight:  # the minute's first take: the source's old minutes go
            before = {"_source": source, "_before": minute - KEEP_MINUTES}
            await self._runner.run(lambda conn: conn.execute(self._prune, before), single_statement=True)
        return used is not None

    async def take_unless_blocked(
        self, source: str, minute: int, weight: int, limit: int, now: datetime
    ) -> tuple[bool, MarketBlock | None]:
        """core.market_guard.BlockReadingWeightStore: the source's block read and, when it is not
        on at ``now``, the weight taken; on PostgreSQL with the prune, one statement (one round
        trip where the block's read, the take and a minute's first prune were three); on SQLite
        one transaction of them."""
        if weight > limit:
            return False, await self._blocks.get_block(source)
        # A block is on while now < min(until, recorded_at + MAX_RETRY_AFTER_SECONDS).
        params = {
            "_source": source, "_minute": minute, "_weight": weight, "_limit": limit,
            "_before": minute - KEEP_MINUTES, "_now": now,
            "_recorded_after": now - timedelta(seconds=MAX_RETRY_AFTER_SECONDS),
        }  # fmt: skip
        if self._together is not None:
            together = self._together

            def both(conn: Connection) -> Row[Any] | None:
                return conn.execute(together, params).first()

            row = await self._runner.run(both, single_statement=True)
            assert row is not None  # one row, with or without a block
            block = None if row.until is None else MarketBlock(source, row.until, row.reason, row.recorded_at)
            return row.used is not None, block

        def apart(conn: Connection) -> tuple[bool, MarketBlock | None]:
            found = conn.execute(self._block, params).first()
            block = (
                None if found is None else MarketBlock(source, found.until, found.reason, found.recorded_at)
            )
            if block is not None and block.remaining(now) > 0:
                return False, block
            took = conn.execute(self._take, params).first()
            if took is not None and int(took.used) == weight:  # the minute's first take
                conn.execute(self._prune, params)
            return took is not None, block

        return await self._runner.run(apart)

    async def used(self, source: str, minute: int) -> int:
        """The weight taken in ``minute`` (tests, diagnosis)."""
        c = market_weights.c
        async with self._engine.connect() as conn:
            value = (
                await conn.execute(select(c.used).where(c.source == source, c.minute == minute))
            ).scalar()
        return int(value or 0)
