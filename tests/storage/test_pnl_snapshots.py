"""The equity snapshots on each backend: a day's snapshot of an account is one row, whoever writes
it first (the second writer is told it stored nothing); read back oldest first, from a day on."""

from __future__ import annotations

import asyncio
from datetime import date
from decimal import Decimal as D

from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.exchange_accounts import SqlExchangeAccounts
from adapters.storage.pnl import SqlSnapshotStore, SqlWeeklyReports
from core.pnl.drawdown import Snapshot
from core.tasks.audit import AuditEntry
from core.workspace.accounts import NewExchangeAccount
from tests.fakes import NOW


async def test_a_days_snapshot_is_written_once(engine: AsyncEngine) -> None:
    store = SqlSnapshotStore(engine)
    day = date(2026, 3, 4)
    outcomes = await asyncio.gather(*(store.record(Snapshot("7", day, D(str(1000 + n)))) for n in range(4)))
    assert sorted(outcomes) == [False, False, False, True]
    [kept] = await store.of("7")
    assert kept.day == day and kept.equity in {D("1000"), D("1001"), D("1002"), D("1003")}


async def test_read_back_in_day_order_from_a_day_on(engine: AsyncEngine) -> None:
    store = SqlSnapshotStore(engine)
    for day, equity in [(5, "1.5"), (1, "0.00000001"), (3, "12345.678")]:
        assert await store.record(Snapshot("a", date(2026, 3, day), D(equity)))
    await store.record(Snapshot("b", date(2026, 3, 2), D("9")))
    assert [(s.day.day, s.equity) for s in await store.of("a")] == [
        (1, D("0.00000001")), (3, D("12345.678")), (5, D("1.5")),
    ]  # fmt: skip
    assert [s.day.day for s in await store.of("a", since=date(2026, 3, 2))] == [3, 5]


async def test_every_account_of_every_person(engine: AsyncEngine) -> None:
    accounts = SqlExchangeAccounts(engine)
    for owner in ("console:u1", "console:u2"):
        audit = AuditEntry(owner, "test", NOW, "test", "create", None, None, "ok")
        await accounts.create(NewExchangeAccount(owner, "paper", "paper", {}, D("10000"), NOW), audit)
    found = await SqlSnapshotStore(engine).every_account()
    assert [a.owner for a in found] == ["console:u1", "console:u2"]


async def test_a_weekly_report_week_is_claimed_once(engine: AsyncEngine) -> None:
    reports = SqlWeeklyReports(engine)
    await reports.choose("console:u1", True, "zh", NOW)
    await reports.choose("console:u1", True, "en", NOW)  # asked again: one row, the latest language
    claims = await asyncio.gather(*(reports.claim_week("console:u1", "2026-07-13") for _ in range(4)))
    assert sorted(claims) == [False, False, False, True]
    assert not await reports.claim_week("console:u1", "2026-07-06")  # an earlier week: already past
    await reports.release_week("console:u1", "2026-07-13")  # not delivered: it may be sent again
    assert await reports.claim_week("console:u1", "2026-07-13")
    await reports.choose("console:u1", False, "en", NOW)
    choice = await reports.get("console:u1")
    assert choice is not None and (choice.on, choice.locale, choice.last_week) == (False, "en", "2026-07-13")
    assert await reports.get("console:u2") is None
