"""The exchange account repository (core.workspace.accounts) on SQLAlchemy Core.

Credentials arrive already sealed by the core's SecretBox: this module never sees a plain one.
"""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Integer, Row, String, Table, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.records import SqlRecords, name_columns
from adapters.storage.tables import Base, UTCDateTime
from adapters.storage.traders import traders
from core.tasks.audit import AuditEntry
from core.workspace.accounts import AccountChanges, ExchangeAccount, NewExchangeAccount

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine


class ExchangeAccountRow(Base):
    __tablename__ = "exchange_accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    owner: Mapped[str] = mapped_column(String)
    name: Mapped[str] = mapped_column(String)
    name_key: Mapped[str] = mapped_column(String)
    exchange: Mapped[str] = mapped_column(String)
    credentials: Mapped[str] = mapped_column(Text)  # JSON {field: Fernet token}; never plain text
    paper_balance: Mapped[str | None] = mapped_column(String, nullable=True)  # Decimal as text
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (
        UniqueConstraint("owner", "name_key", name="uq_exchange_accounts_owner_name"),
        # Ids are never reused (SQLite would hand a deleted id to the next row): a stale
        # confirmation must not find a different record under its id.
        {"sqlite_autoincrement": True},
    )


exchange_accounts = cast(Table, ExchangeAccountRow.__table__)


class SqlExchangeAccounts(SqlRecords):
    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine, exchange_accounts, traders.c.account_id)

    async def owned(self, owner: str) -> list[ExchangeAccount]:
        return [_account(r) for r in await self._owned(owner)]

    async def get(self, owner: str, account_id: str) -> ExchangeAccount | None:
        row = await self._get(owner, account_id)
        return _account(row) if row is not None else None

    async def create(self, new: NewExchangeAccount, audit: AuditEntry) -> ExchangeAccount:
        values = {
            "owner": new.owner,
            **name_columns(new.name),
            "exchange": new.exchange,
            "credentials": json.dumps(new.credentials, sort_keys=True),
            "paper_balance": str(new.paper_balance) if new.paper_balance is not None else None,
            "created_at": new.now,
            "updated_at": new.now,
        }
        return _account(await self._insert(values, audit))

    async def update(
        self, owner: str, account_id: str, changes: AccountChanges, now: datetime, audit: AuditEntry
    ) -> ExchangeAccount:
        values: dict[str, Any] = {"updated_at": now}
        if changes.name is not None:
            values |= name_columns(changes.name)
        if changes.credentials:
            values["credentials"] = changes.credentials  # merged with the stored ones
        return _account(await self._update(owner, account_id, values, audit, merge="credentials"))

    async def delete(self, owner: str, account_id: str, audit: AuditEntry) -> None:
        await self._delete(owner, account_id, audit)

    async def traders_using(self, owner: str, account_id: str) -> list[str]:
        return await self._traders_using(owner, account_id)


def _account(row: Row[Any]) -> ExchangeAccount:
    return ExchangeAccount(
        id=str(row.id),
        owner=row.owner,
        name=row.name,
        exchange=row.exchange,
        credentials=dict(json.loads(row.credentials)),
        paper_balance=Decimal(row.paper_balance) if row.paper_balance is not None else None,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )
