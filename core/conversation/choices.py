"""A close tie between intents: "did you mean …?" with a button per candidate.

The language layer scores every skill's intents; when another skill's intent scores as well as
the best one, the route says so (``Route.close``: "skill.action" names). The engine then asks
which one was meant instead of guessing; each candidate is the message read as that intent
(``Layer.route_as``), or that intent with no slots when it cannot read them (its skill asks for
what is missing). The pressed button starts its request as if it had been routed (a
"task.route" button: the engine checks the route again), a risky one with its confirmation.

A message no rule reads at all is asked about the same way when the known phrasings nearest to
it name intents (core.language.nearest): each offered is the message read as that intent as far
as its words allow (``Layer.read_as``, or with the intent's carrier before it:
core.conversation.carried), so nothing is guessed into a request without a press.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any, Protocol, runtime_checkable

from core.conversation.carried import carried, filled
from core.language.nearest import built, known_phrasings
from core.reply import NoticeBlock, Reply, RouteInfo, Status, TraceStep
from core.routing.router import Route, RouteContext, Router
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
            if _named_only(skills, other):
                continue
        if not skills.declares(other) or skills.skill(other.skill) is None:
            log.error("a tie offered the undeclared action %s; left out", name)
            continue
        if all((r.skill, r.action) != (other.skill, other.action) for r in found):
            found.append(other)
    return found[:MAX_CHOICES] if len(found) > 1 else []


async def nearest_choices(
    router: Router, text: str, context: RouteContext, skills: SkillSet, *, group: bool = False
) -> list[Route]:
    """For a message no rule reads: the intents its nearest known phrasings name, best first, each
    read as far as the message allows: as the layer reads it as that intent, or with the intent's
    carrier before it when that reads more of what the message says (core.conversation.carried);
    its skill asks for the rest once pressed. Only intents the registered skills declare, and in
    a group only those of skills a group may use. The index not built yet (a one-off `deskmate
    ask`, or a miss before the start-up's background build is done) is built off the event loop:
    ~2 s of CPU the other conversations do not wait for."""
    index = known_phrasings() if built() else await asyncio.to_thread(known_phrasings)
    found: list[Route] = []
    for near in index.nearest(text):
        route = router.layer.read_as(near.intent, text, context) if router.layer is not None else None
        fuller = carried(router, near.intent, text, context)
        if fuller is not None and (route is None or filled(fuller) > filled(route)):
            route = fuller
        if route is None:
            skill, _, action = near.intent.partition(".")
            route = Route(skill, action)
            if _named_only(skills, route):
                continue
        spec = skills.spec(route.skill)
        if spec is None or skills.skill(route.skill) is None or not skills.declares(route):
            log.error("the known phrasings named the undeclared action %s; left out", near.intent)
            continue
        if group and spec.private:
            continue
        if all((r.skill, r.action) != (route.skill, route.action) for r in found):
            found.append(route)
    return found[:MAX_CHOICES]


def _named_only(skills: SkillSet, bare: Route) -> bool:
    """``bare`` (no slots read) is an action that answers only what the message names ("what does
    … mean" with nothing named to explain: the skill's NAMED_ONLY): never offered so."""
    return bare.action in getattr(skills.skill(bare.skill), "NAMED_ONLY", ())


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


async def did_you_mean(
    turn: Turn, candidates: list[Route], skills: SkillSet, *, nearest: bool = False
) -> Reply:
    """Ask which of ``candidates`` was meant: one button each, pressing one starts it.
    ``nearest``: they are what the nearest known phrasings name (no rule read the message), said
    as a guess."""
    options: list[tuple[str, dict[str, Any]]] = []
    shown: list[Route] = []
    for route in candidates:
        label = _label(turn, skills, route)
        if any(label == said for said, _ in options):
            continue  # two buttons alike would ask nothing: the first stands
        shown.append(route)
        payload = {"kind": "task.route", "skill": route.skill, "action": route.action}
        options.append((label, {**payload, "slots": dict(route.slots)}))
    candidates = shown
    buttons = await turn.buttons(options, ttl=CHOICE_TTL)
    step = TraceStep(
        "route",
        "nearest" if nearest else "tie",
        {"candidates": [{"skill": r.skill, "action": r.action} for r in candidates]},
    )
    key = "choice.nearest" if nearest else "choice.did_you_mean"
    return Reply(
        Status.NEEDS_INPUT,
        (NoticeBlock(turn.t(key), "info", "did_you_mean"),),
        turn.locale,
        buttons=buttons,
        trace=(step,),
        route=RouteInfo(None),
    )
