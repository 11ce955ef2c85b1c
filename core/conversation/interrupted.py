"""A task a dead process left "executing": after the grace period, find out and say what happened.

A task is saved as "executing" before its action runs, and saved again once it has finished. One
still "executing" past EXECUTING_GRACE lost its process somewhere in between: the action may or
may not have run. A skill that can tell (Recoverable: it looks at the record the action was
about) settles the task and says which; the others keep the plain "interrupted, please check"
of TaskLifecycle.expire_stale. Within the grace period the busy guard still holds the turn off.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from core.conversation.lifecycle import EXECUTING_GRACE
from core.conversation.tasks import TaskBook, open_task
from core.reply import Block
from core.state import Task, TaskStatus
from core.turn import Turn


@runtime_checkable
class Recoverable(Protocol):
    async def recover(self, turn: Turn, task: Task) -> list[Block]:
        """``task`` was left "executing" by a process that died. Find out whether its action ran:
        if it did, complete the task; if not (or if it cannot be told), ask for a fresh
        confirmation so it can be run again or cancelled. The notices saying so."""
        ...


async def recover_interrupted(turn: Turn, book: TaskBook) -> list[Block]:
    task = open_task(turn.state)
    if (
        task is None
        or task.status is not TaskStatus.EXECUTING
        or turn.now - task.updated_at <= EXECUTING_GRACE
    ):
        return []
    skill = book.skill_of(task)
    if not isinstance(skill, Recoverable):
        return []
    notices = await skill.recover(turn, task)
    book.settle(turn.state, task)
    return notices
