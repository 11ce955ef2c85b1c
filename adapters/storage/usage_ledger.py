"""SqlUsageLedger: core.planner.ports.UsageLedger on a ``usage_daily`` table (SQLite or PostgreSQL).

One row per (scope, UTC day); scope is "user:<id>" or "site". Increments are a single
INSERT ... ON CONFLICT DO UPDATE SET tokens = tokens + excluded.tokens, so concurrent turns in
one or several processes never lose an update.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, cast

from sqlalchemy import BigInteger, Date, Executable, String, Table, select
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.tables import Base

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

logger = logging.getLogger(__name__)


class UsageDailyRow(Base):
    """Model tokens spent per scope and UTC day (for the planner's daily budgets)."""

    __tablename__ = "usage_daily"

    scope: Mapped[str] = mapped_column(String, primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    tokens: Mapped[int] = mapped_column(BigInteger, default=0)


usage_daily = cast(Table, UsageDailyRow.__table__)


class SqlUsageLedger:
    """Daily token counters in SQL; see the module docstring for the atomicity argument."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._dialect = engine.dialect.name
        if self._dialect not in ("sqlite", "postgresql"):
            raise ValueError(f"unsupported database backend: {self._dialect}")

    async def tokens_used(self, scope: str, day: date) -> int:
        stmt = select(usage_daily.c.tokens).where(usage_daily.c.scope == scope, usage_daily.c.day == day)
        async with self._engine.connect() as conn:
            value = (await conn.execute(stmt)).scalar_one_or_none()
        return int(value or 0)

    async def add_tokens(self, scopes: Sequence[str], day: date, tokens: int) -> None:
        if tokens <= 0 or not scopes:
            return
        async with self._engine.begin() as conn:  # all scopes or none
            for scope in scopes:
                await conn.execute(self._increment(scope, day, tokens))

    def _increment(self, scope: str, day: date, tokens: int) -> Executable:
        key = [usage_daily.c.scope, usage_daily.c.day]
        row = insert_for(self._dialect)(usage_daily).values(scope=scope, day=day, tokens=tokens)
        upsert: Executable = row.on_conflict_do_update(
            index_elements=key, set_={"tokens": usage_daily.c.tokens + row.excluded.tokens}
        )
        return upsert
