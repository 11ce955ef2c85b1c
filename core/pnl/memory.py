"""The snapshot store in memory (tests, and a process without a database)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date

from core.pnl.drawdown import Snapshot
from core.workspace.accounts import ExchangeAccount


class MemorySnapshots:
    def __init__(self, accounts: Callable[[], Awaitable[list[ExchangeAccount]]]) -> None:
        self._accounts = accounts
        self.rows: dict[tuple[str, date], Snapshot] = {}

    async def record(self, snapshot: Snapshot) -> bool:
        key = (snapshot.account_id, snapshot.day)
        if key in self.rows:
            return False
        self.rows[key] = snapshot
        return True

    async def of(self, account_id: str, since: date | None = None) -> list[Snapshot]:
        found = [s for (a, d), s in self.rows.items() if a == account_id and (since is None or d >= since)]
        return sorted(found, key=lambda s: s.day)

    async def every_account(self) -> list[ExchangeAccount]:
        return await self._accounts()
