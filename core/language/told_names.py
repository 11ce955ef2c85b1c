"""A record named where it is told not to be acted on is never another clause's target: "别停阿强，
停掉多多", "停咗多多，唔好停阿強", "don't touch gary, delete night owl" (a clause a don't tells not to
do, negation.not_asked_clauses), "stop gary but not night owl", "stop gary, not night owl" (a "not"
or "but" / "except" / "除了" right before the name). Such a name loses its own.* kinds (it becomes
``EXCEPTED``), so no skill reading its target by own.<kind> takes it, whatever the kind or the act.
"All but it" is not done: with "all" said beside an excepted name ("除了阿强都停掉", "stop all my
bots except gary") the acts are lost, since "all" would stop the excepted one too."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from core.language.asked import RECORD_ACTS, TRADE_ACTS
from core.language.negation import NOT_ASKED, not_asked_clauses
from core.language.normalize import CLAUSE_MARKS
from core.language.phrases import Words
from core.language.spans import Span, acts_lost_at, clause_break

OWN: Final = "own."
EXCEPTED: Final = "name.excepted"  # a record named as not to be acted on: no kind, no target
# Beside it, the kind it had ("name.excepted.account"): never a target, yet an order told which
# account not to use reads every other one (core.workspace.account_named, "别用主力账户，买0.1个btc").
EXCEPTED_OF: Final = f"{EXCEPTED}."
_EXCEPT: Final = "filler.except"
_ALL: Final = "filler.all"
_ACTS: Final = frozenset(RECORD_ACTS) | frozenset(TRADE_ACTS)
_NOT: Final = Words("trade_money.not_coin")
_BESIDE: Final = Words("trade_money.own")  # "not my gary", "except the eth grid"
_KEPT_AFTER: Final = Words("trade_money.kept_after")  # "露娜留住", "alice stays": that name kept
_KEPT_TAIL: Final = Words("trade_money.kept_after_tail")  # 吧 of "多多留着吧", one character each
_NOT_COMMON: Final = Words("trade_money.not_common")  # "不要", 不, 非: too common to take here
_NOT_JOINED: Final = Words("trade_money.not_joined")  # "but" of "but not"


@lru_cache(maxsize=4096)  # a message's concepts are one set, asked by every reading of it
def said(concepts: frozenset[str]) -> bool:
    """Some record of theirs is named (only then can one be told not to be acted on)."""
    return any(c.startswith(OWN) for c in concepts)


def names_told_not(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each own name told not to be acted on made ``EXCEPTED``."""
    owns = [s for s in spans if any(c.startswith(OWN) for c in s[3])]
    told = [c for c in not_asked_clauses(scanned, spans, _ACTS) if not _no_longer(scanned, spans, c)]
    out = {s[0] for s in owns if any(a <= s[0] < b for a, b in told)}
    nots = {s[0]: _after_not(scanned, spans, s[0]) for s in owns}
    out |= {at for at, word in nots.items() if word is not None}
    out |= {s[0] for s in owns if _after_dont(scanned, spans, s[0])}
    out |= {s[0] for s in owns if _kept_after(scanned[s[1] :])}
    if not out:
        return spans
    # The "not" before an excepted name is no part of another name ("delete eth grid but not moonbag").
    kept: list[Span] = [
        (a, b, 2, frozenset({EXCEPTED}), scanned[a:b]) for a, b in filter(None, nots.values()) if a < b
    ]
    for start, end, rank, concepts, value in spans:
        if start in out and any(c.startswith(OWN) for c in concepts):
            kinds = (EXCEPTED_OF + c.removeprefix(OWN) for c in concepts if c.startswith(OWN))
            concepts = frozenset({EXCEPTED, *kinds})
        kept.append((start, end, rank, concepts, value))
    if any(_ALL in s[3] for s in kept):  # "all but gary": not done, and all would stop gary too
        kept = acts_lost_at(kept, {s[0] for s in kept if s[3] & _ACTS}, tuple(_ACTS))
    return kept


def _after_not(scanned: str, spans: Sequence[Span], at: int) -> tuple[int, int] | None:
    """Where "not", "but" / "except" / "除了" is said right before the name at ``at`` (words of
    owning between): "but not night owl", ", not gary", "except gary", "除了阿强"; else None."""
    before = scanned[:at].rstrip()
    while True:  # "not my gary", "except the eth grid"
        own = next(
            (w for w in _BESIDE.words if before.endswith(w) and _edge(before, len(before) - len(w))), None
        )
        if own is None:
            break
        before = before[: len(before) - len(own)].rstrip()
    end = len(before)
    if any(_EXCEPT in s[3] and s[1] == end for s in spans):
        return (end, end)
    for word in _NOT.words:
        start = end - len(word)
        if before.endswith(word) and _edge(before, start):
            # "not" opening its clause ("stop gary, not night owl") or after "but" ("but not");
            # "不要" is a don't, read by its clause; 不 alone is too common a word to take here.
            if word in _NOT_COMMON.words:
                return None
            lead = before[:start].rstrip()
            # the mark ending the clause before is part of ``lead`` ("删掉max，保留luna")
            opens = not lead or lead[-1] in CLAUSE_MARKS or clause_break(scanned, len(lead), start)
            if opens or lead.endswith(_NOT_JOINED.words):
                return (start, end)
            return None
    return None


def _kept_after(rest: str) -> bool:
    """A kept word right after a name, ending its clause ("多多留着", "alice stays"); one opening the
    next words ("test2 保留main", "阿宝 留住露娜") keeps what follows it instead."""
    rest = rest.lstrip()
    end = _KEPT_AFTER.prefix(rest)
    if end is None:
        return False
    tail = rest[end:].lstrip("".join(_KEPT_TAIL.words) + " ")
    return not tail or tail[0] in CLAUSE_MARKS or tail[0] in ".!?"


def _after_dont(scanned: str, spans: Sequence[Span], at: int) -> bool:
    """The name at ``at`` follows a don't in its clause, an act asked before that don't ("停掉多多但
    不要停阿强", "stop gary and don't stop night owl"): the clause's ask is before the don't."""
    donts = [s[0] for s in spans if NOT_ASKED in s[3] and s[0] < at and not clause_break(scanned, s[0], at)]
    return any(
        s[3] & _ACTS and s[1] <= d and not clause_break(scanned, s[0], d) for d in donts for s in spans
    )


_NO_LONGER: Final = tuple("了啦喇咯")


def _no_longer(scanned: str, spans: Sequence[Span], clause: tuple[int, int]) -> bool:
    """The clause's don't is "不要了" (no longer wanted: "阿强不要了 删掉" deletes 阿强), none telling
    not to act."""
    donts = [s for s in spans if NOT_ASKED in s[3] and clause[0] <= s[0] < clause[1]]
    ended = (
        scanned[clause[0] : clause[1]].rstrip(" ，,。.!！").endswith(_NO_LONGER)
    )  # "唔要珍珠奶茶呢個交易員喇"
    return bool(donts) and (ended or all(scanned.startswith(_NO_LONGER, s[1]) for s in donts))


def _edge(text: str, at: int) -> bool:
    """``at`` starts a word of ``text`` (a latin word is not cut: "cannot", "mybot")."""
    return at == 0 or not (text[at - 1].isascii() and text[at - 1].isalnum() and text[at].isascii())
