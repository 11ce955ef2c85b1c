"""What every diagnosis skill shares: a one-turn answer carrying diagnosis blocks, private."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Protocol, TypeVar

from core.diagnosis.pasted import PastedError
from core.diagnosis.report import say
from core.i18n import Locale
from core.markets import SymbolRules
from core.reply import Block, Reply, RouteInfo, Status
from core.state import Task, TaskStatus
from core.tasks.actions import Done
from core.tasks.transitions import move
from core.turn import Turn


def rules_detail(locale: Locale, rules: SymbolRules) -> str:
    """ "step 0.00001, min quantity 0.00001, tick 0.01, min amount 5 USDT"; the demo market's
    invented filters say they are demo ones."""
    text = say(
        locale,
        "dx.detail.rules",
        {
            "step": _plain(rules.step_size),
            "min_qty": _plain(rules.min_qty),
            "tick": _plain(rules.tick_size),
            "min_notional": _plain(rules.min_notional),
        },
    )
    return f"{text} {say(locale, 'dx.detail.demo_rules')}" if rules.demo else text


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f") if value else "0"


def finish(
    skill: str, turn: Turn, task: Task, blocks: Sequence[Block], status: Status = Status.COMPLETED
) -> Done:
    """A diagnosis's answer: ``skill`` ran its checks in one turn and answers with ``blocks``,
    privately (it read the person's own accounts and configs)."""
    move(task, TaskStatus.EXECUTING, turn.now)
    move(task, TaskStatus.COMPLETED if status is not Status.FAILED else TaskStatus.FAILED, turn.now)
    reply = Reply(
        status,
        tuple(blocks),
        turn.locale,
        route=RouteInfo(skill, task.action, _public_slots(task.slots), by=task.origin),
        audience="private",
    )
    return Done(reply, ok=status is not Status.FAILED)


class _Record(Protocol):
    @property
    def id(self) -> str: ...


R = TypeVar("R", bound=_Record)


def targeted(task: Task, items: Sequence[R]) -> list[R] | None:
    """The one record the planner's ``diagnose`` tool named (its id in the task's target_ref,
    core.skills.diagnosis.tool), or None when the task names none (a rule reads the message)."""
    wanted = (task.target_ref or {}).get("id")
    if not wanted:
        return None
    return [item for item in items if item.id == wanted]


def pasted_of(raw: object) -> PastedError | None:
    """The pasted error a rule put in the task's slots (core.skills.diagnosis.intents.as_slot)."""
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
