"""What every skill offers the engine."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from core.reply import Reply
from core.routing.router import Route
from core.state import Task
from core.turn import Turn


@runtime_checkable
class Skill(Protocol):
    name: str
    private: bool  # personal data: refused in groups (one rule, in the engine)

    async def start(self, turn: Turn, task: Task) -> Reply:
        """Run a newly routed task: ask for what is missing, confirm, or execute."""
        ...

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        """The user wrote while ``task`` was open. A Reply if the text answers the open
        question; None if it is something else (the engine routes it as a new message)."""
        ...

    async def on_button(self, turn: Turn, task: Task | None, payload: dict[str, Any]) -> Reply:
        """A button of this skill was pressed (the token already claimed). A typed "确认" for
        a pending confirmation arrives here too, with the confirm button's payload."""
        ...


@runtime_checkable
class TaskSkill(Skill, Protocol):
    """A skill whose open tasks survive a switch: the engine keeps them on the resume stack,
    answers side questions in between, and asks the open question again afterwards."""

    async def reprompt(self, turn: Turn, task: Task) -> Reply:
        """Ask the task's current question again (or show its pending confirmation)."""
        ...

    def describe(self, turn: Turn, task: Task) -> str:
        """A short label for the task in the user's language ("添加交易所账户（币安）")."""
        ...
