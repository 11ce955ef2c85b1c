"""The daily equity snapshots (core.pnl.ports.SnapshotStore) and the weekly report choices
(core.pnl.weekly.WeeklyReports) on SQLAlchemy Core.

One row per account per UTC day: the primary key (account_id, day) makes a day's snapshot one row
whichever process writes it first (INSERT ... ON CONFLICT DO NOTHING on both backends); the second
writer learns it stored nothing. Equity is stored as text (SQLite has no exact numeric type), the
day as its ISO date (sorts as it reads).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, cast

from sqlalchemy import Boolean, String, Table, or_, select, update
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.dialects import insert_for
from adapters.storage.exchange_accounts import _account, exchange_accounts
from adapters.storage.tables import Base, UTCDateTime
from core.i18n import Locale, stored_locale
from core.pnl.drawdown import Snapshot
from core.pnl.weekly import WeeklyChoice
from core.workspace.accounts import ExchangeAccount

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine


class EquitySnapshotRow(Base):
    __tablename__ = "pnl_equity_snapshots"

    account_id: Mapped[str] = mapped_column(String, primary_key=True)
    day: Mapped[str] = mapped_column(String, primary_key=True)  # "2026-03-04" (UTC)
    equity: Mapped[str] = mapped_column(String)  # USDT, a Decimal as text
    taken_at: Mapped[datetime] = mapped_column(UTCDateTime())


class WeeklyReportRow(Base):
    """A person's weekly report: on or off, in which language, and the last week sent (a Monday,
    ISO: claiming a week is one compare-and-set UPDATE, so two processes never send one twice)."""

    __tablename__ = "pnl_weekly_reports"

    owner: Mapped[str] = mapped_column(String, primary_key=True)
    enabled: Mapped[bool] = mapped_column(Boolean)
    locale: Mapped[str] = mapped_column(String)
    last_week: Mapped[str | None] = mapped_column(String, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())


equity_snapshots = cast(Table, EquitySnapshotRow.__table__)
weekly_reports = cast(Table, WeeklyReportRow.__table__)


class SqlSnapshotStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def record(self, snapshot: Snapshot) -> bool:
        values = {
            "account_id": snapshot.account_id,
            "day": snapshot.day.isoformat(),
            "equity": format(snapshot.equity, "f"),
            "taken_at": datetime.now(UTC),
        }
        async with self._engine.begin() as conn:
            stmt = insert_for(conn.dialect.name)(equity_snapshots).values(**values).on_conflict_do_nothing()
            done = await conn.execute(stmt)
        return bool(done.rowcount)

    async def of(self, account_id: str, since: date | None = None) -> list[Snapshot]:
        s = equity_snapshots.c
        stmt = select(equity_snapshots).where(s.account_id == account_id)
        if since is not None:
            stmt = stmt.where(s.day >= since.isoformat())
        async with self._engine.connect() as conn:
            rows = (await conn.execute(stmt.order_by(s.day))).all()
        return [Snapshot(r.account_id, date.fromisoformat(r.day), Decimal(r.equity)) for r in rows]

    async def every_account(self) -> list[ExchangeAccount]:
        stmt = select(exchange_accounts).order_by(exchange_accounts.c.id)
        async with self._engine.connect() as conn:
            return [_account(r) for r in (await conn.execute(stmt)).all()]


class SqlWeeklyReports:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def choose(self, owner: str, on: bool, locale: Locale, now: datetime) -> None:
        values = {"owner": owner, "enabled": on, "locale": locale, "updated_at": now}
        async with self._engine.begin() as conn:
            stmt = insert_for(conn.dialect.name)(weekly_reports).values(**values)
            changed = {"enabled": on, "locale": locale, "updated_at": now}
            await conn.execute(stmt.on_conflict_do_update(index_elements=["owner"], set_=changed))

    async def get(self, owner: str) -> WeeklyChoice | None:
        stmt = select(weekly_reports).where(weekly_reports.c.owner == owner)
        async with self._engine.connect() as conn:
            row = (await conn.execute(stmt)).first()
        if row is None:
            return None
        locale: Locale = stored_locale(row.locale)
        return WeeklyChoice(row.owner, bool(row.enabled), locale, row.last_week)

    async def claim_week(self, owner: str, week: str) -> bool:
        w = weekly_reports.c
        stmt = (
            update(weekly_reports)
            .where(w.owner == owner, or_(w.last_week.is_(None), w.last_week < week))
            .values(last_week=week)
        )
        async with self._engine.begin() as conn:
            return bool((await conn.execute(stmt)).rowcount)

    async def release_week(self, owner: str, week: str) -> None:
        w = weekly_reports.c
        stmt = update(weekly_reports).where(w.owner == owner, w.last_week == week).values(last_week=None)
        async with self._engine.begin() as conn:
            await conn.execute(stmt)
