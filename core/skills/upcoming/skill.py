"""Skills that are recognised but arrive in later parts: a clear "not available yet".

Their rules route what they will handle (so "start my BTC trader" is not read as a price
question), and every action they declare answers that it is not available yet.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.reply import NoticeBlock, Reply, RouteInfo, Status
from core.routing.router import Route
from core.skills.base import OneShotSkill
from core.skills.upcoming import messages as _messages  # noqa: F401 - the "ws.later." texts
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Done
from core.tasks.transitions import move
from core.turn import Turn
from core.workspace.reading import Domain, read


class UnavailableSkill(OneShotSkill):
    def __init__(self, name: str, actions: Mapping[str, ActionSpec[UnavailableSkill]]) -> None:
        super().__init__(actions)
        self.name = name

    async def not_yet(self, turn: Turn, task: Task) -> Done:
        """The executor of every action: says what is missing, changes nothing."""
        move(task, TaskStatus.FAILED, turn.now)
        text = turn.t("ws.not_available", what=turn.t(f"ws.later.{self.name}"))
        reply = Reply(
            Status.FAILED,
            (NoticeBlock(text, "info", "not_available_yet"),),
            turn.locale,
            route=RouteInfo(self.name, task.action, dict(task.slots), by=task.origin),
        )
        return Done(reply, ok=False)


def not_yet_actions(*names: str) -> dict[str, ActionSpec[UnavailableSkill]]:
    return {name: ActionSpec(run=UnavailableSkill.not_yet, writes=False) for name in names}


class DiagnosisRule:
    """Reports that something of the domain does not work ("我的币安账户连不上")."""

    def __init__(self, skill: str, domain: Domain) -> None:
        self.skill = skill
        self.domain = domain

    def route(self, text: str) -> Route | None:
        reading = read(text)
        if reading is None or not reading.problem or reading.domain != self.domain:
            return None
        return Route(self.skill, "diagnose")
