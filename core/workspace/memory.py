"""In-memory repositories, audit log and SecretBox for unit tests. Not persistent, not secure.

They keep the SQL repositories' rules: names unique per owner after folding, ids never reused,
deletion refused while a trader uses the record, and a change applied only once its audit entry
is written (a failing audit write leaves the record as it was).
"""

from __future__ import annotations

import base64
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal, TypeVar

from core.secrets import SecretUnavailable
from core.tasks.audit import AuditEntry
from core.tasks.errors import InUse, NameTaken, NotFound
from core.tasks.names import name_key
from core.workspace.accounts import AccountChanges, ExchangeAccount, NewExchangeAccount
from core.workspace.model_configs import ModelChanges, ModelConfig, NewModelConfig

_R = TypeVar("_R", ExchangeAccount, ModelConfig)
_UsedBy = Literal["account_id", "model_id", "strategy_id"]  # the TraderRef field referencing a record


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


class MemoryAuditLog:
    def __init__(self) -> None:
        self.entries: list[AuditEntry] = []
        self.fail_writes = False  # tests: make every write fail, as a broken audit table would

    async def record(self, entry: AuditEntry) -> None:
        if self.fail_writes:
            raise RuntimeError("audit log unavailable")
        self.entries.append(entry)

    async def recent(self, owner: str, limit: int = 50) -> list[AuditEntry]:
        return [e for e in reversed(self.entries) if e.owner == owner][:limit]


@dataclass(frozen=True, slots=True)
class TraderRef:
    """What the delete check needs of a trader (core.traders.memory keeps these for its traders)."""

    owner: str
    name: str
    account_id: str | None
    model_id: str | None
    strategy_id: str | None = None
    id: str | None = None  # the trader's id, when a trader store keeps the reference


@dataclass
class MemoryTraders:
    refs: list[TraderRef] = field(default_factory=list)

    def using(self, used_by: _UsedBy, owner: str, row_id: str) -> list[str]:
        return sorted(t.name for t in self.refs if t.owner == owner and getattr(t, used_by) == row_id)

    def keep(self, ref: TraderRef) -> None:
        """Add or replace (by trader id) the reference of a stored trader."""
        self.refs = [r for r in self.refs if r.id is None or r.id != ref.id]
        self.refs.append(ref)

    def drop(self, trader_id: str) -> None:
        self.refs = [r for r in self.refs if r.id != trader_id]


class _MemoryRecords:
    """What both record repositories share: owned lookup, names, the trader check, atomic audit."""

    used_by: _UsedBy

    def __init__(self, audit: MemoryAuditLog, traders: MemoryTraders, ids: Iterator[int]) -> None:
        self.audit = audit
        self.traders = traders
        self._ids = ids

    def _next_id(self) -> str:
        return str(next(self._ids))

    async def traders_using(self, owner: str, row_id: str) -> list[str]:
        return self.traders.using(self.used_by, owner, row_id)

    async def _write(self, items: dict[str, _R], record: _R, audit: AuditEntry) -> _R:
        await self.audit.record(replace(audit, target_id=record.id, target_name=record.name))
        items[record.id] = record  # only once the audit entry is written
        return record

    async def _delete(self, items: dict[str, _R], owner: str, row_id: str, audit: AuditEntry) -> None:
        found = _mine(items, owner, row_id)
        if found is None:
            raise NotFound(row_id)
        users = self.traders.using(self.used_by, owner, row_id)
        if users:
            raise InUse(tuple(users))
        await self.audit.record(replace(audit, target_id=found.id, target_name=found.name))
        del items[row_id]


class MemoryExchangeAccounts(_MemoryRecords):
    used_by: _UsedBy = "account_id"

    def __init__(self, audit: MemoryAuditLog, traders: MemoryTraders, ids: Iterator[int]) -> None:
        super().__init__(audit, traders, ids)
        self.items: dict[str, ExchangeAccount] = {}

    async def owned(self, owner: str) -> list[ExchangeAccount]:
        return _owned(self.items, owner)

    async def get(self, owner: str, account_id: str) -> ExchangeAccount | None:
        return _mine(self.items, owner, account_id)

    async def create(self, new: NewExchangeAccount, audit: AuditEntry) -> ExchangeAccount:
        _check_name(self.items, new.owner, new.name, None)
        acc = ExchangeAccount(
            id=self._next_id(),
            owner=new.owner,
            name=new.name,
            exchange=new.exchange,
            credentials=dict(new.credentials),
            paper_balance=new.paper_balance,
            created_at=new.now,
            updated_at=new.now,
        )
        return await self._write(self.items, acc, audit)

    async def update(
        self, owner: str, account_id: str, changes: AccountChanges, now: datetime, audit: AuditEntry
    ) -> ExchangeAccount:
        acc = _mine(self.items, owner, account_id)
        if acc is None:
            raise NotFound(account_id)
        name = acc.name
        if changes.name is not None:
            _check_name(self.items, owner, changes.name, account_id)
            name = changes.name
        updated = replace(
            acc, name=name, credentials={**acc.credentials, **changes.credentials}, updated_at=now
        )
        return await self._write(self.items, updated, audit)

    async def delete(self, owner: str, account_id: str, audit: AuditEntry) -> None:
        await self._delete(self.items, owner, account_id, audit)


class MemoryModelConfigs(_MemoryRecords):
    used_by: _UsedBy = "model_id"

    def __init__(self, audit: MemoryAuditLog, traders: MemoryTraders, ids: Iterator[int]) -> None:
        super().__init__(audit, traders, ids)
        self.items: dict[str, ModelConfig] = {}

    async def owned(self, owner: str) -> list[ModelConfig]:
        return _owned(self.items, owner)

    async def get(self, owner: str, model_id: str) -> ModelConfig | None:
        return _mine(self.items, owner, model_id)

    async def create(self, new: NewModelConfig, audit: AuditEntry) -> ModelConfig:
        _check_name(self.items, new.owner, new.name, None)
        cfg = ModelConfig(
            id=self._next_id(),
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
        return await self._write(self.items, cfg, audit)

    async def update(
        self, owner: str, model_id: str, changes: ModelChanges, now: datetime, audit: AuditEntry
    ) -> ModelConfig:
        cfg = _mine(self.items, owner, model_id)
        if cfg is None:
            raise NotFound(model_id)
        if changes.name is not None:
            _check_name(self.items, owner, changes.name, model_id)
        updated = replace(
            cfg,
            name=changes.name if changes.name is not None else cfg.name,
            base_url=changes.base_url if changes.base_url is not None else cfg.base_url,
            model=changes.model if changes.model is not None else cfg.model,
            api_key=changes.api_key if changes.api_key is not None else cfg.api_key,
            enabled=changes.enabled if changes.enabled is not None else cfg.enabled,
            updated_at=now,
        )
        return await self._write(self.items, updated, audit)

    async def delete(self, owner: str, model_id: str, audit: AuditEntry) -> None:
        await self._delete(self.items, owner, model_id, audit)


class MemoryWorkspace:
    """Accounts, model configs, traders and the audit log of one test, sharing one id sequence."""

    def __init__(self) -> None:
        ids = itertools.count(1)
        self.audit = MemoryAuditLog()
        self.traders = MemoryTraders()
        self.accounts = MemoryExchangeAccounts(self.audit, self.traders, ids)
        self.models = MemoryModelConfigs(self.audit, self.traders, ids)

    def add_trader(
        self,
        owner: str,
        name: str,
        *,
        account_id: str | None = None,
        model_id: str | None = None,
        strategy_id: str | None = None,
    ) -> None:
        self.traders.refs.append(TraderRef(owner, name, account_id, model_id, strategy_id))


def _owned(items: dict[str, _R], owner: str) -> list[_R]:
    return [r for r in items.values() if r.owner == owner]  # insertion order: oldest first


def _mine(items: dict[str, _R], owner: str, row_id: str) -> _R | None:
    found = items.get(row_id)
    return found if found is not None and found.owner == owner else None


def _check_name(items: dict[str, _R], owner: str, name: str, own_id: str | None) -> None:
    """Names are unique per owner after folding, as the SQL store's unique constraint has it."""
    key = name_key(name)
    for item in items.values():
        if item.owner == owner and item.id != own_id and name_key(item.name) == key:
            raise NameTaken(name)
