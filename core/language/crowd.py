"""Someone else's trade told: a crowd or another party said right before a trade's verb in its
clause ("大家都卖了", "所有人都在抛", "全世界都在买btc", "他们都把eth卖了") is their act, a story
(outside.told), never the person's order. Only that clause's verbs are told: an order asked in a
clause of its own stands ("大家都在买btc，帮我也买0.1个", "大家都说btc要涨 帮我买0.1个")."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from core.language.acted import RECORD_ACTS
from core.language.normalize import any_said, clause_of, has_cjk
from core.language.phrases import Words
from core.language.spans import WORD_RANK, Span, objects_before

# What may stand between the crowd and its verb: how many of them and how it goes ("都", "也",
# "都在", "正在", "纷纷", "已经"), never a word addressing deskmate ("大家帮我买": 帮 is none of these).
_BETWEEN: Final = Words("lead_in.crowd_between")  # one character at a time

_FOR: Final = Words("lead_in.crowd_for")


@lru_cache(maxsize=1)
def _crowd() -> tuple[str, ...]:
    from core.language.lexicon import phrases

    return tuple(phrases("lead_in").concepts["lead_in.crowd"].words)


@lru_cache(maxsize=1)
def _crowd_said() -> re.Pattern[str] | None:
    return any_said(_crowd())


def said(scanned: str) -> bool:
    """Any crowd word in ``scanned`` (one scan): only then are its verbs looked at."""
    found = _crowd_said()
    if found is not None and found.search(scanned) is not None:
        return True
    return bool(_CROWD_EN.spans(scanned))


# English: the crowd said in the verb's clause, only where they are and how it goes between
# ("everyone in the group runs traders on kimi"): the subject of the verb, their act.
_CROWD_EN: Final = Words("lead_in.crowd_en")
_BETWEEN_EN: Final = Words("lead_in.crowd_between_en")


def crowd_told(
    scanned: str,
    spans: list[Span],
    trades: frozenset[str],
    told: frozenset[str],
    nouns: frozenset[str] = frozenset(),
) -> list[Span]:
    """``spans`` with a trade's verb said right after a crowd in its clause told (``told``); so are
    a record's acts (core.language.conditions: "别人都拿kimi跑交易员" runs their traders, none of theirs),
    and in English the records (``nouns``) their verb names ("everyone in the group runs traders on
    kimi": their traders; "runs" is no word of ours, so their verb is the one word between)."""
    using = {s[0] for s in spans if _USING in s[3]}
    # A crowd's word inside one of their names is the name's ("gpt主力删掉": their model gpt主力)
    owned = {k for s in spans if any(c.startswith("own.") for c in s[3]) for k in range(s[0], s[1])}
    out: list[Span] = []
    for span in spans:
        start, end, rank, concepts, value = span
        if (
            rank == WORD_RANK
            and concepts & trades
            and (_crowd_before(scanned, start, using, owned) or _crowd_before_en(scanned, start, owned))
        ) or (rank == WORD_RANK and concepts & nouns and _crowd_before_en(scanned, start, owned, verb=1)):
            span = (start, end, rank, (concepts - trades) | told, value)
        out.append(span)
    return out


# What they do it with, between ("大家都用kimi跑交易员", "别人都拿kimi跑交易员"): their act still.
_USING: Final = "filler.using"


def _crowd_before(
    scanned: str,
    start: int,
    using: set[int] | frozenset[int] = frozenset(),
    owned: set[int] | frozenset[int] = frozenset(),
) -> bool:
    """A crowd word in ``start``'s clause, only _BETWEEN's words after it, then the verb, a 把 or
    what it is done with (``using``: where a using word starts, 用 / 拿)."""
    clause_start, _ = clause_of(scanned, start, start)
    for at in range(start - 1, clause_start - 1, -1):
        if scanned[at].isspace() and at > clause_start and has_cjk(scanned[at - 1]):
            return False  # a space after Chinese ends a clause ("大家都在买 帮我买点")
        for word in _crowd():
            # 帮大家买 buys for them: the person's order, the crowd its beneficiary
            if scanned.startswith(word, at) and scanned[at - 1 : at] not in _FOR.words and at not in owned:
                between = scanned[at + len(word) : start].lstrip("".join(_BETWEEN.words))
                if not between or between.startswith(objects_before()) or start - len(between) in using:
                    return True
    return False


# A record the crowd's verb names ("runs traders"): theirs (core.language.conditions).
CROWD_NOUNS: Final = frozenset({"noun.trader", "noun.strategy", "noun.model", "noun.alert", "noun.account"})
CROWD_ACTS: Final = CROWD_NOUNS | RECORD_ACTS


def _crowd_before_en(scanned: str, start: int, owned: set[int] | frozenset[int], verb: int = 0) -> bool:
    """An English crowd in ``start``'s clause with only crowd_between_en's words after it, then the
    verb ("everyone in the group runs", "everybody is buying"): the crowd its subject. With ``verb``
    (a record named after their verb), that many other words may stand between: the verb's."""
    if not scanned[start : start + 1].isascii():
        return False
    clause_start, _ = clause_of(scanned, start, start)
    between = set(_BETWEEN_EN.words)
    for a, b in _CROWD_EN.spans(scanned[clause_start:start], every=True):
        if clause_start + a in owned:
            continue
        if sum(w not in between for w in scanned[clause_start + b : start].split()) <= verb:
            return True
    return False
