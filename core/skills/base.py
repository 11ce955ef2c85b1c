"""What every skill offers the engine (the engine knows skills only through this and the registry)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from core.reply import Block, NoticeBlock, Reply, Status
from core.routing.router import Route
from core.state import Task
from core.tasks.actions import ActionSpec
from core.turn import Turn


class Skill(Protocol):
    """A built skill. Its name, privacy and resumability are declared by its SkillSpec."""

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

    async def reprompt(self, turn: Turn, task: Task) -> Reply:
        """Ask the task's current question again (or show its pending confirmation): for
        resumable skills, after a side question or a resume."""
        ...

    def describe(self, turn: Turn, task: Task) -> str:
        """A short label for the task in the user's language ("添加交易所账户（币安）")."""
        ...

    def asks_secret(self, task: Task) -> bool:
        """``task``'s last question asked for a secret (kept while it is interrupted or expired),
        so a stray key typed later is dropped rather than handed to a model."""
        ...


@runtime_checkable
class Redirecting(Protocol):
    """A skill some of whose requests may be another skill's, which only what the person owns
    tells: "delete main" reads as an exchange account, but "main" may be their strategy."""

    async def redirect(self, turn: Turn, task: Task) -> Route | Reply | None:
        """Before ``task`` starts: None to start it here; a Route to start instead (the task
        never began); or a Reply that answers the request itself (e.g. "which one?" buttons
        that each start a request)."""
        ...


class InboundHook(Protocol):
    """Runs before every message is answered (not button presses), whatever it routes to: what
    a skill must say or do when a person writes at all (e.g. "your paused alerts are back on").
    Its blocks go on top of the answer. It must be cheap (one indexed read in the usual case)
    and must not fail the turn: the engine logs and ignores its errors."""

    async def on_inbound(self, turn: Turn) -> Sequence[Block]: ...


class OwnNames(Protocol):
    """A skill's records the person named, by kind ({"alert": ["dip buyer"]}), read with the
    turn's other record names when routing wants them (core.language.own_names): "delete dip
    buyer" names their alert. Only on the turns that load names; one indexed read."""

    async def names(self, turn: Turn) -> Mapping[str, Sequence[str]]: ...


class OneShotSkill:
    """A skill that answers in one turn: it runs the task's declared executor; nothing to
    continue, resume or keep secret."""

    name: str = ""

    def __init__(self, actions: Mapping[str, ActionSpec[Any]]) -> None:
        self.actions = actions

    async def start(self, turn: Turn, task: Task) -> Reply:
        action = self.actions.get(task.action)
        if action is None or action.run is None:  # the engine refuses these before a skill sees them
            raise LookupError(f"{self.name}: undeclared action {task.action!r}")
        return (await action.run(self, turn, task)).reply

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        return None

    async def on_button(self, turn: Turn, task: Task | None, payload: dict[str, Any]) -> Reply:
        notice = NoticeBlock(turn.t("button.unknown"), "warning", "button_unknown")
        return Reply(Status.FAILED, (notice,), turn.locale)

    async def reprompt(self, turn: Turn, task: Task) -> Reply:
        return await self.start(turn, task)

    def describe(self, turn: Turn, task: Task) -> str:
        return self.name

    def asks_secret(self, task: Task) -> bool:
        return False
