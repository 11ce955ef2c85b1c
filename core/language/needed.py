"""An act asked whether it is needed ("do i have to restart rex after i change its model?",
"老王要重启吗", "有必要给大饼设个提醒吗", "需不需要重启rex", "do i even need an alert for btc"): a
question whether to act, advice asked, never the act. The asking words (phrases/needed.toml: asked,
or tail where the clause ends as a question) stand before the act with only what it acts on
between; the clause then reads as advice asked (outside.advice: no intent holds with it) and its
acts are lost. A request ending the clause keeps the act ("我要重启rex行吗"), and so does another
question the words belong to ("how much do i need to buy 1 btc", "what do i need to do to start
rex": how much, how). Applied by the tagger's conditions (core.language.conditions)."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from core.language.normalize import clause_of
from core.language.phrases import Words
from core.language.spans import ASKED_ACTS, QUESTION_END, WORD_RANK, Span, acts_lost_at

ADVICE: Final = frozenset({"outside.advice"})
# The acts: a trade, an order, a record's act, and a watch ("do i even need an alert for btc").
_ACTS: Final = (*ASKED_ACTS, "verb.notify")
_ASKED: Final = Words("needed.asked")
_TAIL: Final = Words("needed.tail")
_REQUEST: Final = Words("needed.request")
_RECORD_ASKED: Final = Words("needed.record_asked")
_BEFORE_GERUND: Final = Words("needed.before_gerund")
_TRADES: Final = ("verb.buy", "verb.sell", "amount.sell_all")  # whether one may: core.language.whether_able
_ENDS: Final = Words("needed.ends")
# What may stand between the asking words and the act: what it acts on, fillers, a time, an amount.
_BETWEEN: Final = (
    "own.",
    "noun.",
    "coin",
    "filler.",
    "exchange",
    "provider",
    "time.",
    "amount.",
    "trade.have",
)
_ASK: Final = "ask."
_GERUND_OBJECT: Final = 4  # the -ing word and at most three words of its object ("deleting my eth alert")
_HINTS: Final = Words("needed.hints")  # a cheap look first: one of them in the message


def said(scanned: str, concepts: frozenset[str]) -> bool:
    """Cheap: an act, and a word of need that may ask whether it is."""
    return any(c.startswith(_ACTS) for c in concepts) and any(h in scanned for h in _HINTS.words)


@lru_cache(maxsize=1)
def _words() -> tuple[tuple[str, ...], ...]:
    groups = (_ASKED, _TAIL, _RECORD_ASKED, _BEFORE_GERUND, _REQUEST)
    return tuple(tuple(sorted(g.words, key=len, reverse=True)) for g in groups)  # the longest first


def needed(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each act asked whether it is needed made advice asked, its clause's acts lost."""
    found: list[tuple[int, int, int]] = []  # the asking words' start and end, the clause's end
    for s in spans:
        if not any(c.startswith(_ACTS) for c in s[3]):
            continue
        asking = _asking(scanned, s, spans)
        if asking is not None and all(f[:2] != asking[:2] for f in found):
            found.append(asking)
    if not found:
        return spans
    lost = {s[0] for s in spans for at, _, last in found if at <= s[0] < last}
    told = [(at, end, WORD_RANK, ADVICE, scanned[at:end]) for at, end, _ in found]
    return [*acts_lost_at(spans, lost, _ACTS), *told]


def _asking(scanned: str, act: Span, spans: list[Span]) -> tuple[int, int, int] | None:
    """Where the words asking whether the act is needed stand, with its clause's end, or None."""
    start, end = act[0], act[1]
    first, last = clause_of(scanned, start, end)
    asked_words, tails, record_asked, before_gerund, requests = _words()
    after = scanned[end:last].rstrip(QUESTION_END)
    clause = f" {scanned[first:last]} "
    if after.endswith(requests) or any(w.isascii() and f" {w} " in clause for w in requests):
        return None  # "我要重启rex行吗", "do i have to restart rex? please do": asked politely
    question = after.endswith(_ENDS.words) or scanned[last : last + 1] in ("?", "？")
    trade = any(c.startswith(_TRADES) for c in act[3])
    groups = (
        (asked_words, True),
        (tails, question),
        (record_asked, not trade),  # "is it ok to sell half my eth": whether one may, whether_able's
        (before_gerund, True),
    )
    for group, applies in groups:
        if not applies:
            continue
        for word in group:
            at = scanned.find(word, first, end)
            while at >= 0:
                stop = at + len(word)
                if group is before_gerund:
                    ok = (
                        at < start
                        and _whole(scanned, at, stop)
                        and _gerund_after(scanned, stop, start, spans)
                    )
                else:
                    ok = at < start and _whole(scanned, at, stop) and _only(stop, start, spans)
                if ok:
                    return None if _other_ask(first, at, spans) else (at, stop, last)
                at = scanned.find(word, at + 1, end)
    return None


def _gerund_after(scanned: str, stop: int, start: int, spans: list[Span]) -> bool:
    """A word said with -ing right after ``stop``, then only what it acts on before the act at
    ``start`` ("does deleting rex delete its history": the delete's consequence asked)."""
    following = scanned[stop:start].split()
    if not following or not following[0].endswith("ing") or scanned[stop : stop + 1] != " ":
        return False
    after = scanned.index(following[0], stop) + len(following[0])
    return len(following) <= _GERUND_OBJECT and _only(after, start, spans)


def _whole(scanned: str, at: int, end: int) -> bool:
    """Latin words whole ("need to", never "kneed to")."""
    if not scanned[at:end].isascii():
        return True
    return not (scanned[at - 1 : at].isalnum() or scanned[end : end + 1].isalnum())


def _only(stop: int, start: int, spans: list[Span]) -> bool:
    """Only what the act acts on between the words and the act; the act may start inside the words
    ("do i need an alert": "i need an" is the make's own word)."""
    if start < stop:
        return True
    inside = [s for s in spans if stop <= s[0] and s[1] <= start and s[3]]
    return all(all(c.startswith(_BETWEEN) for c in s[3]) for s in inside)


def _other_ask(first: int, at: int, spans: list[Span]) -> bool:
    """A question word before them in the clause ("how much do i need to buy"): its question."""
    return any(first <= s[0] and s[1] <= at and any(c.startswith(_ASK) for c in s[3]) for s in spans)
