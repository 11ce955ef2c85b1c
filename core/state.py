"""Persisted conversation and task state (one JSON document per conversation key)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from core.i18n import Locale


def _no_items() -> list[Any]:
    """A new empty list, as ``default_factory``: not ``list`` itself. pydantic asks each factory
    for its signature (``inspect.signature``), and ``list``'s is parsed from its text with the
    tokenize module, whose pattern is compiled for it: some 10 ms of every start (issue 23)."""
    return []


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

ENDED_STATUSES = frozenset(
    {TaskStatus.COMPLETED, TaskStatus.FAILED, TaskStatus.CANCELLED, TaskStatus.EXPIRED}
)


class Task(BaseModel):
    """One typed request, whether the rule router or the planner produced it."""

    id: str
    skill: str
    action: str
    origin: Literal["rule", "model"] = "rule"  # who routed it: a rule, or the planner's task tool
    target_ref: dict[str, str] | None = None  # {id | name | alias}
    slots: dict[str, Any] = Field(default_factory=dict)
    # The slots holding sealed secrets (ciphertext): dropped once the task has ended, so a
    # finished task kept for follow-ups carries no copy of a key.
    sealed: list[str] = Field(default_factory=_no_items)
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

    @property
    def has_ended(self) -> bool:
        return self.status in ENDED_STATUSES

    def seal(self, slot: str, ciphertext: str) -> None:
        """Keep ``ciphertext`` (a sealed secret) as ``slot``'s value until the task ends."""
        self.slots[slot] = ciphertext
        if slot not in self.sealed:
            self.sealed.append(slot)

    def unseal_slot(self, slot: str) -> None:
        """Forget a sealed slot (a corrected exchange's key no longer applies)."""
        self.slots.pop(slot, None)
        if slot in self.sealed:
            self.sealed.remove(slot)

    def forget_secrets(self) -> bool:
        """Drop every sealed value; True when there was one."""
        had = bool(self.sealed)
        for slot in self.sealed:
            self.slots.pop(slot, None)
        self.sealed = []
        return had


class RecordRef(BaseModel):
    """A record the conversation last acted on ("stop it" after "show trader alpha")."""

    skill: str  # the skill managing it (its kind: a trader, a strategy, an account ...)
    name: str
    id: str | None = None


class LastAsk(BaseModel):
    """The conversation's last request as routed, to run again on "again" / "再来一次"."""

    skill: str
    action: str
    slots: dict[str, Any] = Field(default_factory=dict)  # never a secret (core.tasks.given.RESERVED)


class Recall(BaseModel):
    """What "它", "that one", "it", "the same", "again", "刚配的", "the one I just added" refer to:
    the one memory of both readers of those words (core.conversation.references, core.tasks.refs)."""

    coin: str | None = None  # the last coin asked about or traded, "ETHUSDT"
    record: RecordRef | None = None
    record_latest: bool = False  # the record came up after the coin
    ask: LastAsk | None = None
    ids: dict[str, str] = Field(default_factory=dict)  # kind -> id of the last record of each kind


class QueuedAsk(BaseModel):
    """A later ask of a message with several that may need a confirmation, waiting for the task
    an earlier ask opened ("停掉alpha然后删除它": the delete waits for the stop). It is started only
    once that task has completed, so its checks and its own confirmation see the state after it
    ran; if that task ends any other way, it is dropped (core.conversation.queued)."""

    text: str  # the clause as typed, for the person's own words when it cannot be named
    skill: str
    action: str
    slots: dict[str, Any] = Field(default_factory=dict)  # as the clause was read: never a secret
    origin: Literal["rule", "model"] = "rule"
    behind: str  # the id of the task it waits for
    asked_at: datetime


class ConversationState(BaseModel):
    """Everything deskmate remembers about one conversation key."""

    version: int = 1
    locale: Locale | None = None  # an explicit /lang choice
    active: Task | None = None  # the open task, if any
    resume_stack: list[Task] = Field(default_factory=_no_items)  # interrupted tasks, newest last
    last_completed: Task | None = None  # for follow-ups ("那 ETH 呢")
    extra: dict[str, Any] = Field(default_factory=dict)  # small per-skill memory
    recall: Recall = Field(default_factory=Recall)  # the last coin, records and request
    queued: list[QueuedAsk] = Field(default_factory=_no_items)  # later asks waiting their turn, in order

    @model_validator(mode="before")
    @classmethod
    def _recent_refs_recalled(cls, data: Any) -> Any:
        """State saved before session 35 kept the last record of each kind beside ``recall``, as
        ``recent_refs``: read into ``recall.ids`` ("删除刚配的账户" after a restart still finds it)."""
        if not isinstance(data, dict) or "recent_refs" not in data:
            return data
        data = dict(data)
        kept = data.pop("recent_refs") or {}
        recall = data.get("recall") or {}
        recall = recall.model_dump() if isinstance(recall, Recall) else dict(recall)
        data["recall"] = {**recall, "ids": {**kept, **(recall.get("ids") or {})}}
        return data

    @property
    def recent_refs(self) -> dict[str, str]:
        """Kind -> id of the last record of that kind touched ("the one I just added")."""
        return self.recall.ids

    def forget_ended_secrets(self) -> None:
        """Ended tasks keep no sealed secret: only open and interrupted ones still need theirs."""
        for task in (self.active, self.last_completed, *self.resume_stack):
            if task is not None and task.has_ended:
                task.forget_secrets()
