"""SqlKlineCache: core.backtest.history.KlineCache on two tables.

``klines`` keeps each candle once per (source, symbol, interval, open time), prices as exact
decimal strings; ``kline_spans`` the spans already asked for, so a candle the exchange did not
have is not asked for again (it stays a gap). A page's candles and its span are written in one
transaction; inserts ignore rows already there (two processes fetching one window at once both
succeed and keep one copy).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, cast

from sqlalchemy import String, Table, and_, select
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.tables import Base, UTCDateTime
from core.backtest.history import Span
from core.backtest.model import Candle, Window

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine


class KlineRow(Base):
    __tablename__ = "klines"

    source: Mapped[str] = mapped_column(String, primary_key=True)
    symbol: Mapped[str] = mapped_column(String, primary_key=True)
    interval: Mapped[str] = mapped_column(String, primary_key=True)
    open_time: Mapped[datetime] = mapped_column(UTCDateTime(), primary_key=True)
    open: Mapped[str] = mapped_column(String)
    high: Mapped[str] = mapped_column(String)
    low: Mapped[str] = mapped_column(String)
    close: Mapped[str] = mapped_column(String)


class KlineSpanRow(Base):
    __tablename__ = "kline_spans"

    source: Mapped[str] = mapped_column(String, primary_key=True)
    symbol: Mapped[str] = mapped_column(String, primary_key=True)
    interval: Mapped[str] = mapped_column(String, primary_key=True)
    start: Mapped[datetime] = mapped_column(UTCDateTime(), primary_key=True)
    end: Mapped[datetime] = mapped_column(UTCDateTime())


klines = cast(Table, KlineRow.__table__)
kline_spans = cast(Table, KlineSpanRow.__table__)


def _s(value: Decimal) -> str:
    return format(value, "f")


class SqlKlineCache:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._insert = insert_for(engine.dialect.name)

    async def candles(self, source: str, window: Window) -> list[Candle]:
        c = klines.c
        query = (
            select(klines)
            .where(
                and_(
                    c.source == source,
                    c.symbol == window.symbol,
                    c.interval == window.interval,
                    c.open_time >= window.start,
                    c.open_time < window.end,
                )
            )
            .order_by(c.open_time)
        )
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [
            Candle(r.open_time, Decimal(r.open), Decimal(r.high), Decimal(r.low), Decimal(r.close))
            for r in rows
        ]

    async def fetched(self, source: str, window: Window) -> list[Span]:
        c = kline_spans.c
        query = select(kline_spans).where(
            and_(
                c.source == source,
                c.symbol == window.symbol,
                c.interval == window.interval,
                c.start < window.end,
                c.end > window.start,
            )
        )
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [Span(r.start, r.end) for r in rows]

    async def store(self, source: str, window: Window, span: Span, candles: Sequence[Candle]) -> None:
        key = {"source": source, "symbol": window.symbol, "interval": window.interval}
        async with self._engine.begin() as conn:
            if candles:
                values = [
                    {
                        **key,
                        "open_time": c.open_time,
                        "open": _s(c.open),
                        "high": _s(c.high),
                        "low": _s(c.low),
                        "close": _s(c.close),
                    }
                    for c in candles
                ]
                # executemany: one statement compiled once, not one VALUES list of 8,000 parameters
                await conn.execute(self._insert(klines).on_conflict_do_nothing(), values)
            stmt = self._insert(kline_spans).values(**key, start=span.start, end=span.end)
            await conn.execute(stmt.on_conflict_do_nothing())
