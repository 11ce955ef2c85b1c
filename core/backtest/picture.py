"""The backtest's picture, as a port: equity against buying and holding, the drawdown, and the
trades, for one run or several side by side (↔ compare). adapters/charts draws it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from core.backtest.model import Result
from core.i18n import Locale
from core.services import ServiceKey


@dataclass(frozen=True, slots=True)
class Series:
    label: str  # what this run is ("50 USDT / 1d", "20 levels"), localized
    result: Result


class BacktestCharts(Protocol):
    async def render_backtest(self, series: Sequence[Series], *, locale: Locale = "en") -> bytes:
        """A PNG: every series' equity and the first one's buy-and-hold, drawdown and trades."""
        ...


BACKTEST_CHARTS: Final = ServiceKey[BacktestCharts]("backtest charts")
