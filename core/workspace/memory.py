"""In-memory WorkspaceStore and SecretBox for unit tests. Not persistent, not secure."""

from __future__ import annotations

import base64
import itertools
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal, TypeVar

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

_R = TypeVar("_R", ExchangeAccount, ModelConfig)
_UsedBy = Literal["account_id", "model_id"]  # the TraderRef field that references a record


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
        return _owned(self.accounts, owner)

    async def get_account(self, owner: str, account_id: int) -> ExchangeAccount | None:
        return _mine(self.accounts, owner, account_id)

    async def create_account(self, new: NewExchangeAccount) -> ExchangeAccount:
        _check_name(self.accounts, new.owner, new.name, None)
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
        acc = _mine(self.accounts, owner, account_id)
        if acc is None:
            raise NotFound(str(account_id))
        name = acc.name
        if changes.name is not None:
            _check_name(self.accounts, owner, changes.name, account_id)
            name = changes.name
        updated = replace(
            acc, name=name, credentials={**acc.credentials, **changes.credentials}, updated_at=now
        )
        self.accounts[account_id] = updated
        return updated

    async def delete_account(self, owner: str, account_id: int) -> None:
        self._delete_unused(self.accounts, "account_id", owner, account_id)

    async def traders_using_account(self, owner: str, account_id: int) -> list[str]:
        return self._users("account_id", owner, account_id)

    # -- model configs -------------------------------------------------------------------------

    async def list_models(self, owner: str) -> list[ModelConfig]:
        return _owned(self.models, owner)

    async def get_model(self, owner: str, model_id: int) -> ModelConfig | None:
        return _mine(self.models, owner, model_id)

    async def create_model(self, new: NewModelConfig) -> ModelConfig:
        _check_name(self.models, new.owner, new.name, None)
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
        cfg = _mine(self.models, owner, model_id)
        if cfg is None:
            raise NotFound(str(model_id))
        if changes.name is not None:
            _check_name(self.models, owner, changes.name, model_id)
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
        self._delete_unused(self.models, "model_id", owner, model_id)

    async def traders_using_model(self, owner: str, model_id: int) -> list[str]:
        return self._users("model_id", owner, model_id)

    # -- audit -----------------------------------------------------------------------------------

    async def record_audit(self, entry: AuditEntry) -> None:
        self.audit.append(entry)

    async def list_audit(self, owner: str, limit: int = 50) -> list[AuditEntry]:
        return [e for e in reversed(self.audit) if e.owner == owner][:limit]

    def _users(self, used_by: _UsedBy, owner: str, row_id: int) -> list[str]:
        return sorted(t.name for t in self.traders if t.owner == owner and getattr(t, used_by) == row_id)

    def _delete_unused(self, items: dict[int, _R], used_by: _UsedBy, owner: str, row_id: int) -> None:
        if _mine(items, owner, row_id) is None:
            raise NotFound(str(row_id))
        users = self._users(used_by, owner, row_id)
        if users:
            raise InUse(tuple(users))
        del items[row_id]


def _owned(items: dict[int, _R], owner: str) -> list[_R]:
    return sorted((r for r in items.values() if r.owner == owner), key=lambda r: r.id)


def _mine(items: dict[int, _R], owner: str, row_id: int) -> _R | None:
    found = items.get(row_id)
    return found if found is not None and found.owner == owner else None


def _check_name(items: dict[int, _R], owner: str, name: str, own_id: int | None) -> None:
    """Names are unique per owner after folding, as the SQL store's unique constraint has it."""
    key = name_key(name)
    for item in items.values():
        if item.owner == owner and item.id != own_id and name_key(item.name) == key:
            raise NameTaken(name)
