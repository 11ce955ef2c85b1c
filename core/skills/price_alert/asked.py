"""A create task's helpers: its alert spec, a task of its own for one alert, and the coin asked
for when a request is whole but for it ("从现在起涨5%提醒我", "alert me when it goes above 5000"):
the task waits (collecting, asking "symbol") and a bare coin ("BTC", "比特币") goes on with it; the
level asked for likewise when only the coin was said ("add an alert for btc": asking "level")."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Literal, cast

from core.routing.router import Route
from core.skills.price_alert.intents import SKILL
from core.skills.price_alert.model import AlertSpec, Condition, Window
from core.state import Task, TaskStatus
from core.tasks.answers import coins_answered
from core.tasks.transitions import move
from core.turn import Turn


def wants_coin(slots: Mapping[str, Any]) -> bool:
    """A request whole but for its coin: a level, a move or a multiple of the price now."""
    return not slots.get("symbol") and any(slots.get(k) for k in ("condition", "level", "times", "from_now"))


def wants_level(slots: Mapping[str, Any]) -> bool:
    """A request whole but for what to watch ("add an alert for btc", "给大饼加个提醒"): its coin said,
    no level, move or multiple of the price now. Asked, nothing set until it is told."""
    return bool(slots.get("symbol")) and not any(
        slots.get(k) for k in ("condition", "level", "times", "from_now", "also")
    )


def ask_level(task: Task, now: datetime) -> None:
    move(task, TaskStatus.COLLECTING, now)
    task.asking = "level"


def ask_coin(task: Task, now: datetime) -> None:
    move(task, TaskStatus.COLLECTING, now)
    task.asking = "symbol"


def coin_answered(task: Task, route: Route | None) -> bool:
    """A bare coin answers "which coin?" (the task's symbol set); anything else is not an answer."""
    symbols = coins_answered(task, route)
    if symbols is None or len(symbols) != 1:
        return False
    task.asking = None
    task.slots["symbol"] = symbols[0]
    return True


def spec_from(slots: dict[str, Any]) -> AlertSpec:
    """An AlertSpec from validated slots (create, or a "set it anyway" button's payload)."""
    cooldown = slots.get("cooldown")
    return AlertSpec(
        symbol=str(slots["symbol"]),
        condition=cast(Condition, slots["condition"]),
        level=Decimal(str(slots["level"])),
        window=cast(Window | None, slots.get("window")),
        repeat=bool(slots.get("repeat", False)),
        cooldown=timedelta(minutes=int(cooldown)) if cooldown is not None else None,
    )


def create_task(turn: Turn, slots: dict[str, Any], origin: Literal["rule", "model"] = "rule") -> Task:
    """A create task of its own for one alert's slots (each alert of a two-level request, or a
    "Set it anyway")."""
    return Task(
        id=secrets.token_hex(6),
        skill=SKILL,
        action="create",
        slots=slots,
        created_at=turn.now,
        updated_at=turn.now,
        origin=origin,
    )
