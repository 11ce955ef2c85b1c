"""The server-side price functions: the price skills and the planner's tools both call these."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from core.clock import Clock
from core.market import (
    HISTORY_DAYS,
    DayChange,
    DayChangeData,
    MarketData,
    MarketError,
    MarketErrorCode,
    history_window,
)
from core.markets import MarketCatalog
from core.reply import HistoryBlock, HistoryPoint, QuoteBlock
from core.skills.price.ranges import MAX_DAYS, MIN_DAYS, served


def with_day_change(quote: QuoteBlock, change: DayChange) -> QuoteBlock:
    """The quote card with its 24-hour line (the skill's and the planner tool's cards alike)."""
    return replace(
        quote,
        change_24h=change.change,
        change_24h_percent=change.change_percent,
        high_24h=change.high,
        low_24h=change.low,
    )


class PriceService:
    def __init__(self, market: MarketData, catalog: MarketCatalog, clock: Clock) -> None:
        self.market = market
        self.catalog = catalog
        self.clock = clock
        # Whether the market gives a 24-hour change, decided once per market object: an
        # isinstance against a runtime Protocol walks its members each time (every price turn).
        self._day_change_of: tuple[MarketData, bool] | None = None

    def _gives_day_change(self) -> bool:
        known = self._day_change_of
        if known is None or known[0] is not self.market:
            known = self._day_change_of = (self.market, isinstance(self.market, DayChangeData))
        return known[1]

    def _spec(self, symbol: str) -> tuple[str, str]:
        spec = self.catalog.get(symbol)
        if spec is None:
            raise MarketError(MarketErrorCode.UNSUPPORTED_SYMBOL, f"{symbol} is not supported")
        return spec.base, spec.quote_asset

    async def current_price(self, symbol: str) -> QuoteBlock:
        """The best ask for a supported symbol; raises MarketError."""
        base, quote_asset = self._spec(symbol)
        q = await self.market.get_quote(symbol)
        return QuoteBlock(
            symbol=q.symbol,
            base=base,
            quote_asset=quote_asset,
            price=q.price,
            price_type=q.price_type,
            source=q.source,
            fetched_at=q.fetched_at,
        )

    async def day_change(self, symbol: str) -> DayChange:
        """The last 24 hours' change for a supported symbol; raises MarketError (also when the
        market gives no such figure)."""
        self._spec(symbol)
        if not self._gives_day_change():
            raise MarketError(MarketErrorCode.UNAVAILABLE, f"{self.market.source} gives no 24-hour change")
        return await cast(DayChangeData, self.market).get_day_change(symbol)

    async def price_history(self, symbol: str, days: int = HISTORY_DAYS) -> HistoryBlock:
        """The ``days`` full UTC daily closes before today, gaps kept; raises MarketError."""
        if not served(days):
            raise ValueError(f"a window of {MIN_DAYS}..{MAX_DAYS} days is required, got {days}")
        base, quote_asset = self._spec(symbol)
        now = self.clock.now()
        window = history_window(now, days)
        result = await self.market.get_daily_closes(symbol, window)
        closes = {c.day: c.close for c in result.closes if window.start <= c.day < window.end_exclusive}
        points = tuple(HistoryPoint(d, closes.get(d)) for d in window.days)
        return HistoryBlock(
            symbol=symbol,
            base=base,
            quote_asset=quote_asset,
            points=points,
            missing_dates=tuple(p.date for p in points if p.close is None),
            source=self.market.source,
            fetched_at=now,
            # A stray row from outside the window is the exchange's noise, not a gap of ours.
            issues=tuple(code for day, code in result.rejected if day is None or day in window.days),
        )
