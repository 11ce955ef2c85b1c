"""A close tie between intents: "did you mean …?" with a button per candidate.

The language layer scores every skill's intents; when another skill's intent scores as well as
the best one, the route says so (``Route.close``: "skill.action" names). The engine then asks
which one was meant instead of guessing; each candidate is the message read as that intent
(``Layer.route_as``), or that intent with no slots when it cannot read them (its skill asks for
what is missing). The pressed button starts its request as if it had been routed (a
"task.route" button: the engine checks the route again), a risky one with its confirmation.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Protocol, runtime_checkable

from core.reply import NoticeBlock, Reply, RouteInfo, Status, TraceStep
from core.routing.router import Route, RouteContext
from core.skills.registry import SkillSet
from core.state import Task
from core.turn import Turn

log = logging.getLogger(__name__)

MAX_CHOICES = 3  # buttons offered; a longer tie shows its best three
CHOICE_TTL = timedelta(minutes=30)


@runtime_checkable
class ReadsAs(Protocol):
    """What reads a message as one named intent (the language layer)."""

    def route_as(self, name: str, text: str, context: RouteContext) -> Route | None: ...


def ties(
    route: Route | None, reader: object, text: str, context: RouteContext, skills: SkillSet
) -> list[Route]:
    """The candidates of a close tie, best first, that the registered skills declare (one nobody
    can run is never offered); empty when the route stands alone."""
    if route is None or not route.close:
        return []
    found = [route]
    for name in route.close:
        other = reader.route_as(name, text, context) if isinstance(reader, ReadsAs) else None
        if other is None:
            skill, _, action = name.partition(".")
            other = Route(skill, action or None)
        if not skills.declares(other) or skills.skill(other.skill) is None:
            log.error("a tie offered the undeclared action %s; left out", name)
            continue
        if all((r.skill, r.action) != (other.skill, other.action) for r in found):
            found.append(other)
    return found[:MAX_CHOICES] if len(found) > 1 else []


def _label(turn: Turn, skills: SkillSet, route: Route) -> str:
    """A candidate as a person reads it: its skill's own words for such a task, else the first
    example its skill gives, else its name."""
    skill = skills.skill(route.skill)
    spec = skills.spec(route.skill)
    slots = {k: v for k, v in route.slots.items() if k != "target_ref"}
    target = route.slots.get("target_ref")
    task = Task(
        id="choice",
        skill=route.skill,
        action=route.action or (spec.default_action if spec else None) or "",
        slots=slots,
        target_ref=dict(target) if isinstance(target, dict) else None,
        created_at=turn.now,
        updated_at=turn.now,
    )
    try:
        said = skill.describe(turn, task) if skill is not None else ""
    except Exception:  # a describe that needs state the task has not got yet
        said = ""
    if said and said != route.skill:
        return said
    examples = spec.help.examples(turn.locale) if spec is not None and spec.help is not None else ()
    return examples[0] if examples else route.skill


async def did_you_mean(turn: Turn, candidates: list[Route], skills: SkillSet) -> Reply:
    """Ask which of ``candidates`` was meant: one button each, pressing one starts it."""
    options: list[tuple[str, dict[str, Any]]] = [
        (
            _label(turn, skills, route),
            {"kind": "task.route", "skill": route.skill, "action": route.action, "slots": dict(route.slots)},
        )
        for route in candidates
    ]
    buttons = await turn.buttons(options, ttl=CHOICE_TTL)
    step = TraceStep(
        "route", "tie", {"candidates": [{"skill": r.skill, "action": r.action} for r in candidates]}
    )
    return Reply(
        Status.NEEDS_INPUT,
        (NoticeBlock(turn.t("choice.did_you_mean"), "info", "did_you_mean"),),
        turn.locale,
        buttons=buttons,
        trace=(step,),
        route=RouteInfo(None),
    )
