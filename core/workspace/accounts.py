"""Exchange accounts: the record, its changes, and the repository port.

Names are unique per owner (case- and width-insensitively); a repository enforces it itself (a
unique constraint in SQL) and raises NameTaken. Deleting an account a trader uses raises InUse,
checked inside the repository's own transaction. Ids are opaque strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Final, Protocol

from core.services import ServiceKey
from core.tasks.audit import AuditEntry


@dataclass(frozen=True, slots=True)
class ExchangeAccount:
    id: str
    owner: str  # "platform:user_id": one person's workspace across their chats
    name: str
    exchange: str  # a key of core.workspace.exchanges.EXCHANGES
    credentials: dict[str, str]  # field -> ciphertext (never plain text)
    paper_balance: Decimal | None  # starting USDT of a paper account
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class NewExchangeAccount:
    owner: str
    name: str
    exchange: str
    credentials: dict[str, str]  # ciphertexts
    paper_balance: Decimal | None
    now: datetime


@dataclass(frozen=True, slots=True)
class AccountChanges:
    name: str | None = None
    credentials: dict[str, str] = field(default_factory=dict)  # fields to replace (ciphertexts)


class ExchangeAccountRepository(Protocol):
    """One person's exchange accounts. Every change is written with its audit entry, atomically."""

    async def owned(self, owner: str) -> list[ExchangeAccount]:
        """The owner's accounts, oldest first."""
        ...

    async def get(self, owner: str, account_id: str) -> ExchangeAccount | None: ...

    async def create(self, new: NewExchangeAccount, audit: AuditEntry) -> ExchangeAccount: ...

    async def update(
        self, owner: str, account_id: str, changes: AccountChanges, now: datetime, audit: AuditEntry
    ) -> ExchangeAccount: ...

    async def delete(self, owner: str, account_id: str, audit: AuditEntry) -> None: ...

    async def traders_using(self, owner: str, account_id: str) -> list[str]:
        """Names of the owner's traders that use the account."""
        ...


EXCHANGE_ACCOUNTS: Final = ServiceKey[ExchangeAccountRepository]("exchange account repository")
