"""A sale asked whether one may make it ("can i sell half my eth without losing money?", "is it ok
to sell half my eth", "我可不可以卖一半eth", "我可以卖一半eth吗", "可以賣一半eth嗎"): a question (the
position, the P&L, advice), never the order. A request word keeps the order ("can i sell half my
eth please", "可不可以帮我卖一半eth", "你可以卖一半eth吗" asks it of deskmate). The words are
phrases/asked.toml (able_asked, able_asked_tail with a question's end); core.language.conditions
applies this to the tagger's spans."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from core.language.normalize import any_said, clause_of
from core.language.phrases import Words
from core.language.spans import QUESTION_END, Span, acts_lost_at, asked_before

_SALE: Final = ("verb.sell", "amount.sell_all", "verb.buy")
_BUY: Final = "verb.buy"
_ABLE: Final = "ask.able"  # "我能够买0.1个btc吗", "can i afford 1 eth": whether one can afford it, max_buy
# What may stand between the words and the sale: what it sells, a time, "still" / "just" untagged.
_BETWEEN: Final = ("own.", "noun.", "coin", "filler.article", "filler.mine", "filler.all", "time.", "amount.")
_LIMIT: Final = "trade.limit"  # "挂单", "limit": the order rests at a price ("在6万挂单买")
_REQUEST: Final = "filler.polite"  # "please", "帮我", "can you" (吗 too, a question's end: filler.whether)
_WHETHER: Final = "filler.whether"
_ASK: Final = "ask."
_ONLY_THEN: Final = Words("asked.only_then")  # "挂单都撤完后才能卖doge吗": the condition asked
_YOU: Final = ("你", "您", "you", " u")  # "你可以卖一半eth吗": asked of deskmate, a request
_AFTER: Final = Words("asked.able_after")  # "而家入200u eth得唔得㗎": whether one may, asked after it
_ENDS_SOFT: Final = QUESTION_END + "㗎?？"  # what may end the clause after it
_ENDS: Final = _ENDS_SOFT + "吗么嘛呢"  # and a question's end, after a word without it ("可以 吗")


@lru_cache(maxsize=1)
def _words() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    from core.language.lexicon import phrases

    group = phrases("asked").concepts
    return (
        group["asked.able_asked"].words,
        group["asked.able_asked_tail"].words,
        group["asked.intend_end"].words,
    )


@lru_cache(maxsize=1)
def _hints() -> re.Pattern[str] | None:
    words, tails, _ = _words()
    return any_said(frozenset(words) | frozenset(tails))


def said(scanned: str, concepts: frozenset[str]) -> bool:
    """Cheap: a sale said, and a word asking whether one may."""
    hints = _hints()
    if not _sale_said(concepts):
        return False
    if hints is not None and hints.search(scanned) is not None:
        return True
    return any(w in scanned for w in _AFTER.words)  # "买200u eth得不得": asked after it


@lru_cache(maxsize=4096)  # a message's concepts are one set, asked by every reading of it
def _sale_said(concepts: frozenset[str]) -> bool:
    return any(c.startswith(_SALE) for c in concepts)


def whether_able(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the sales and buys asked whether one may make them. A buy asked whether one
    may with one's money said ("can i buy 1 eth with what i have") asks what one can afford: the
    asking words read as ask.able (max_buy), the buy kept."""
    lost: set[int] = set()
    able: list[Span] = []
    for s in spans:
        sale = any(c.startswith(_SALE) for c in s[3])
        asked = _asked(scanned, s[0], s[1], spans) if sale else None
        if asked is None and sale and _asked_after(scanned, s[0], s[1], spans):
            lost.add(s[0])
            continue
        if asked is None:
            continue
        if not any(c.startswith(_SALE[:2]) for c in s[3]):  # a buy alone
            first, last = clause_of(scanned, s[0], s[1])
            clause = [t for t in spans if first <= t[0] and t[1] <= last]
            if any(_ABLE in t[3] for t in clause):
                continue  # "我能够买0.1个btc吗": whether it is affordable, max_buy's
            if any(_BUY in t[3] and t[0] > s[0] for t in clause):
                able.append((asked[0], asked[1], 2, frozenset({_ABLE}), scanned[asked[0] : asked[1]]))
                continue
        lost.add(s[0])
    return acts_lost_at(spans, lost, _SALE) + able


def _asked_after(scanned: str, start: int, end: int, spans: list[Span]) -> bool:
    """Whether one may, asked after the act at the end of its clause ("而家入200u eth得唔得㗎", "卖一半
    eth可以吗"): only its objects between, and no request before it in the clause ("帮我…", "你…")."""
    first, last = clause_of(scanned, start, end)
    said = scanned[end:last].rstrip(_ENDS_SOFT)
    tails = (said, said.rstrip(_ENDS))
    words = [(a, b) for tail in tails for a, b in _AFTER.spans(tail, every=True) if b == len(tail)]
    if not words:
        return False
    at = end + min(a for a, _ in words)
    for s in spans:
        if end <= s[0] and s[1] <= at and s[3] and not all(c.startswith(_BETWEEN) for c in s[3]):
            return False  # another act or word between: not this act's question
        if first <= s[0] and s[1] <= start and _REQUEST in s[3] and _WHETHER not in s[3]:
            return False  # "帮我买200u eth得不得": asked of deskmate
    return not any(w in scanned[first:start] for w in _YOU)


def _asked(scanned: str, start: int, end: int, spans: list[Span]) -> tuple[int, int] | None:
    first, last = clause_of(scanned, start, end)
    clause = [s for s in spans if first <= s[0] and s[1] <= last]
    if any(_REQUEST in s[3] and _WHETHER not in s[3] for s in clause):
        return None  # "can i sell half my eth please", "可不可以帮我卖": asked of deskmate
    # Between the asking words and the sale only its objects, its price and the word for a resting
    # order ("我可以在6万挂单买btc吗": a question, as "我可以买btc吗").
    found = asked_before(scanned, (start, end), spans, _words(), _BETWEEN, frozenset({_LIMIT}))
    if found is None:
        return None
    at = found[0]
    # "how much eth can i sell", "what can i sell": another question's, read by it
    asking = any(first <= s[0] and s[1] <= at and any(c.startswith(_ASK) for c in s[3]) for s in spans)
    lead = scanned[first:at].rstrip()
    mine = not asking and not lead.endswith(_YOU) and not lead.endswith(_ONLY_THEN.words)
    return found if mine else None
