"""A "did you mean" guess read as far as the message says, through its intent's carrier.

A message no rule reads gets a button for each intent its nearest known phrasings name
(core.conversation.choices.nearest_choices). Read as that intent by the layer, it often yields
nothing, since its words for the act are the ones no rule knows ("yeet 25 bucks into link"): a
bare buy would then ask for the coin and the sum the person already typed. Read with the intent's
carrier before it ("buy yeet 25 bucks into link", core/language/carriers.toml), the message gives
them to the intent's own reader, as any routed request is read (money exactly or refused).

The carrier's words are not the person's, so what they alone make is dropped: a route on another
intent is none; a coin the message does not name makes the reading none; a record name that is
not one of theirs is left for the skill to ask (one of theirs inside it, "阿飞" in "阿飞起床", is
what was named), and so is a new name to give; a slot the carrier alone reads with the same
value (the weekly report's "on", the chart's 7 days) is the carrier's, so left out. Nothing is
done on a guess: the button shows what it will start and the request asks for the rest and
confirms what is risky, as always."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from core.language.carriers import carried as carried_text
from core.language.fills import coins
from core.language.gazetteer import KINDS, Gazetteer
from core.language.normalize import normalize
from core.language.tagger import COIN
from core.routing.router import Route, RouteContext, Router

COIN_SLOTS = ("symbol", "symbols")
TARGET = "target_ref"
# A name to give or one of theirs ("rename moon call to …"): a guess never gives a record a name
# (the words before a carrier are not told apart from the name), so only their own is kept.
NAMES = ("name", "new_name")


def carried(router: Router, intent: str, text: str, context: RouteContext) -> Route | None:
    """``text`` read as ``intent`` ("skill.action") with its carrier before it, keeping only what
    the message itself says; None when it has no carrier, the carried message is not read as that
    intent, or it would name a coin the message does not."""
    said = carried_text(intent, text)
    if said is None or router.layer is None:
        return None
    found = router.route(said, context)
    if found is None or f"{found.skill}.{found.action}" != intent:
        return None
    lead = said[: len(said) - len(text)].strip()
    alone = router.route(lead, context)
    own = (
        alone.slots
        if alone is not None and (alone.skill, alone.action) == (found.skill, found.action)
        else {}
    )
    named = set(coins(router.layer.read(text, context.names)))
    if not named:
        # A coin's word that is a coin only where a trade is talked of ("link", "corn"): the one
        # coin the message's own words read beside the carrier (never two: "link 24h high n low"
        # would make "high" one too).
        carried_reading = router.layer.read(said, context.names)
        start = len(normalize(lead)) + 1
        inside = {
            t.value for t in carried_reading.tags if COIN in t.concepts and t.value and t.start >= start
        }
        named = inside if len(inside) == 1 else set()
    return _said(found, own, named, text, context.names)


def _said(
    found: Route, carriers: Mapping[str, Any], named: set[str], text: str, names: Gazetteer | None
) -> Route | None:
    slots: dict[str, Any] = {}
    for key, value in found.slots.items():
        if key in carriers and carriers[key] == value:
            continue  # what the carrier's own words read
        if key in COIN_SLOTS:
            listed = (
                [value] if isinstance(value, str) else list(value) if isinstance(value, list | tuple) else []
            )
            if any(coin not in named for coin in listed):
                return None  # a coin read out of the carrier's words with the message's
        if key == TARGET and isinstance(value, Mapping) and "name" in value:
            name = _theirs(str(value["name"]), names)
            if name is not None:
                slots[key] = {**value, "name": name}
            continue
        if key in NAMES:
            name = _theirs(str(value), names)
            if name is not None and key != "new_name":
                slots[key] = name
            continue
        if key in KINDS and isinstance(value, str):
            # One of their records ("is night owl making money": pnl's trader), else a value the
            # message typed as it is (a model's id, "deepseek-chat"), else the carrier's: dropped.
            name = _theirs(value, names)
            if name is not None or normalize(value) in normalize(text):
                slots[key] = name if name is not None else value
            continue
        slots[key] = value
    return replace(found, slots=slots)


def _theirs(name: str, names: Gazetteer | None) -> str | None:
    """``name`` as one of their records: itself, or the one name of theirs inside it."""
    if names is None:
        return None
    stored = names.stored(name)
    if stored is not None:
        return stored
    inside = names.inside(name)
    return inside[0] if len(inside) == 1 else None


def filled(route: Route) -> int:
    """How many slots of ``route`` say something (an empty list of coins says nothing)."""
    return sum(1 for value in route.slots.values() if value not in (None, "", [], (), {}))
