"""SqlMarketWeightStore: core.market_guard.WeightStore on one small table.

One row per (market source, UTC minute): the request weight every process has used in it. A
take is one statement — INSERT ... ON CONFLICT DO UPDATE SET used = used + w WHERE used + w <=
limit RETURNING used — so two processes taking at once are serialized by the row (PostgreSQL)
or the write lock (SQLite), and the sum never passes the limit. The first take of a minute
deletes the source's rows older than KEEP_MINUTES.

A take comes with every call to the exchange (a live price, a trader's tick, an alert check): its
statements are built once, their values go as parameters, and they run on the short-transaction
runner (adapters.storage.runner: on a SQLite file inline, one transaction and no thread hop; on
PostgreSQL the take alone, one round trip with no BEGIN and COMMIT around it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from sqlalchemy import BigInteger, Connection, Integer, String, Table, bindparam, delete, select
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.runner import shared_runner
from adapters.storage.tables import Base

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

    async def used(self, source: str, minute: int) -> int:
        """The weight taken in ``minute`` (tests, diagnosis)."""
        c = market_weights.c
        async with self._engine.connect() as conn:
            value = (
                await conn.execute(select(c.used).where(c.source == source, c.minute == minute))
            ).scalar()
        return int(value or 0)
