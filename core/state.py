"""Persisted conversation and task state (one JSON document per conversation key)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, Field

from core.i18n import Locale


class TaskStatus(StrEnum):
    IDENTIFIED = "identified"
    COLLECTING = "collecting"
    AWAITING_CONFIRMATION = "awaiting_confirmation"
    EXECUTING = "executing"
    COMPLETED = "completed"
    FAILED = "failed"
    INTERRUPTED = "interrupted"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


OPEN_STATUSES = frozenset(
    {TaskStatus.IDENTIFIED, TaskStatus.COLLECTING, TaskStatus.AWAITING_CONFIRMATION, TaskStatus.EXECUTING}
)


class Task(BaseModel):
    """One typed request, whether the rule router or the planner produced it."""

    id: str
    skill: str
    action: str
    origin: Literal["rule", "model"] = "rule"  # who routed it: a rule, or the planner's task tool
    target_ref: dict[str, str] | None = None  # {id | name | alias}
    slots: dict[str, Any] = Field(default_factory=dict)
    status: TaskStatus = TaskStatus.IDENTIFIED
    asking: str | None = None  # the slot the last question asked for
    needs_confirmation: bool = False
    created_at: datetime
    updated_at: datetime
    # The pending confirmation's buttons (one token group): typed "确认"/"取消" spend the same
    # tokens as the buttons, so a confirmation executes at most once whichever way it arrives.
    confirm_token: str | None = None
    cancel_token: str | None = None
    confirm_expires_at: datetime | None = None
    confirmations: int = 0  # confirm presses so far (an action may ask twice: ActionSpec.confirm_twice)
    # Interrupted tasks remember where they were, so resuming continues at the same step.
    resume_status: TaskStatus | None = None
    resume_offered: bool = False

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


class ConversationState(BaseModel):
    """Everything deskmate remembers about one conversation key."""

    version: int = 1
    locale: Locale | None = None  # an explicit /lang choice
    active: Task | None = None  # the open task, if any
    resume_stack: list[Task] = Field(default_factory=list)  # interrupted tasks, newest last
    last_completed: Task | None = None  # for follow-ups ("那 ETH 呢")
    recent_refs: dict[str, str] = Field(default_factory=dict)  # kind -> id ("the one I just added")
    extra: dict[str, Any] = Field(default_factory=dict)  # small per-skill memory
