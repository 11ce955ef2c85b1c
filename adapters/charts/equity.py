"""EquityCharts (core.pnl.picture): the equity curve drawn by adapters.charts.equity_figure in a
worker thread. Matplotlib (~0.5 s to import) loads with the first picture, never at start-up:
`deskmate ask "BTC price"` imports this module and must not pay for it."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Literal

from core.i18n import Locale
from core.pnl.drawdown import Drawdown, Snapshot


def _draw(snapshots: Sequence[Snapshot], drawdown: Drawdown | None, kind: str, locale: Locale) -> bytes:
    from adapters.charts.equity_figure import draw  # here: matplotlib loads with the first picture

    return draw(snapshots, drawdown, kind, locale)


class MatplotlibEquityCharts:
    """EquityCharts drawn off the event loop."""

    async def render_equity(
        self,
        snapshots: Sequence[Snapshot],
        drawdown: Drawdown | None,
        *,
        kind: Literal["paper", "live"],
        locale: Locale = "en",
    ) -> bytes:
        if not snapshots:
            raise ValueError("nothing to draw")
        return await asyncio.to_thread(_draw, snapshots, drawdown, kind, locale)
