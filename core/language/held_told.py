"""A holding told in a clause before a sale ("i got 2 eth, sell one", "我有2个eth，卖一个",
"我手上有两个eth 卖掉一个"): the sale is of that coin, never of the amount held (2 ETH told held is
no sale of 2 ETH), and "one" after the verb is one of that coin, never the coin ONE."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from core.language.normalize import CLAUSE_MARKS
from core.language.phrases import Words
from core.language.tagger import Reading
from core.language.values import Value

_TOLD, _ONE, _WHOLE = Words("held.told"), Words("held.one"), Words("held.whole")
_LEAD = Words("held.lead")
_SELL: Final = frozenset({"verb.sell"})
# What may stand between the verb and its count ("卖掉一个", "sell off one", "sell one.")
_AROUND: Final = " 掉了吧啊" + "".join(CLAUSE_MARKS)


@dataclass(frozen=True, slots=True)
class Held:
    start: int  # where the holding's word starts
    verb: int  # where the sale's verb starts (the holding's clause ends there)
    after: str  # what follows the verb, as typed (normalized)


def held_before_sale(reading: Reading) -> Held | None:
    """The holding told first in the message (or first in its clause), a sale's verb after it."""
    text = reading.text
    sells = [t for t in reading.tags if t.concepts & _SELL]
    for start, end in _TOLD.spans(text):
        before = _LEAD.sub("", text[:start]).rstrip(" " + "".join(CLAUSE_MARKS))  # "ok so i have…"
        if before and not _after_mark(text, start):
            continue  # "do i have 2 eth", "how much i have": asked, or inside another clause
        verb = next((t for t in sells if t.start >= end), None)
        if verb is not None:
            return Held(start, verb.start, text[verb.end :])
    return None


def outside_held(held: Held | None, values: list[Value]) -> list[Value]:
    """``values`` without those said in the holding's clause: what is held is no amount sold."""
    if held is None:
        return values
    return [v for v in values if not held.start <= v.start < held.verb]


def counted_after(held: Held | None) -> str | None:
    """The sale's amount told by a bare word after its verb: "sell one" is one of the coin held
    ("base:1"), "sell them" all of it; None when anything else follows."""
    if held is None:
        return None
    rest = held.after.strip(_AROUND).removeprefix("off ").strip(_AROUND)
    if not rest:
        return None
    if _ONE.prefix(rest) == len(rest):
        return "base:1"
    if _WHOLE.prefix(rest) == len(rest):
        return "all"
    return None


def _after_mark(text: str, at: int) -> bool:
    """Whether a clause mark ends the text before ``at`` ("sold my btc, i got 2 eth, sell one")."""
    before = text[:at].rstrip()
    return bool(before) and before[-1] in CLAUSE_MARKS


def sale_of_count(reading: Reading) -> bool:
    """A sale alone in its clause, of a bare count ("sell one", "卖一个", "sell them"): after a clause
    naming a coin ("do i have 2 eth, sell one", "how much eth do i have, sell one") it is that coin's
    count, never the coin ONE (core.conversation.from_before.of_its_count)."""
    text = reading.text
    verb = next((t for t in reading.tags if t.concepts & _SELL), None)
    if verb is None or _LEAD.sub("", text[: verb.start]).strip(" " + "".join(CLAUSE_MARKS)):
        return False
    return counted_after(Held(verb.start, verb.start, text[verb.end :])) is not None
