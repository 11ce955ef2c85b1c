"""An act said as one's own condition is supposed, never asked: "如果我停咗阿May，會唔會錯過呢輪升浪？",
"如果删了阿May，历史记录还在吗", "if i sell my eth, will i miss the rally?" weigh a stop, a delete, a
sale; none is to be done. So does a maybe of one's own ("maybe buy eth", "i migth sell my sol",
"maybe i should delete alpha", "我可能会停掉阿强", "可能过几天会卖点sol吧", "不可能卖eth"). A
condition's order stands where the act follows the condition, after 就 / then / a mark
("如果btc涨到10万就卖掉", "if btc hits 100k, sell"), and so does a request put politely to deskmate
("if you could stop May", "如果可以帮我停了阿May": 帮 is no act of one's own supposed; "could you
maybe buy 0.1 eth"). Applied by the tagger's conditions (core.language.conditions)."""

from __future__ import annotations

import re
from typing import Final

from core.language.foretold import foretold
from core.language.foretold import said as foretold_said
from core.language.normalize import has_cjk
from core.language.phrases import Words
from core.language.spans import ASKED_ACTS, Span, acts_lost_at, clause_break, objects_before

IF_SAID: Final = "backtest.if"  # "如果", "要是", "假如"
# Said as supposed already ("what if i buy 1 eth now"): the intents refuse its act, and its coin
# stays no price asked.
SUPPOSED: Final = "backtest.supposed"
_IF_I: Final = re.compile(r"(?:^|[\s,，.。!！?？;；])if (?:i|we)\b")  # English's "if" is no lexicon word
# Who supposes, said between the "if" and the act: the person ("如果我", "要係我哋", "if i").
_SELF: Final = Words("supposed.self")
# What may stand between them: a word of time or a filler ("如果我现在卖了eth", "if i just sold").
# A "first" too ("可能迟点先开个网格": 先, trade.answer_word). One of their records, what the act
# befalls ("如果阿强停了怎么办": 阿强 stopping supposed, none stopped).
_BETWEEN: Final = ("time.", "filler.article", "trade.answer_word", "own.")
_THEN: Final = Words("trade_money.then")  # the condition ends, its order follows
# 万一 (in case) supposes as 如果 does, before its act ("万一主号被删了怎么办"); after an ask it hedges it
# ("买点btc，万一涨了呢": nothing follows it to suppose).
_IN_CASE: Final = Words("trade_money.held_if_before")
# An act done by someone or something else, supposed ("万一交易所把我账户删了", "如果主号被删了"): the
# passive 被 before it, or a subject of its own (a record, an exchange, a name) right before 把 / 将.
_PASSIVE: Final = "被"
_OTHER_SUBJECT: Final = ("noun.", "own.", "exchange", "provider")
# An act said around its object opens with a verb of its own ("i might turn rex back on", "maybe
# fire alpha back up"): the act's words after it are the maybe's too.
_OPENS: Final = (*ASKED_ACTS, "verb.turn_apart", "verb.start_apart", "verb.stop_apart")


# A maybe ("maybe buy eth", "i migth buy eth", "maybe i should sell", "可能过几天会卖点sol吧", "也许买点
# eth"): one's own act only weighed, never asked; a request put to deskmate stays one ("could you
# maybe buy 0.1 eth": "you" before it in its clause).
# 或者 opening a clause is a maybe too ("或者迟点先开个网格", Hong Kong's "或者遲啲先開個網格"); between two
# things it is "or" ("btc或者eth"), no maybe.
_MAYBE: Final = re.compile(
    r"(?:^|(?<=[\s,，.。!！?？;；]))(?:maybe|perhaps|might|migth|mite|prob(?:ably)?\b|或者|或是)|可能|也许|或许|说不定"
)
_NOT_MAYBE: Final = Words("supposed.not_maybe")
_ASKED_OF: Final = re.compile(r"\b(?:you|u|ya)\b|你|您")
# A modal between the maybe and the act ("maybe i should buy", "可能会卖", "prob gonna sell").
_MODALS: Final = Words("supposed.modal")


def said(scanned: str, concepts: frozenset[str]) -> bool:
    """Cheap: whether a supposing "if" or a maybe may be in the message at all, and not yet said
    supposed; or an act foretold of another ("i hope rex doesn't stop": core.language.foretold)."""
    said = IF_SAID in concepts or "if " in scanned or _MAYBE.search(scanned) is not None
    said = said or _IN_CASE.search(scanned) is not None
    return (said or foretold_said(scanned)) and SUPPOSED not in concepts


def _maybes(scanned: str) -> list[int]:
    """Where each maybe said of one's own act ends (none put to deskmate, none of 不可能 / 尽可能)."""
    ends = []
    for m in _MAYBE.finditer(scanned):
        if any(
            scanned.startswith(w, at)
            for w in _NOT_MAYBE.words
            for at in range(max(0, m.start() - 2), m.start() + 1)
        ):
            continue
        clause = scanned[: m.start()]
        clause = clause[max(clause.rfind(c) for c in ",，.。!！?？;；") + 1 :]
        if _ASKED_OF.search(clause) is None:
            ends.append(m.end())
    return ends


def supposed(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts of a clause that opens with one's own "if" and the act. When an
    "if" took every act the message says, the act's word stays said as supposed: what avoids a
    supposition ("what if …") avoids it too ("if i delete my binance account, is the history still
    there" asks no account nor price history). An act foretold of a thing or someone else, hoped or
    feared, is weighed as a maybe is (core.language.foretold): none asked."""
    spans = foretold(scanned, spans)
    ifs = [s[1] for s in spans if IF_SAID in s[3]] + [m.end() for m in _IF_I.finditer(scanned)]
    ifs += [end for _, end in _IN_CASE.spans(scanned, every=True)]
    lost, weighed = _lost(scanned, spans, ifs), _lost(scanned, spans, _maybes(scanned))
    left = acts_lost_at(spans, lost | weighed, _OPENS)
    if not lost or any(c.startswith(_OPENS) for s in left for c in s[3]):
        return left
    acted = {s[0] for s in spans if s[0] in lost and any(c.startswith(_OPENS) for c in s[3])}
    return [(a, b, r, c | {SUPPOSED}, v) if a in acted else (a, b, r, c, v) for a, b, r, c, v in left]


def _lost(scanned: str, spans: list[Span], starts: list[int]) -> set[int]:
    """Where each word of the acts supposed after ``starts`` starts."""
    lost: set[int] = set()
    for at in starts:
        act = _first_act(scanned, spans, at)
        if act is None:
            continue
        for s in sorted(spans):
            if s[0] < act[0]:
                continue
            if clause_break(scanned, act[1], s[0]) or scanned[s[0] : s[1]] in _THEN.words:
                break
            lost.add(s[0])
    return lost


def _first_act(scanned: str, spans: list[Span], at: int) -> Span | None:
    """The act right after the "if" at ``at``, only the person, a time or a filler between."""
    while True:
        at = len(scanned) - len(scanned[at:].lstrip())
        here = [s for s in spans if s[0] == at and s[3]]
        act = next((s for s in here if any(c.startswith(_OPENS) for c in s[3])), None)
        if act is not None:
            return act
        held = next((w for w in objects_before() if scanned.startswith(w, at)), None)
        if held is not None:  # "假如我把币安账户删了": the object before its act
            return _after_object(scanned, spans, at + len(held))
        between = [s for s in here if all(c.startswith(_BETWEEN) for c in s[3])]
        if between:
            at = max(s[1] for s in between)
            continue
        modal = next((w for w in _MODALS.words if scanned.startswith(w, at)), None)
        if modal is not None and (not modal.isascii() or not scanned[at + len(modal) :][:1].isalnum()):
            at += len(modal)
            continue
        self_word = next((w for w in _SELF.words if scanned.startswith(w, at)), None)
        glued = self_word is not None and self_word.isascii() and scanned[at + len(self_word) :][:1].isalnum()
        if self_word is None or glued:
            return _done_by_other(scanned, spans, at)
        at += len(self_word)


def _done_by_other(scanned: str, spans: list[Span], at: int) -> Span | None:
    """The first act in the condition's clause from ``at`` where someone or something else does it:
    after 被 ("主号被删了"), or after 把 / 将 with its own subject before ("交易所把我账户删了")."""
    act = next(
        (
            s
            for s in sorted(spans)
            if s[0] >= at and any(c.startswith(_OPENS) for c in s[3]) and not clause_break(scanned, at, s[0])
        ),
        None,
    )
    if act is None or not has_cjk(scanned[at : act[0]]) or _THEN.search(scanned[at : act[0]]) is not None:
        return None
    if _PASSIVE in scanned[at : act[0]]:
        return act
    for held in objects_before():
        k = scanned.find(held, at, act[0])
        subject = next((s for s in spans if s[1] == k and s[0] >= at), None) if k > at else None
        if subject is not None and any(c.startswith(_OTHER_SUBJECT) for c in subject[3]):
            return act
    return None


def _after_object(scanned: str, spans: list[Span], at: int) -> Span | None:
    """The act a 把 / 将 phrase's object stands before, in the object's clause."""
    for s in sorted(spans):
        if s[0] < at or not s[3]:
            continue
        if clause_break(scanned, at, s[0]):
            return None
        if any(c.startswith(_OPENS) for c in s[3]):
            return s
    return None
