"""In-memory WorkspaceStore and SecretBox for unit tests. Not persistent, not secure."""

from __future__ import annotations

import base64
import itertools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from core.workspace.names import name_key
from core.workspace.ports import (
    AccountChanges,
    AuditEntry,
    ExchangeAccount,
    InUse,
    ModelChanges,
    ModelConfig,
    NameTaken,
    NewExchangeAccount,
    NewModelConfig,
    NotFound,
    SecretUnavailable,
)


class MemorySecretBox:
    """A reversible, *insecure* stand-in for Fernet: it only makes ciphertext differ from the
    plain text so tests can tell the two apart. Never use outside tests."""

    _PREFIX = "mem1:"

    def encrypt(self, plain: str) -> str:
        return self._PREFIX + base64.urlsafe_b64encode(plain.encode()[::-1]).decode()

    def decrypt(self, sealed: str) -> str:
        if not sealed.startswith(self._PREFIX):
            raise SecretUnavailable("not sealed by this box")
        return base64.urlsafe_b64decode(sealed[len(self._PREFIX) :].encode())[::-1].decode()


@dataclass(frozen=True, slots=True)
class TraderRef:
    """What the delete check needs of a trader (traders arrive with part 2)."""

    owner: str
    name: str
    account_id: int | None
    model_id: int | None


class MemoryWorkspaceStore:
    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.accounts: dict[int, ExchangeAccount] = {}
        self.models: dict[int, ModelConfig] = {}
        self.traders: list[TraderRef] = []
        self.audit: list[AuditEntry] = []

    def add_trader(
        self, owner: str, name: str, *, account_id: int | None = None, model_id: int | None = None
    ) -> None:
        self.traders.append(TraderRef(owner, name, account_id, model_id))

    # -- exchange accounts ---------------------------------------------------------------------

    async def list_accounts(self, owner: str) -> list[ExchangeAccount]:
        return sorted((a for a in self.accounts.values() if a.owner == owner), key=lambda a: a.id)

    async def get_account(self, owner: str, account_id: int) -> ExchangeAccount | None:
        acc = self.accounts.get(account_id)
        return acc if acc is not None and acc.owner == owner else None

    async def create_account(self, new: NewExchangeAccount) -> ExchangeAccount:
        self._check_name(new.owner, new.name, None, self.accounts.values())
        acc = ExchangeAccount(
            id=next(self._ids),
            owner=new.owner,
            name=new.name,
            exchange=new.exchange,
            credentials=dict(new.credentials),
            paper_balance=new.paper_balance,
            created_at=new.now,
            updated_at=new.now,
        )
        self.accounts[acc.id] = acc
        return acc

    async def update_account(
        self, owner: str, account_id: int, changes: AccountChanges, now: datetime
    ) -> ExchangeAccount:
        acc = await self.get_account(owner, account_id)
        if acc is None:
            raise NotFound(str(account_id))
        name = acc.name
        if changes.name is not None:
            self._check_name(owner, changes.name, account_id, self.accounts.values())
            name = changes.name
        updated = replace(
            acc, name=name, credentials={**acc.credentials, **changes.credentials}, updated_at=now
        )
        self.accounts[account_id] = updated
        return updated

    async def delete_account(self, owner: str, account_id: int) -> None:
        if await self.get_account(owner, account_id) is None:
            raise NotFound(str(account_id))
        users = await self.traders_using_account(owner, account_id)
        if users:
            raise InUse(tuple(users))
        del self.accounts[account_id]

    async def traders_using_account(self, owner: str, account_id: int) -> list[str]:
        return sorted(t.name for t in self.traders if t.owner == owner and t.account_id == account_id)

    # -- model configs -------------------------------------------------------------------------

    async def list_models(self, owner: str) -> list[ModelConfig]:
        return sorted((m for m in self.models.values() if m.owner == owner), key=lambda m: m.id)

    async def get_model(self, owner: str, model_id: int) -> ModelConfig | None:
        cfg = self.models.get(model_id)
        return cfg if cfg is not None and cfg.owner == owner else None

    async def create_model(self, new: NewModelConfig) -> ModelConfig:
        self._check_name(new.owner, new.name, None, self.models.values())
        cfg = ModelConfig(
            id=next(self._ids),
            owner=new.owner,
            name=new.name,
            provider=new.provider,
            base_url=new.base_url,
            model=new.model,
            api_key=new.api_key,
            enabled=new.enabled,
            created_at=new.now,
            updated_at=new.now,
        )
        self.models[cfg.id] = cfg
        return cfg

    async def update_model(
        self, owner: str, model_id: int, changes: ModelChanges, now: datetime
    ) -> ModelConfig:
        cfg = await self.get_model(owner, model_id)
        if cfg is None:
            raise NotFound(str(model_id))
        if changes.name is not None:
            self._check_name(owner, changes.name, model_id, self.models.values())
        updated = replace(
            cfg,
            name=changes.name if changes.name is not None else cfg.name,
            base_url=changes.base_url if changes.base_url is not None else cfg.base_url,
            model=changes.model if changes.model is not None else cfg.model,
            api_key=changes.api_key if changes.api_key is not None else cfg.api_key,
            enabled=changes.enabled if changes.enabled is not None else cfg.enabled,
            updated_at=now,
        )
        self.models[model_id] = updated
        return updated

    async def delete_model(self, owner: str, model_id: int) -> None:
        if await self.get_model(owner, model_id) is None:
            raise NotFound(str(model_id))
        users = await self.traders_using_model(owner, model_id)
        if users:
            raise InUse(tuple(users))
        del self.models[model_id]

    async def traders_using_model(self, owner: str, model_id: int) -> list[str]:
        return sorted(t.name for t in self.traders if t.owner == owner and t.model_id == model_id)

    # -- audit -----------------------------------------------------------------------------------

    async def record_audit(self, entry: AuditEntry) -> None:
        self.audit.append(entry)

    async def list_audit(self, owner: str, limit: int = 50) -> list[AuditEntry]:
        return [e for e in reversed(self.audit) if e.owner == owner][:limit]

    @staticmethod
    def _check_name(
        owner: str, name: str, own_id: int | None, items: Iterable[ExchangeAccount | ModelConfig]
    ) -> None:
        key = name_key(name)
        for item in items:
            if item.owner == owner and item.id != own_id and name_key(item.name) == key:
                raise NameTaken(name)
