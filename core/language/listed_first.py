"""An act on what is to be listed, asked in the same breath: "把提醒列出来然后删掉", "list my alerts
then delete them", "列出我的交易员然后全部停掉", "show my orders then cancel them". What the act
reaches is only known once the list is seen, so the list is the ask: the act, said after the
listing with nothing of its own to act on (a pronoun, "all", nothing), waits for the person to
say which after seeing it; none is deleted, stopped or cancelled now. An act naming its own
object stands ("list my alerts then delete the btc one"). Applied by the tagger's conditions
(core.language.conditions)."""

from __future__ import annotations

from typing import Final

from core.language.normalize import clause_of
from core.language.spans import Span, acts_lost_at, clause_break, filler_words

QUERY: Final = "verb.query"
# Said of an act that waits for the list: the message is that one ask, never cut into a list and
# an act of its own (core.conversation.clauses: "delete them" alone would read "them" as a name).
WAITS: Final = "ask.after_list"
# What waits for the list: a removal, a stop, a cancel, a sale of everything shown.
_ACTS: Final = (
    "verb.delete",
    "verb.stop",
    "verb.cancel",
    "verb.sell",
    "amount.sell_all",
    "order.revoke",
    "order.withdraw",
    "order.clear",
    "verb.switch_off",
)
# Besides filler: "all", "everything" (filler.all) is no object of its own.
_NO_OBJECT: Final = ("filler.", "trade.answer_word")
_JOINS: Final = frozenset({"filler.join"})  # "then", "然后", "再"
# What is left of a clause that names nothing: marks, spaces, particles ("删了吧", "全部停掉").
_PARTICLES: Final = " ,，.。!！?？;；:：了吧啊呀啦的把将掉全都"


def said(concepts: frozenset[str]) -> bool:
    """Cheap: a listing and an act that may wait for it are said at all."""
    return QUERY in concepts and any(c.startswith(_ACTS) for c in concepts)


def listed_first(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts said after a listing with no object of their own."""
    ordered = sorted(spans)
    listing = next((s[1] for s in ordered if QUERY in s[3]), None)
    if listing is None:
        return spans
    lost = {
        s[0]
        for s in ordered
        if s[0] >= listing and QUERY not in s[3] and any(c.startswith(_ACTS) for c in s[3])
        if _then(scanned, ordered, listing, s[0]) and not _own_object(scanned, ordered, listing, s)
    }
    spans = acts_lost_at(spans, lost, _ACTS)
    return [(a, b, r, c | {WAITS}, v) if a in lost else (a, b, r, c, v) for a, b, r, c, v in spans]


def _then(scanned: str, spans: list[Span], listing: int, at: int) -> bool:
    """A join or a mark between the listing and the act: said after it ("列出来然后删掉"), never one
    word with it ("把eth网格从默认列表里拿掉")."""
    return clause_break(scanned, listing, at) or any(
        listing <= s[0] and s[1] <= at and s[3] & _JOINS for s in spans
    )


def _own_object(scanned: str, spans: list[Span], listing: int, act: Span) -> bool:
    """Whether the act's own part of its clause (from the listing, or the join or mark before the act,
    to the clause's end) names anything but filler: "delete the btc one", "把doge那条删了",
    "delete the alpha one" (a name no tag knows is a name all the same)."""
    first, last = clause_of(scanned, act[0], act[1])
    start = max(
        [listing, first]
        + [s[1] for s in spans if s[1] <= act[0] and s[3] & _JOINS]
        + [k + 1 for k in range(listing, act[0]) if clause_break(scanned, k, k + 1)]
    )
    rest = list(scanned[start:last])
    for s in spans:
        a, b = max(s[0], start), min(s[1], last)
        if b > a and (s is act or _no_object(s[3])):  # a word outside the part blanks nothing of it
            rest[a - start : b - start] = " " * (b - a)
    return bool("".join(rest).strip(_PARTICLES))


def _no_object(concepts: frozenset[str]) -> bool:
    return filler_words(concepts) or all(c.startswith(_NO_OBJECT) for c in concepts)
