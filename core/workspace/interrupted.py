"""Did an interrupted workspace action run? The record it was about tells (core.conversation.interrupted).

The "executing" checkpoint stamps the task with the turn's time, and the action stamps its record
with the same time: a created record's ``created_at``, an updated one's ``updated_at``. So:
- create: a record of that name created at that instant ran; none (or another's) did not;
- update: the record's last change at that instant ran; an older one did not;
- delete: the record is gone.
A finished one is completed (its audit row committed with the change, so there is nothing to add);
the others get a fresh confirmation, so the user can run it again or cancel it. Running one again is safe
either way: a duplicate name is refused, a deleted record is "already gone".
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from core.reply import Block, NoticeBlock
from core.state import Task, TaskStatus
from core.tasks import tokens
from core.tasks.flow import owner_of
from core.tasks.names import name_key
from core.turn import Turn

if TYPE_CHECKING:
    from core.workspace.records import RecordFlow


class Ran(StrEnum):
    YES = "done"
    NO = "not_run"
    UNKNOWN = "unknown"


async def ran(skill: RecordFlow, turn: Turn, task: Task) -> Ran:
    executed_at = task.updated_at  # the "executing" checkpoint's time, which the action stamped
    if task.action == "create":
        record = await _created(skill, turn, task)
        return Ran.YES if record is not None and record.created_at == executed_at else Ran.NO
    record = await skill.records.current(turn, task)
    if task.action == "delete":
        return Ran.YES if record is None else Ran.NO
    if record is None:
        return Ran.UNKNOWN  # deleted since: whatever the update did is gone with it
    return Ran.YES if record.updated_at == executed_at else Ran.NO


async def recover(skill: RecordFlow, turn: Turn, task: Task) -> list[Block]:
    outcome = await ran(skill, turn, task)
    what = skill.describe(turn, task)
    notice = NoticeBlock(
        turn.t(f"ws.interrupted_{outcome.value}", what=what), "warning", f"interrupted_{outcome.value}"
    )
    if outcome is Ran.YES:
        skill.transition(turn, task, TaskStatus.COMPLETED)
        return [notice]
    # Asked again from the top with a fresh confirmation (create and rename included): its
    # question shows with this turn's answer, and "确认" / "取消" work on it as always.
    task.needs_confirmation = True
    tokens.forget(task)
    skill.transition(turn, task, TaskStatus.COLLECTING)
    asked = await skill.advance(turn, task)
    return [notice] if task.status is TaskStatus.AWAITING_CONFIRMATION else [notice, *asked.blocks]


async def _created(skill: RecordFlow, turn: Turn, task: Task) -> Any:
    """The owner's record carrying the name a create task was to give (whoever created it)."""
    wanted = name_key(str(task.slots.get("name", "")))
    return next((r for r in await skill.records.owned(owner_of(turn)) if name_key(r.name) == wanted), None)
