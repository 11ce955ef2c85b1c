"""The audit log: who did what, when, with what outcome. Never a secret: fields are named, not shown.

A change and its audit row are one transaction: a repository's create / update / delete takes the
entry and writes it with the change (a failed audit write undoes the change). Outcomes that change
nothing (a refusal, a failure, a query) are recorded through the AuditLog port on their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Final, Literal, Protocol

from core.services import ServiceKey

Outcome = Literal["ok", "refused", "failed"]


@dataclass(frozen=True, slots=True)
class AuditEntry:
    owner: str
    actor: str  # the conversation key it came from
    at: datetime
    skill: str
    action: str
    target_id: str | None  # a record created by this action: filled in by its repository
    target_name: str | None
    outcome: Outcome
    detail: dict[str, str] = field(default_factory=dict)


class AuditLog(Protocol):
    async def record(self, entry: AuditEntry) -> None:
        """Append one entry that goes with no change (a refusal, a failure, a read)."""
        ...

    async def recent(self, owner: str, limit: int = 50) -> list[AuditEntry]:
        """Newest first."""
        ...


AUDIT_LOG: Final = ServiceKey[AuditLog]("audit log")
