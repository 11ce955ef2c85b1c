"""A whole message's read that spans the cut between two asks, a piece's number that is no
coin's value to span one, and a piece after "顺便" / "also" that only looks at a coin
(core.conversation.clauses)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from core.language.lexicon import load
from core.language.normalize import has_cjk, normalize
from core.language.phrases import Words, skip_spaces
from core.language.refusals import refusal_in
from core.language.tagger import Reading, Tag, words
from core.language.values import find_values
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


def lent_no_coin(route: Route) -> bool:
    """A record named by its number ("delete alert 3", "cancel order 2"): the number is its id, no
    value of a coin, so no coin is lent it ("sell 0.5 sol, delete alert 3" deletes no SOL alert).
    Nor are all of a kind's records ("cancel all my orders"): "sell all my doge, then cancel all
    my orders" cancelled only DOGE's, leaving the rest resting while told all were cancelled."""
    every = route.slots.get("order_no") == "all"
    return every or any(route.slots.get(slot) not in (None, "all") for slot in _IDS)


def kept(piece: str) -> bool:
    """A piece keeping a record ("keep alice", "留着旺财", "keep the btc one"): said beside an ask,
    it is no ask of its own (never the ask before it again, of what is kept). A verb right after
    it, or a word of doing ("keep telling me": the alert repeats), keeps doing that instead; one
    with nothing after it keeps nothing ("sell 0.3 eth before i leave")."""
    text = normalize(piece)  # the text words(piece) reads
    said = _KEPT.spans(text)
    if not said:
        return False  # most pieces: no keep word, so no tagging (a piece was tagged twice for it)
    tags = words(piece).tags
    for _, end in said:
        after = skip_spaces(text, end)
        if not text[after:].strip(" .。!！?？,，"):
            continue  # "sell 0.3 eth now before i leave": nothing kept
        doing = text[after:].split(" ", 1)[0].endswith("ing")
        if not doing and not any(t.start == after and t.concepts & _DOING for t in tags):
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


def verb_of(piece: str) -> str | None:
    """The verb a piece asks with ("买" of "买0.1个eth", "buy" of "buy 50u of btc"), as tagged; an
    alert's noun ("the dipper alert", "dipper提醒") is tagged a verb too, and is one only asking to
    be told ("alert me at 100k")."""
    reading = words(piece)
    tag = next((t for t in reading.tags if _verb(reading, t)), None)
    return None if tag is None else reading.text[tag.start : tag.end]


def _verb(reading: Reading, tag: Tag) -> bool:
    if not any(c.startswith("verb.") for c in tag.concepts):
        return False
    return not _NOUNS & tag.concepts or _TOLD_ME.after(reading.text, tag.end) is not None


NamedOne = Callable[[str, Route, Callable[[str], Route | None]], Route | None]


def shares_delete(
    piece: str,
    before: Route,
    read: Route | None,
    route: Callable[[str], Route | None],
    named_one: NamedOne,
    of_kind: NamedOne,
) -> Route | None:
    """A piece after a delete that only names a coin and the kind's noun ("delete the btc alert and
        the eth alert", "删掉btc提醒和eth提醒", "cancel the sol alert and the doge one"), a level at most
        ("delete my btc alert and eth alert at 4000"): read alone it makes one, but beside a delete it is
        the next one deleted (confirmed, its alerts shown), never a record created unasked; so is a coin
    said alone ("delete my btc alert and eth": the ETH alert, ``of_kind`` reading it with the noun).
        Read with the delete's verb, it must be that delete; else it is no ask of its own (None)."""
    if read is None or before.action != "delete" or (read.skill, read.action) != (before.skill, "create"):
        return read
    reading = words(piece)
    tags = reading.tags
    if any((_ACTING - _CROSSING) & t.concepts and not _NOUNS & t.concepts for t in tags):
        return read  # a verb of its own ("…, set one for eth at 4000"): a create asked
    told = any(_NOUNS & t.concepts and _TOLD_ME.after(reading.text, t.end) for t in tags)
    # "my eth alert above 4000", "the eth one above 4000", "the one for eth", "eth 4000以上的": one named
    one = bool(_ONE.spans(piece)) and not _NEW_ONE.spans(piece)  # "a new one for eth": one made
    said = piece.rstrip(" .!")
    one = one or _TOO.before(said, len(said), space=False) is not None  # "… and eth above 4000 too"
    named = any(_NOUNS & t.concepts for t in tags) or one or named_one(piece, before, route) is not None
    if find_values(piece) and (told or (not named and any(_CROSSING & t.concepts for t in tags))):
        return read  # a level to be told of ("…, alert me at 4000", "…, eth到4000提醒我"): a create asked
    said = f"{'删除' if has_cjk(piece) else 'delete'} {piece}"
    for found in (route(said), named_one(said, before, route), of_kind(said, before, route)):
        if found is not None and (found.skill, found.action) == (before.skill, before.action):
            return found
    return None


_ONE, _NEW_ONE = Words("conversation.named_one"), Words("conversation.kind_one")
_TOO = Words("conversation.same_verb_tail")
_TOLD_ME = Words("conversation.told_me")  # "alert me": the noun a verb asking to be told
# A level's way to be told of ("eth above 4000", "eth到4000"): a level named bare ("eth alert at
# 4000", "eth 4000的提醒") beside a delete names the alert deleted, never one made unasked.
_CROSSING = frozenset({"direction.above", "direction.below", "direction.reach", "verb.cross"})
_NOUNS = frozenset({"noun.alert"})  # "alert", "提醒": tagged a verb too (alert me), said as the noun
_ACTING = frozenset(c for c in load().concepts if c.startswith("verb."))
