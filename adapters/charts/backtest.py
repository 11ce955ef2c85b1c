"""BacktestCharts (core.backtest.picture): the picture drawn by adapters.charts.backtest_figure
in a worker thread. Matplotlib (~0.5 s to import) loads with the first picture, never at start-up:
`deskmate ask "BTC price"` imports this module and must not pay for it."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from core.backtest.picture import Series
from core.i18n import Locale


def _draw(series: Sequence[Series], locale: Locale) -> bytes:
    from adapters.charts.backtest_figure import draw  # here: matplotlib loads with the first picture

    return draw(series, locale)


class MatplotlibBacktestCharts:
    """BacktestCharts drawn off the event loop."""

    async def render_backtest(self, series: Sequence[Series], *, locale: Locale = "en") -> bytes:
        if not series:
            raise ValueError("nothing to draw")
        return await asyncio.to_thread(_draw, series, locale)
