"""What a clause gives up, said with it: "nvm the new bot thing", "never mind that grid", "forget
about the alert", "nvm forget the new bot thing", "开网格的事就算了", "删阿强的事先算了", "新建机器人那个
算了吧". The clause asks nothing: every act said in it is lost (the giving-up's own cancel too, and
what is left of it is no other ask: outside.mind_changed over it). English opens the clause with the
giving-up and names what is given up right after it ("the", "that", "my"); any other word there is
a new ask ("nvm buy eth"). Chinese ends the clause with it, after what it names as a thing (的事,
那个), or after an act said in it with 就 / 还是 / 先 or as no need ("买btc就算了", "买btc不用了"):
"卖了算了" decides to sell (phrases/beside.toml's given_up_*). Applied by the tagger's
conditions (core.language.conditions)."""

from __future__ import annotations

from typing import Final

from core.language.negation import clauses
from core.language.phrases import Words, skip_spaces
from core.language.phrases import said as said_in
from core.language.spans import ASKED_ACTS, WORD_RANK, Span, acts_lost_at

_OPEN: Final = Words("beside.given_up_open")
_THEN: Final = Words("beside.given_up_then")
_END: Final = Words("beside.given_up_end")
_NAMED: Final = Words("beside.given_up_named")
_OBJECT: Final = Words("beside.given_up_object")
_AFTER: Final = Words("beside.given_up_after")  # "买btc就算了": the act before it given up
# No need said after a removal is why it is removed ("删除deepseek模型不用了"), as after a comma.
_UNWANTED: Final = Words("beside.unwanted")
_REMOVING: Final = "verb.delete"
_GIVING_UP: Final = frozenset({*_END.words, *_AFTER.words})
_SAID: Final = frozenset({_OPEN.concept, _END.concept, _AFTER.concept})
_CHANGED: Final = frozenset({"outside.mind_changed"})
_LOST: Final = (*ASKED_ACTS, "verb.notify")  # an alert given up is none asked ("nvm the alert for btc")
_ENDING: Final = " .。!！~～"


def said(scanned: str) -> bool:
    """Whether a giving-up may be said at all (one scan of each group's words)."""
    return said_in("beside", scanned, _SAID)  # _OPEN's or _END's words, in one look


def given_up_of(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with the acts of each clause that gives up what it names lost."""
    lost: set[int] = set()
    told: list[Span] = []
    for start, end in clauses(scanned):
        if not _gives_up(scanned, start, end, spans):
            continue
        lost |= {s[0] for s in spans if start <= s[0] < end and any(c.startswith(_LOST) for c in s[3])}
        first = skip_spaces(scanned, start)
        told.append((first, len(scanned[:end].rstrip()), WORD_RANK, _CHANGED, ""))
    if not told:
        return spans
    return [*acts_lost_at(spans, lost, _LOST), *told]


def opens_given_up(clause: str) -> bool:
    """A clause opening with a giving-up and what it gives up right after ("nvm the new bot thing",
    "nvm forget the new bot thing"): also what keeps the router from reading on after it
    (core.routing.router.after_lead)."""
    clause = clause.strip()
    opened = _OPEN.prefix(clause)
    if opened is None:
        return False
    at = skip_spaces(clause, opened)
    then = _THEN.prefix(clause[at:])
    if then is not None:
        at = skip_spaces(clause, at + then)
    return bool(clause[at:].strip()) and (then is not None or _OBJECT.prefix(clause[at:]) is not None)


def _gives_up(scanned: str, start: int, end: int, spans: list[Span]) -> bool:
    first = skip_spaces(scanned, start)
    body = scanned[first:end].strip().rstrip(_ENDING)
    if not body:
        return False
    if opens_given_up(body):
        return True
    if any(
        b == len(body) and any(e == a for _, e in _NAMED.spans(body[:a], every=True))
        for a, b in _END.spans(body, every=True)
    ):
        return True
    # An act said before the ending's words, in the clause: "买btc就算了" (never "卖了算了"). The
    # alert's own word is none ("以太的提醒不用了" deletes it), nor a giving-up ("算了不用啦").
    for a, b in _AFTER.spans(body, every=True):
        acts = [
            s[3]
            for s in spans
            if first <= s[0] and s[1] <= first + a and _acts(s[3]) and scanned[s[0] : s[1]] not in _GIVING_UP
        ]
        removal = body[a:b] in _UNWANTED.words and all(_REMOVING in c for c in acts)
        if b == len(body) and acts and not removal:
            return True
    return False


def _acts(concepts: frozenset[str]) -> bool:
    return any(c.startswith(ASKED_ACTS) for c in concepts)
