"""The weekly report choices in memory (tests)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from core.i18n import Locale
from core.pnl.weekly import WeeklyChoice


class MemoryWeeklyReports:
    def __init__(self) -> None:
        self.rows: dict[str, WeeklyChoice] = {}

    async def choose(self, owner: str, on: bool, locale: Locale, now: datetime) -> None:
        old = self.rows.get(owner)
        self.rows[owner] = WeeklyChoice(owner, on, locale, old.last_week if old else None)

    async def get(self, owner: str) -> WeeklyChoice | None:
        return self.rows.get(owner)

    async def claim_week(self, owner: str, week: str) -> bool:
        row = self.rows.get(owner)
        if row is None or (row.last_week is not None and row.last_week >= week):
            return False
        self.rows[owner] = replace(row, last_week=week)
        return True

    async def release_week(self, owner: str, week: str) -> None:
        row = self.rows.get(owner)
        if row is not None and row.last_week == week:
            self.rows[owner] = replace(row, last_week=None)
