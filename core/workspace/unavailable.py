"""Skills that are recognised but arrive in later parts: a clear "not available yet"."""

from __future__ import annotations

from typing import Any

from core.reply import NoticeBlock, Reply, RouteInfo, Status
from core.routing.router import Route
from core.state import Task, TaskStatus
from core.turn import Turn
from core.workspace import messages as _messages  # noqa: F401

LATER_SKILLS = (
    "trader_management",
    "strategy_management",
    "exchange_diagnosis",
    "trader_diagnosis",
    "model_diagnosis",
)


class UnavailableSkill:
    private = False  # it only says what is missing; nothing personal is shown

    def __init__(self, name: str) -> None:
        self.name = name

    async def start(self, turn: Turn, task: Task) -> Reply:
        task.status = TaskStatus.FAILED
        text = turn.t("ws.not_available", what=turn.t(f"ws.later.{self.name}"))
        return Reply(
            Status.FAILED,
            (NoticeBlock(text, "info", "not_available_yet"),),
            turn.locale,
            route=RouteInfo(self.name, task.action, dict(task.slots), by="rule"),
        )

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        return None

    async def on_button(self, turn: Turn, task: Task | None, payload: dict[str, Any]) -> Reply:
        return Reply(
            Status.FAILED, (NoticeBlock(turn.t("button.unknown"), "warning", "button_unknown"),), turn.locale
        )
