"""One account's P&L report as data: what the pnl block shows, whichever platform renders it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Literal

from core.pnl.drawdown import Drawdown, Snapshot
from core.pnl.figures import CoinLine, Row, Totals, WinStats
from core.pnl.periods import Grain


@dataclass(frozen=True, slots=True)
class TraderLine:
    """One trader's own book on the account (its orders only), beside the manual trades."""

    name: str  # "" for the manual trades (not any trader's)
    totals: Totals


@dataclass(frozen=True, slots=True)
class AccountReport:
    account: str
    kind: Literal["paper", "live"]
    period: str  # "all", "today", "yesterday", "week", "last_week", "month", "last_month", "days"
    start: datetime | None
    end: datetime
    days: int
    totals: Totals
    by_symbol: tuple[CoinLine, ...]
    by_trader: tuple[TraderLine, ...]
    wins: WinStats
    drawdown: Drawdown | None
    snapshots: int  # daily equity snapshots the drawdown was measured over
    grain: Grain | None = None  # the table asked for, if any
    rows: tuple[Row, ...] = ()
    trader: str | None = None  # the report is of this trader's orders only
    unpriced: tuple[str, ...] = ()  # held, but no bid to value them at
    curve: tuple[Snapshot, ...] = ()  # the daily equity snapshots the drawdown was measured on

    @property
    def total(self) -> Decimal | None:
        return self.totals.total
