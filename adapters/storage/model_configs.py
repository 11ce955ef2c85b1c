"""The model config repository (core.workspace.model_configs) on SQLAlchemy Core.

The API key arrives already sealed by the core's SecretBox: this module never sees a plain one.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Boolean, Integer, Row, String, Table, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.records import SqlRecords, name_columns
from adapters.storage.tables import Base, UTCDateTime
from adapters.storage.traders import traders
from core.tasks.audit import AuditEntry
from core.workspace.model_configs import ModelChanges, ModelConfig, NewModelConfig

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine


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


model_configs = cast(Table, ModelConfigRow.__table__)


class SqlModelConfigs(SqlRecords):
    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine, model_configs, traders.c.model_id)

    async def owned(self, owner: str) -> list[ModelConfig]:
        return [_model(r) for r in await self._owned(owner)]

    async def get(self, owner: str, model_id: str) -> ModelConfig | None:
        row = await self._get(owner, model_id)
        return _model(row) if row is not None else None

    async def create(self, new: NewModelConfig, audit: AuditEntry) -> ModelConfig:
        values = {
            "owner": new.owner,
            **name_columns(new.name),
            "provider": new.provider,
            "base_url": new.base_url,
            "model": new.model,
            "api_key": new.api_key,
            "enabled": new.enabled,
            "created_at": new.now,
            "updated_at": new.now,
        }
        return _model(await self._insert(values, audit))

    async def update(
        self, owner: str, model_id: str, changes: ModelChanges, now: datetime, audit: AuditEntry
    ) -> ModelConfig:
        values: dict[str, Any] = {"updated_at": now}
        if changes.name is not None:
            values |= name_columns(changes.name)
        for field in ("base_url", "model", "api_key", "enabled"):
            value = getattr(changes, field)
            if value is not None:
                values[field] = value
        return _model(await self._update(owner, model_id, values, audit))

    async def delete(self, owner: str, model_id: str, audit: AuditEntry) -> None:
        await self._delete(owner, model_id, audit)

    async def traders_using(self, owner: str, model_id: str) -> list[str]:
        return await self._traders_using(owner, model_id)


def _model(row: Row[Any]) -> ModelConfig:
    return ModelConfig(
        id=str(row.id),
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
