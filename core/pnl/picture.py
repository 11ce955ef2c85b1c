"""The equity curve as a port: an account's daily equity snapshots, the running peak, the fall from
it shaded, and the max drawdown marked. adapters/charts draws it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, Protocol

from core.i18n import Locale
from core.pnl.drawdown import Drawdown, Snapshot
from core.services import ServiceKey


class EquityCharts(Protocol):
    async def render_equity(
        self,
        snapshots: Sequence[Snapshot],
        drawdown: Drawdown | None,
        *,
        kind: Literal["paper", "live"],
        locale: Locale = "en",
    ) -> bytes:
        """A PNG of the snapshots (a missing day left as a gap, never joined)."""
        ...


EQUITY_CHARTS: Final = ServiceKey[EquityCharts]("equity charts")
