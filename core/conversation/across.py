"""A whole message's read that spans the cut between two asks, a piece's number that is no
coin's value to span one, and a piece after "顺便" / "also" that only looks at a coin
(core.conversation.clauses)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from core.language.lexicon import load
from core.language.phrases import Words, skip_spaces
from core.language.refusals import refusal_in
from core.language.tagger import words
from core.routing.router import Route

_IDS = ("alert_id", "order_no")  # the slots of a record said by its number
_KEPT = Words("conversation.kept")


def numbers_across(whole: Route, pieces: list[str]) -> bool:
    """The whole message read two numbers it refused across a cut ("cancel order 2, buy 0.1 eth at
    3100": "2, buy 0.1 eth"): one piece's number and another's, never one request's to keep whole."""
    for v in whole.slots.values():
        refused = refusal_in(v)
        if refused is not None and refused[0] == "two_numbers" and not any(refused[1] in p for p in pieces):
            return True
    return False


def by_id(route: Route) -> bool:
    """A record named by its number ("delete alert 3", "cancel order 2"): the number is its id, no
    value of a coin, so no coin is lent it ("sell 0.5 sol, delete alert 3" deletes no SOL alert)."""
    return any(route.slots.get(slot) not in (None, "all") for slot in _IDS)


def kept(piece: str) -> bool:
    """A piece keeping a record ("keep alice", "留着旺财", "keep the btc one"): said beside an ask,
    it is no ask of its own (never the ask before it again, of what is kept). A verb right after
    it, or a word of doing ("keep telling me": the alert repeats), keeps doing that instead."""
    reading = words(piece)
    for _, end in _KEPT.spans(reading.text):
        after = skip_spaces(reading.text, end)
        doing = reading.text[after:].split(" ", 1)[0].endswith("ing")
        if not doing and not any(t.start == after and t.concepts & _DOING for t in reading.tags):
            return True
    return False


_DOING = frozenset(  # a verb right after "keep": kept doing, no record kept
    c for c in load().concepts if c.startswith(("verb.", "ask.")) or c == "filler.tell"
)


def looked_at(piece: str, route: Callable[[str], Route | None]) -> Route | None:
    """The price of the coin a piece added with "顺便" / "另外" / "also" looks at ("查余额顺便看看eth",
    "check my balance, also eth"): read alone it is a follow-up (what about eth?), but added as
    another ask it asks that coin's price; None for any other piece."""
    found = route(piece)
    if found is None or not found.followup or found.skill != "price" or not found.slots.get("symbols"):
        return None
    slots = {k: v for k, v in found.slots.items() if k != "followup"}
    return replace(found, action=found.action or "current", slots=slots, followup=False)
