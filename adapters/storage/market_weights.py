"""SqlMarketWeightStore: core.market_guard.WeightStore on one small table.

One row per (market source, UTC minute): the request weight every process has used in it. A
take is one statement — INSERT ... ON CONFLICT DO UPDATE SET used = used + w WHERE used + w <=
limit RETURNING used — so two processes taking at once are serialized by the row (PostgreSQL)
or the write lock (SQLite), and the sum never passes the limit. The first take of a minute
deletes the source's rows older than KEEP_MINUTES.
"""

from __future__ import annotations

from typing import cast

from sqlalchemy import BigInteger, Integer, String, Table, delete, select
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.tables import Base

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
        self._insert = insert_for(engine.dialect.name)

    async def take(self, source: str, minute: int, weight: int, limit: int) -> bool:
        if weight > limit:
            return False
        c = market_weights.c
        stmt = self._insert(market_weights).values(source=source, minute=minute, used=weight)
        stmt = stmt.on_conflict_do_update(
            index_elements=[c.source, c.minute],
            set_={"used": c.used + weight},
            where=c.used + weight <= limit,
        ).returning(c.used)
        async with self._engine.begin() as conn:
            row = (await conn.execute(stmt)).first()
            if row is not None and row.used == weight:  # the minute's first take
                await conn.execute(
                    delete(market_weights).where(c.source == source, c.minute < minute - KEEP_MINUTES)
                )
        return row is not None

    async def used(self, source: str, minute: int) -> int:
        """The weight taken in ``minute`` (tests, diagnosis)."""
        c = market_weights.c
        async with self._engine.connect() as conn:
            value = (
                await conn.execute(select(c.used).where(c.source == source, c.minute == minute))
            ).scalar()
        return int(value or 0)
