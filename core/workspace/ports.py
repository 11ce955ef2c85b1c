"""Workspace ports: where accounts and model configs live, and how secrets are sealed.

The core encrypts every credential with a SecretBox before it reaches a store, a task slot or
anything else that is persisted; stores only ever hold ciphertext.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Protocol


class SecretBox(Protocol):
    """Symmetric encryption of credentials at rest (Fernet in production)."""

    def encrypt(self, plain: str) -> str:
        """Ciphertext (ASCII) for ``plain``."""
        ...

    def decrypt(self, sealed: str) -> str:
        """The plain text; raises SecretUnavailable when it cannot be opened (key changed)."""
        ...


class SecretUnavailable(Exception):
    """A stored secret cannot be decrypted (the key was changed or the data is damaged)."""


class WorkspaceError(Exception):
    """Base of the store's refusals."""


class NotFound(WorkspaceError):
    pass


class NameTaken(WorkspaceError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class InUse(WorkspaceError):
    """Deleting is refused: these traders use the account / model config."""

    def __init__(self, traders: tuple[str, ...]) -> None:
        super().__init__(", ".join(traders))
        self.traders = traders


@dataclass(frozen=True, slots=True)
class ExchangeAccount:
    id: int
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


@dataclass(frozen=True, slots=True)
class ModelConfig:
    id: int
    owner: str
    name: str
    provider: str  # a key of core.workspace.providers.PROVIDERS
    base_url: str
    model: str
    api_key: str  # ciphertext
    enabled: bool
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class NewModelConfig:
    owner: str
    name: str
    provider: str
    base_url: str
    model: str
    api_key: str  # ciphertext
    enabled: bool
    now: datetime


@dataclass(frozen=True, slots=True)
class ModelChanges:
    name: str | None = None
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None  # ciphertext
    enabled: bool | None = None


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One executed (or refused) action. Never carries a secret: fields are named, not shown."""

    owner: str
    actor: str  # the conversation key it came from
    at: datetime
    skill: str
    action: str
    target_id: int | None
    target_name: str | None
    outcome: str  # "ok" | "refused" | "failed"
    detail: dict[str, str] = field(default_factory=dict)


class WorkspaceStore(Protocol):
    """Exchange accounts, model configs and the audit log of one deployment.

    Names are unique per owner (case- and width-insensitively); a store enforces it itself
    (a unique constraint in SQL) and raises NameTaken. Deleting something a trader uses raises
    InUse, checked inside the store's own transaction.
    """

    async def list_accounts(self, owner: str) -> list[ExchangeAccount]: ...

    async def get_account(self, owner: str, account_id: int) -> ExchangeAccount | None: ...

    async def create_account(self, new: NewExchangeAccount) -> ExchangeAccount: ...

    async def update_account(
        self, owner: str, account_id: int, changes: AccountChanges, now: datetime
    ) -> ExchangeAccount: ...

    async def delete_account(self, owner: str, account_id: int) -> None: ...

    async def traders_using_account(self, owner: str, account_id: int) -> list[str]: ...

    async def list_models(self, owner: str) -> list[ModelConfig]: ...

    async def get_model(self, owner: str, model_id: int) -> ModelConfig | None: ...

    async def create_model(self, new: NewModelConfig) -> ModelConfig: ...

    async def update_model(
        self, owner: str, model_id: int, changes: ModelChanges, now: datetime
    ) -> ModelConfig: ...

    async def delete_model(self, owner: str, model_id: int) -> None: ...

    async def traders_using_model(self, owner: str, model_id: int) -> list[str]: ...

    async def record_audit(self, entry: AuditEntry) -> None: ...

    async def list_audit(self, owner: str, limit: int = 50) -> list[AuditEntry]:
        """Newest first."""
        ...
