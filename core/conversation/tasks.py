"""The conversation's tasks: the open one and the resume stack of interrupted ones.

This is the bookkeeping of the task state machine (core.tasks.transitions): which task is open,
where a finished one is filed, what a new intent does to the open task, and bringing one back.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from core.clock import Clock
from core.conversation.recall import remember_task
from core.i18n import HANT, Locale
from core.skills.base import Skill
from core.skills.registry import SkillSet
from core.state import ConversationState, Task, TaskStatus
from core.tasks import ended, tokens, transitions
from core.turn import Turn

log = logging.getLogger(__name__)

MAX_RESUME_STACK = 5


def open_task(state: ConversationState) -> Task | None:
    """The conversation's active task while it is still open, else None."""
    return state.active if state.active is not None and state.active.is_open else None


def stacked_task(state: ConversationState, task_id: str) -> Task | None:
    """The interrupted task ``task_id`` on the resume stack, if it is still there."""
    return next((t for t in state.resume_stack if t.id == task_id), None)


def find_task(state: ConversationState, task_id: str) -> Task | None:
    """Task ``task_id``, whether active or interrupted."""
    if state.active is not None and state.active.id == task_id:
        return state.active
    return stacked_task(state, task_id)


class TaskBook:
    """Moves tasks between active, the resume stack and "finished", knowing which skills'
    tasks survive a switch (their spec says resumable) and how to name a task to the user."""

    def __init__(self, skills: SkillSet, clock: Clock) -> None:
        self.skills = skills
        self.clock = clock

    def skill_of(self, task: Task) -> Skill | None:
        return self.skills.skill(task.skill)

    def task_skill(self, task: Task) -> Skill | None:
        """The task's skill if its tasks are resumable, else None."""
        return self.skills.skill(task.skill) if self.resumable(task) else None

    def resumable(self, task: Task) -> bool:
        return self.skills.resumable(task.skill)

    def describe(self, turn: Turn, task: Task) -> str:
        skill = self.task_skill(task)
        # A task still missing what its name is made of ("卖出 {coin}" before the coin) is named
        # without the gap: "「卖出」", never "「卖出 」".
        return " ".join(skill.describe(turn, task).split()) if skill is not None else task.skill

    def remember_ended(self, turn: Turn, tasks: Iterable[Task | None]) -> None:
        """Keep the names of the tasks that ended, for a late press of one of their buttons."""

        def name(task: Task, locale: Locale) -> str | None:
            skill = self.skill_of(task)
            if skill is None:
                return None
            asked = turn.locale
            turn.locale = locale  # the skill names a task in the turn's language
            try:
                what = skill.describe(turn, task)
            except Exception:  # a name is a nicety: a task its skill cannot name keeps none
                log.warning("%s could not name its ended task %s", task.skill, task.id, exc_info=True)
                return None
            finally:
                turn.locale = asked
            what = " ".join(what.split())
            return what if what and what != task.skill else None  # a bare skill name names nothing

        ended.remember(turn.state, tasks, name, also=turn.locale if turn.locale == HANT else None)

    def settle(self, state: ConversationState, task: Task) -> None:
        """Keep an open task active; file a finished one as the context for follow-ups."""
        task.updated_at = self.clock.now()
        remember_task(state.recall, task)  # what "它" / "it" means next
        if task.is_open:
            state.active = task
        else:
            if state.active is not None and state.active.id == task.id:
                state.active = None
            if task.status in (TaskStatus.COMPLETED, TaskStatus.FAILED):
                state.last_completed = task

    def interrupt(self, state: ConversationState, task: Task) -> None:
        """A new clear intent replaces the open task. A question that only picked a coin is
        simply dropped; resumable tasks go on the resume stack, where they were."""
        if state.active is not None and state.active.id == task.id:
            state.active = None
        now = self.clock.now()
        if not self.resumable(task):
            transitions.move(task, TaskStatus.CANCELLED, now)
            return
        transitions.interrupt(task, now)
        tokens.forget(task)  # a shelved confirmation's buttons die with the pause: resuming shows fresh ones
        task.resume_offered = False
        others = [t for t in state.resume_stack if t.id != task.id]
        state.resume_stack = [*others[-(MAX_RESUME_STACK - 1) :], task]

    def restore(self, turn: Turn, task: Task) -> None:
        """Bring an interrupted task back as the open one (interrupting whatever is open now)."""
        state = turn.state
        state.resume_stack = [t for t in state.resume_stack if t.id != task.id]
        current = open_task(state)
        if current is not None and current.id != task.id:
            self.interrupt(state, current)
        transitions.resume(task, turn.now, turn.trace)
        task.resume_offered = False
        state.active = task
