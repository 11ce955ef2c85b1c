"""A share or a few of one's records said as what an act is done to: "get rid of half my alerts",
"删掉一半的提醒", "cancel half my orders", "stop some of my bots", "delete a few alerts", "delete 3 of my
alerts", "把一半的交易员停掉". Which ones is unsaid, and deskmate never picks them: the act becomes
the records asked (ask.status), shown to choose from; none is deleted, stopped or cancelled (it was
read as all of them, or as a record named "few"). A coin's share is a sale's ("sell half my btc").
The words are data (amount.half, phrases/records.toml share); applied by the tagger's conditions
(core.language.conditions)."""

from __future__ import annotations

import re
from typing import Final

from core.language.phrases import Words
from core.language.spans import RECORD_VERBS, Span, clause_break, filler_words

_HALF: Final = "amount.half"
_SHARE: Final = Words("records.share")
# A count of them: "3 of my alerts", "删除3个提醒" (no 第 before: "第3个" says which).
_COUNT: Final = re.compile(r"(?<![第#\d.])\d+(?: of\b|个)")
# What a share may be of: a record's kind, or the orders.
_RECORDS: Final = frozenset(
    {"noun.alert", "noun.trader", "noun.bot", "noun.strategy", "noun.account", "noun.model"}
    | {"order.open_orders", "order.orders"}
)
# What is done to them: a record's act, a removal ("get rid of" is a sale's word too), a withdrawal.
_ACTS: Final = (*RECORD_VERBS, "verb.sell", "amount.sell_all", "order.revoke", "order.withdraw")
_ACTS_ALSO: Final = ("order.clear", "order.pull")
_BETWEEN: Final = " 的of"  # "half of my alerts", "一半的提醒"
STATE: Final = frozenset({"ask.status"})


def said(scanned: str, concepts: frozenset[str]) -> bool:
    """Cheap: a share and a record may be said at all."""
    return bool(concepts & _RECORDS) and (
        _HALF in concepts or bool(_SHARE.spans(scanned)) or _COUNT.search(scanned) is not None
    )


def share_of(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each act of a clause naming a share of records made the records asked."""
    shares = [(s[0], s[1]) for s in spans if _HALF in s[3]]
    shares += _SHARE.spans(scanned) + [m.span() for m in _COUNT.finditer(scanned)]
    ends = {end for _, end in shares if _of_records(scanned, spans, end)}
    if not ends:
        return spans
    out: list[Span] = []
    for start, end, rank, concepts, value in spans:
        if any(c.startswith((*_ACTS, *_ACTS_ALSO)) for c in concepts) and any(
            not clause_break(scanned, min(start, at), max(end, at)) for at in ends
        ):
            concepts = frozenset(c for c in concepts if not c.startswith((*_ACTS, *_ACTS_ALSO))) | STATE
        out.append((start, end, rank, concepts, value))
    return out


def _of_records(scanned: str, spans: list[Span], at: int) -> bool:
    """A record's kind said right after ``at``, only filler ("my", "的", "of") between."""
    for s in sorted(spans):
        if s[0] < at:
            continue
        if scanned[at : s[0]].strip(_BETWEEN):
            return False
        if s[3] & _RECORDS:
            return True
        if not filler_words(s[3]):
            return False
        at = s[1]
    return False
