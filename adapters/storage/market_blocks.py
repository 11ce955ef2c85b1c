"""SqlMarketBlockStore: core.market_guard.MarketBlockStore on one small table.

One row per market source. A process that gets a 429/418 upserts the block; every process reads
it (MarketGuard caches the read for about a second) before calling the exchange. The upsert is a
single statement (INSERT ... ON CONFLICT DO UPDATE ... WHERE), so two processes recording at once
keep the block that ends later, on SQLite and PostgreSQL alike.

The read comes before calls to the exchange (at most about once a second a process): built once,
run on the short-transaction runner (adapters.storage.runner), as the weight store's take.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Connection, Row, String, Table, bindparam, or_, select
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.runner import shared_runner
from adapters.storage.tables import Base, UTCDateTime
from core.market import MAX_RETRY_AFTER_SECONDS
from core.market_guard import MarketBlock

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine


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
        self._runner = shared_runner(engine)
        self._get = select(market_blocks).where(market_blocks.c.source == bindparam("_source"))

    async def get_block(self, source: str) -> MarketBlock | None:
        def read(conn: Connection) -> Row[Any] | None:
            return conn.execute(self._get, {"_source": source}).first()

        row = await self._runner.run(read, read_only=True, single_statement=True)
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
