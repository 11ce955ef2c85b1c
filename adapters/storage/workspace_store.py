"""SqlWorkspaceStore: core.workspace.WorkspaceStore on SQLAlchemy Core (SQLite or PostgreSQL).

Tables: exchange_accounts, model_configs, audit_log, and traders (created now with just what the
delete check needs; part 2 adds the rest by migration). Names are unique per owner through a
unique constraint on (owner, name_key), name_key being the case- and width-folded name. Secrets
arrive already encrypted by the core's SecretBox: this module never sees a plain credential.

Delete refusal: inside the delete's transaction the store looks up traders referencing the row
and raises InUse naming them; the foreign keys (ON DELETE RESTRICT) back this up against a trader
created concurrently.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import (
    Boolean,
    ColumnElement,
    ForeignKey,
    Index,
    Integer,
    Row,
    Select,
    String,
    Table,
    Text,
    UniqueConstraint,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.tables import Base, UTCDateTime
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
)

logger = logging.getLogger(__name__)


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


class ModelConfigRow(Base):
    __tablename__ = "model_configs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    owner: Mapped[str] = mapped_column(String)
    name: Mapped[str] = mapped_column(String)
    name_key: Mapped[str] = mapped_column(String)
    provider: Mapped[str] = mapped_column(String)
    base_url: Mapped[str] = mapped_column(String)
    model: Mapped[str] = mapped_column(String)
    api_key: Mapped[str] = mapped_column(Text)  # a Fernet token
    enabled: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (
        UniqueConstraint("owner", "name_key", name="uq_model_configs_owner_name"),
        {"sqlite_autoincrement": True},
    )


class TraderRow(Base):
    """Only what the workspace needs today: which traders use which account / model config."""

    __tablename__ = "traders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    owner: Mapped[str] = mapped_column(String)
    name: Mapped[str] = mapped_column(String)
    name_key: Mapped[str] = mapped_column(String)
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("exchange_accounts.id", ondelete="RESTRICT"), nullable=True, index=True
    )
    model_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("model_configs.id", ondelete="RESTRICT"), nullable=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (
        UniqueConstraint("owner", "name_key", name="uq_traders_owner_name"),
        {"sqlite_autoincrement": True},
    )


class AuditLogRow(Base):
    """Who did what, when, with what outcome. Field names only: never a secret."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    owner: Mapped[str] = mapped_column(String)
    actor: Mapped[str] = mapped_column(String)
    skill: Mapped[str] = mapped_column(String)
    action: Mapped[str] = mapped_column(String)
    target_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    target_name: Mapped[str | None] = mapped_column(String, nullable=True)
    outcome: Mapped[str] = mapped_column(String)
    detail: Mapped[str] = mapped_column(Text)  # JSON object of strings

    __table_args__ = (Index("ix_audit_log_owner_at", "owner", "at"), {"sqlite_autoincrement": True})


exchange_accounts = cast(Table, ExchangeAccountRow.__table__)
model_configs = cast(Table, ModelConfigRow.__table__)
traders = cast(Table, TraderRow.__table__)
audit_log = cast(Table, AuditLogRow.__table__)


class SqlWorkspaceStore:
    """Exchange accounts, model configs, the trader reference check and the audit log."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    # -- exchange accounts -----------------------------------------------------------------------

    async def list_accounts(self, owner: str) -> list[ExchangeAccount]:
        return [_account(r) for r in await self._owned(exchange_accounts, owner)]

    async def get_account(self, owner: str, account_id: int) -> ExchangeAccount | None:
        async with self._engine.connect() as conn:
            row = await self._row(conn, exchange_accounts, owner, account_id)
        return _account(row) if row is not None else None

    async def create_account(self, new: NewExchangeAccount) -> ExchangeAccount:
        values = {
            "owner": new.owner,
            **_name_columns(new.name),
            "exchange": new.exchange,
            "credentials": json.dumps(new.credentials, sort_keys=True),
            "paper_balance": str(new.paper_balance) if new.paper_balance is not None else None,
            "created_at": new.now,
            "updated_at": new.now,
        }
        return _account(await self._insert(exchange_accounts, values, new.name))

    async def update_account(
        self, owner: str, account_id: int, changes: AccountChanges, now: datetime
    ) -> ExchangeAccount:
        a = exchange_accounts.c
        try:
            async with self._engine.begin() as conn:
                # PostgreSQL: the row lock makes concurrent credential edits merge, not clobber.
                row = await self._row(conn, exchange_accounts, owner, account_id, for_update=True)
                if row is None:
                    raise NotFound(str(account_id))
                values: dict[str, Any] = {"updated_at": now}
                if changes.name is not None:
                    values |= _name_columns(changes.name)
                if changes.credentials:
                    merged = {**json.loads(row.credentials), **changes.credentials}
                    values["credentials"] = json.dumps(merged, sort_keys=True)
                stmt = (
                    update(exchange_accounts)
                    .where(a.id == account_id, a.owner == owner)
                    .values(**values)
                    .returning(*exchange_accounts.c)
                )
                updated = (await conn.execute(stmt)).one()
        except IntegrityError:
            raise NameTaken(changes.name or "") from None
        return _account(updated)

    async def delete_account(self, owner: str, account_id: int) -> None:
        await self._delete_unused(exchange_accounts, traders.c.account_id, owner, account_id)

    async def traders_using_account(self, owner: str, account_id: int) -> list[str]:
        return await self._names(_users(traders.c.account_id, owner, account_id))

    # -- model configs ---------------------------------------------------------------------------

    async def list_models(self, owner: str) -> list[ModelConfig]:
        return [_model(r) for r in await self._owned(model_configs, owner)]

    async def get_model(self, owner: str, model_id: int) -> ModelConfig | None:
        async with self._engine.connect() as conn:
            row = await self._row(conn, model_configs, owner, model_id)
        return _model(row) if row is not None else None

    async def create_model(self, new: NewModelConfig) -> ModelConfig:
        values = {
            "owner": new.owner,
            **_name_columns(new.name),
            "provider": new.provider,
            "base_url": new.base_url,
            "model": new.model,
            "api_key": new.api_key,
            "enabled": new.enabled,
            "created_at": new.now,
            "updated_at": new.now,
        }
        return _model(await self._insert(model_configs, values, new.name))

    async def update_model(
        self, owner: str, model_id: int, changes: ModelChanges, now: datetime
    ) -> ModelConfig:
        m = model_configs.c
        values: dict[str, Any] = {"updated_at": now}
        if changes.name is not None:
            values |= _name_columns(changes.name)
        for field in ("base_url", "model", "api_key", "enabled"):
            value = getattr(changes, field)
            if value is not None:
                values[field] = value
        stmt = (
            update(model_configs)
            .where(m.id == model_id, m.owner == owner)
            .values(**values)
            .returning(*model_configs.c)
        )
        try:
            async with self._engine.begin() as conn:
                row = (await conn.execute(stmt)).first()
        except IntegrityError:
            raise NameTaken(changes.name or "") from None
        if row is None:
            raise NotFound(str(model_id))
        return _model(row)

    async def delete_model(self, owner: str, model_id: int) -> None:
        await self._delete_unused(model_configs, traders.c.model_id, owner, model_id)

    async def traders_using_model(self, owner: str, model_id: int) -> list[str]:
        return await self._names(_users(traders.c.model_id, owner, model_id))

    # -- audit -----------------------------------------------------------------------------------

    async def record_audit(self, entry: AuditEntry) -> None:
        values = {
            "at": entry.at,
            "owner": entry.owner,
            "actor": entry.actor,
            "skill": entry.skill,
            "action": entry.action,
            "target_id": entry.target_id,
            "target_name": entry.target_name,
            "outcome": entry.outcome,
            "detail": json.dumps(entry.detail, sort_keys=True, ensure_ascii=False),
        }
        async with self._engine.begin() as conn:
            await conn.execute(insert(audit_log).values(**values))

    async def list_audit(self, owner: str, limit: int = 50) -> list[AuditEntry]:
        c = audit_log.c
        stmt = select(audit_log).where(c.owner == owner).order_by(c.at.desc(), c.id.desc()).limit(limit)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(stmt)).all()
        return [
            AuditEntry(
                owner=r.owner,
                actor=r.actor,
                at=r.at,
                skill=r.skill,
                action=r.action,
                target_id=r.target_id,
                target_name=r.target_name,
                outcome=r.outcome,
                detail=json.loads(r.detail),
            )
            for r in rows
        ]

    # -- helpers ---------------------------------------------------------------------------------

    async def _owned(self, table: Table, owner: str) -> Sequence[Row[Any]]:
        c = table.c
        stmt = select(table).where(c.owner == owner).order_by(c.id)
        async with self._engine.connect() as conn:
            return (await conn.execute(stmt)).all()

    @staticmethod
    async def _row(
        conn: AsyncConnection, table: Table, owner: str, row_id: int, *, for_update: bool = False
    ) -> Row[Any] | None:
        c = table.c
        stmt = select(table).where(c.id == row_id, c.owner == owner)
        if for_update:
            stmt = stmt.with_for_update()
        return (await conn.execute(stmt)).first()

    async def _insert(self, table: Table, values: dict[str, Any], name: str) -> Row[Any]:
        """Insert one named row; the (owner, name_key) unique constraint turns a clash into NameTaken."""
        stmt = insert(table).values(**values).returning(*table.c)
        try:
            async with self._engine.begin() as conn:
                return (await conn.execute(stmt)).one()
        except IntegrityError:
            raise NameTaken(name) from None

    async def _names(self, stmt: Select[str]) -> list[str]:
        async with self._engine.connect() as conn:
            return list((await conn.execute(stmt)).scalars())

    async def _delete_unused(
        self, table: Table, used_by: ColumnElement[Any], owner: str, row_id: int
    ) -> None:
        """Delete one row unless a trader uses it (via ``used_by``): check and delete in one transaction."""
        c = table.c
        mine = (c.id == row_id, c.owner == owner)
        users = _users(used_by, owner, row_id)
        try:
            async with self._engine.begin() as conn:
                if (await conn.execute(select(c.id).where(*mine).with_for_update())).first() is None:
                    raise NotFound(str(row_id))
                names = list((await conn.execute(users)).scalars())
                if names:
                    raise InUse(tuple(names))
                await conn.execute(delete(table).where(*mine))
        except IntegrityError:
            # A trader was attached between the check and the delete: the foreign key refused it.
            raise InUse(tuple(await self._names(users)) or ("?",)) from None


def _name_columns(name: str) -> dict[str, str]:
    """A name and its uniqueness key (case- and width-folded) are always written together."""
    return {"name": name, "name_key": name_key(name)}


def _users(used_by: ColumnElement[Any], owner: str, row_id: int) -> Select[str]:
    """The names of the owner's traders referencing ``row_id`` through the column ``used_by``."""
    t = traders.c
    return select(t.name).where(t.owner == owner, used_by == row_id).order_by(t.name)


def _account(row: Row[Any]) -> ExchangeAccount:
    return ExchangeAccount(
        id=row.id,
        owner=row.owner,
        name=row.name,
        exchange=row.exchange,
        credentials=dict(json.loads(row.credentials)),
        paper_balance=Decimal(row.paper_balance) if row.paper_balance is not None else None,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _model(row: Row[Any]) -> ModelConfig:
    return ModelConfig(
        id=row.id,
        owner=row.owner,
        name=row.name,
        provider=row.provider,
        base_url=row.base_url,
        model=row.model,
        api_key=row.api_key,
        enabled=bool(row.enabled),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )
