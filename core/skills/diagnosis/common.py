"""What every diagnosis skill shares: a one-turn answer carrying diagnosis blocks, private."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.diagnosis.pasted import PastedError
from core.reply import Block, Reply, RouteInfo, Status
from core.skills.base import OneShotSkill
from core.state import Task, TaskStatus
from core.tasks.actions import Done
from core.tasks.transitions import move
from core.turn import Turn


class DiagnosisSkill(OneShotSkill):
    """A skill that runs its checks in one turn and answers with diagnosis blocks. Private: it
    reads the person's own accounts and configs."""

    private = True

    def finish(
        self, turn: Turn, task: Task, blocks: Sequence[Block], status: Status = Status.COMPLETED
    ) -> Done:
        move(task, TaskStatus.EXECUTING, turn.now)
        move(task, TaskStatus.COMPLETED if status is not Status.FAILED else TaskStatus.FAILED, turn.now)
        reply = Reply(
            status,
            tuple(blocks),
            turn.locale,
            route=RouteInfo(self.name, task.action, _public_slots(task.slots), by=task.origin),
            audience="private",
        )
        return Done(reply, ok=status is not Status.FAILED)


def pasted_of(raw: object) -> PastedError | None:
    """The pasted error a rule put in the task's slots (core.skills.diagnosis.rules.as_slot)."""
    if not isinstance(raw, dict):
        return None
    status = raw.get("status")
    source = raw.get("source")
    return PastedError(
        source=source if source in ("binance", "okx", "bybit", "model", "http") else "http",
        code=str(raw.get("code", "")),
        message=str(raw.get("message", "")),
        status=status if isinstance(status, int) else None,
        kind=str(raw["kind"]) if raw.get("kind") else None,
    )


def _public_slots(slots: dict[str, Any]) -> dict[str, Any]:
    return dict(slots)
