"""What the P&L reports need from storage beyond the fills: the daily equity snapshots."""

from __future__ import annotations

from datetime import date
from typing import Final, Protocol

from core.pnl.drawdown import Snapshot
from core.services import ServiceKey
from core.workspace.accounts import ExchangeAccount


class SnapshotStore(Protocol):
    """One equity figure per account per UTC day. Safe across processes: a day's snapshot is
    written once (a unique key on account and day); a second writer keeps the first."""

    async def record(self, snapshot: Snapshot) -> bool:
        """Store it unless that account's day has one; True when this call stored it."""
        ...

    async def of(self, account_id: str, since: date | None = None) -> list[Snapshot]:
        """The account's snapshots, oldest first (from ``since`` on)."""
        ...

    async def every_account(self) -> list[ExchangeAccount]:
        """Every person's accounts: what the daily job takes a snapshot of."""
        ...


SNAPSHOTS: Final = ServiceKey[SnapshotStore]("equity snapshots")
