"""A close tie between intents: "did you mean …?" with a button per candidate.

A router that scores intents (the language layer's) may say that a message fits several
requests about equally well; it then reports the candidates, best first, through ``ties``.
The engine asks which one was meant instead of guessing; the pressed button starts that request
as if it had been routed (a "task.route" button: the engine checks the route again). A router
without scores (the rule router) has no ties, and nothing changes for it.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Protocol, runtime_checkable

from core.i18n import register
from core.reply import NoticeBlock, Reply, RouteInfo, Status, TraceStep
from core.routing.router import Route, RouteContext
from core.skills.registry import SkillSet
from core.state import Task
from core.turn import Turn

log = logging.getLogger(__name__)

MAX_CHOICES = 3  # buttons offered; a longer tie shows its best three
CHOICE_TTL = timedelta(minutes=30)

register({"choice.did_you_mean": {"zh": "你是想：", "en": "Did you mean:"}})


@runtime_checkable
class TieAware(Protocol):
    """A router that can tell when its best candidates for a message are too close to call."""

    def ties(self, text: str, context: RouteContext) -> tuple[Route, ...]:
        """The routes ``text`` fits about equally well, best first; empty when one stands out."""
        ...


def ties(router: object, text: str, context: RouteContext, skills: SkillSet) -> list[Route]:
    """The distinct candidates of a close tie that the registered skills declare (a candidate
    nobody can run is never offered); empty when there is no tie."""
    if not isinstance(router, TieAware):
        return []
    found: list[Route] = []
    for route in router.ties(text, context):
        if not skills.declares(route) or skills.skill(route.skill) is None:
            log.error("a tie offered the undeclared action %s.%s; left out", route.skill, route.action)
            continue
        if all((r.skill, r.action, r.slots) != (route.skill, route.action, route.slots) for r in found):
            found.append(route)
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
