"""Model configs (OpenAI-compatible APIs): the record, its changes, and the repository port.

Same rules as exchange accounts: names unique per owner, deletion refused while a trader uses the
config, every change written with its audit entry in one transaction, ids opaque strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final, Protocol

from core.services import ServiceKey
from core.tasks.audit import AuditEntry


@dataclass(frozen=True, slots=True)
class ModelConfig:
    id: str
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


class ModelConfigRepository(Protocol):
    async def owned(self, owner: str) -> list[ModelConfig]:
        """The owner's model configs, oldest first."""
        ...

    async def get(self, owner: str, model_id: str) -> ModelConfig | None: ...

    async def create(self, new: NewModelConfig, audit: AuditEntry) -> ModelConfig: ...

    async def update(
        self, owner: str, model_id: str, changes: ModelChanges, now: datetime, audit: AuditEntry
    ) -> ModelConfig: ...

    async def delete(self, owner: str, model_id: str, audit: AuditEntry) -> None: ...

    async def traders_using(self, owner: str, model_id: str) -> list[str]: ...


MODEL_CONFIGS: Final = ServiceKey[ModelConfigRepository]("model config repository")
