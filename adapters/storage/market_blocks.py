"""SqlMarketBlockStore: core.market_guard.MarketBlockStore on one small table.

One row per market source. A process that gets a 429/418 upserts the block; every process reads
it (MarketGuard caches the read for about a second) before calling the exchange. The upsert is a
single statement (INSERT ... ON CONFLICT DO UPDATE ... WHERE), so two processes recording at once
keep the block that ends later, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import String, Table, or_, select
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.tables import Base, UTCDateTime
from core.market import MAX_RETRY_AFTER_SECONDS
from core.market_guard import MarketBlock


class MarketBlockRow(Base):
    __tablename__ = "market_blocks"

    source: Mapped[str] = mapped_column(String, primary_key=True)
    until: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str] = mapped_column(String)  # the MarketErrorCode callers get meanwhile
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())


market_blocks = cast(Table, MarketBlockRow.__table__)


class SqlMarketBlockStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._insert = insert_for(engine.dialect.name)

    async def get_block(self, source: str) -> MarketBlock | None:
        async with self._engine.connect() as conn:
            row = (await conn.execute(select(market_blocks).where(market_blocks.c.source == source))).first()
        if row is None:
            return None
        return MarketBlock(row.source, row.until, row.reason, row.recorded_at)

    async def record_block(self, block: MarketBlock) -> None:
        c = market_blocks.c
        values = {
            "source": block.source,
            "until": block.until,
            "reason": block.reason,
            "recorded_at": block.recorded_at,
        }
        stmt = self._insert(market_blocks).values(**values)
        # Replace the stored block when it ends sooner, or when its end is beyond anything a
        # block recorded now could have (a bogus row must not shadow real blocks for good).
        bogus_after = block.recorded_at + timedelta(seconds=MAX_RETRY_AFTER_SECONDS)
        stmt = stmt.on_conflict_do_update(
            index_elements=[c.source],
            set_={k: stmt.excluded[k] for k in ("until", "reason", "recorded_at")},
            where=or_(c.until < stmt.excluded.until, c.until > bogus_after),
        )
        async with self._engine.begin() as conn:
            await conn.execute(stmt)
