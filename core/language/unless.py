"""The lexicon's ``unless`` rules over the tagger's spans (core.language.lexicon): a concept is
none where one of its ``unless`` groups or concepts is said beside it ("今天行情好无聊啊" remarks,
"太无聊了，帮我买0.1个btc" asks), where one of its ``unless_later`` is said in a clause after it (a loss
told before an order asked: "割肉了，把eth全卖了" sells), or one of its ``unless_earlier`` in a clause
before it or as the message's first word ("stop all bots now, this dump is insane"). Applied by
the tagger's conditions (core.language.conditions), after the rules that take acts away."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from core.language.lexicon import load
from core.language.normalize import CLAUSE_MARKS, clause_of, has_cjk
from core.language.phrases import Words
from core.language.spans import Span, clause_break

# The concepts of no span: what a union of spans' concepts starts from (``frozenset[str]()`` makes a
# generic alias at each call, and fails setting its __orig_class__ on the set it makes).
_NO_CONCEPTS: Final[frozenset[str]] = frozenset()


def unless_said(scanned: str, spans: list[Span], said: frozenset[str]) -> list[Span]:
    """``spans`` (whose concepts are ``said``) with every ``unless`` rule applied, in order: beside,
    later, earlier."""
    unless, later, earlier = _unless(), _unless_later(), _unless_earlier()
    keys = _keys()  # each rule's concepts: most messages say none of them, told in one look each
    if not said.isdisjoint(keys[0]):
        spans = _unless_said(spans, unless)
        said = _concepts(spans)
    if not said.isdisjoint(keys[1]):
        spans = _unless_said_later(scanned, spans, later)
        said = _concepts(spans)
    if not said.isdisjoint(keys[2]):
        spans = _unless_said_earlier(scanned, spans, earlier)
        said = _concepts(spans)
    clause = _unless_clause_before()
    if any(c in clause for c in said):
        spans = _unless_said_earlier(scanned, spans, clause, opening=False)
    return spans


@lru_cache(maxsize=1)
def _keys() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    return frozenset(_unless()), frozenset(_unless_later()), frozenset(_unless_earlier())


def _concepts(spans: Iterable[Span]) -> frozenset[str]:
    return _NO_CONCEPTS.union(*(span[3] for span in spans))


@lru_cache(maxsize=1)
def _unless_earlier() -> dict[str, frozenset[str]]:
    return load().unless_earlier()


@lru_cache(maxsize=1)
def _unless_clause_before() -> dict[str, frozenset[str]]:
    return load().unless_clause_before()


def _unless_said_earlier(
    scanned: str, spans: list[Span], earlier: dict[str, frozenset[str]], *, opening: bool = True
) -> list[Span]:
    """``spans`` without a concept one of whose ``unless_earlier`` is said before it, in an earlier
    clause or as the message's first word: an order asked ("stop all bots now", "get rid of trader
    beta") before a remark on it ("this dump is insane", "it's useless") stands, the remark says
    why; a remark told first ("this bot is useless, i stopped it") stays one. ``opening`` False:
    in an earlier clause only ("delete failed" keeps its failure)."""
    kept: list[Span] = []
    for start, end, rank, concepts, value in spans:
        if any(c in earlier for c in concepts):
            before = _said(
                s
                for s in spans
                if s[1] <= start
                and (
                    (opening and s[0] == _opening(scanned))
                    or clause_break(scanned, s[1], start)
                    or (not opening and _BECAUSE.search(scanned[s[1] : start]) is not None)
                )
                and (opening or not no_ask(scanned, s, spans))
            )
            quoted = _REPORTED in concepts and _quote_closed(scanned, start, end)
            concepts = frozenset(
                c for c in concepts if not earlier.get(c, frozenset()) & before or (quoted and c == _REPORTED)
            )
        kept.append((start, end, rank, concepts, value))
    return kept


_REPORTED: Final = "outside.reported"
# A quote's attribution closing its clause ("sell all my eth they said", "全卖了吧，他们说"): the act
# before it is theirs, quoted; said as one agreeing ("sell my eth like he said") it is asked.
_AGREED: Final = ("like", "as", "照", "按", "像", "如")


def _quote_closed(scanned: str, start: int, end: int) -> bool:
    """Someone's words told right after what they said, closing its clause ("…eth they said,")."""
    rest = scanned[end:].lstrip()
    if rest and rest[0] not in CLAUSE_MARKS and rest[0] != ".":
        return False
    before = scanned[:start].rstrip()
    return not any(
        before.endswith(w) and (not w.isascii() or before[: -len(w)][-1:] in " ,") for w in _AGREED
    )


# Why the act before is asked, said with no mark between ("stop rex because it keeps erroring"): a
# clause of its own for a reason told after an act (unless_clause_before only).
_BECAUSE: Final = Words("conversation.because")

# What a Chinese act done is said to ("停了它", "删了rex"), or the marks of a request beside it ("把rex
# 停了", "停了吧"): the act asked, not told.
_DONE_TO_WORDS: Final = Words("no_ask.done_to")  # 它 of "停了它"
_DONE_TO: Final = ("own.", "noun.trader", "noun.strategy")
_ASKED_ENDS: Final = Words("no_ask.asked_end")  # 吧 of "停了rex吧"
_FOR_BEFORE: Final = Words("no_ask.for_before")  # 把 of "把rex停了"
# An English act in a clause a question of it opens ("did rex stop? it's not working", "should i
# stop rex? it keeps losing"): asked whether, no act asked ("can you restart rex? it's stuck" asks).
_ASKED_OF: Final = Words("no_ask.asked_of")


def no_ask(scanned: str, span: Span, spans: list[Span]) -> bool:
    """An act said where nothing asks it, so a complaint beside it is no reason given for it: in
    English a clause a question opens ("did rex stop? it's not working"); in Chinese 了 after it,
    nothing it is done to after that and no request's mark in its clause ("rex停了，报错了",
    "小明跑了半天了 单都没下" tell what befell; "停了rex吧", "把rex停了", "停了它" ask)."""
    start, end = span[0], span[1]
    word = scanned[start:end]
    if word.isascii():
        first, _ = clause_of(scanned, start, end)
        opening = scanned[first:start].split()[:1]
        return bool(opening) and opening[0] in _ASKED_OF.words
    if not (word.endswith("了") or scanned.startswith("了", end)):
        return False
    first, marked = clause_of(scanned, start, end)
    last = min((s[0] for s in spans if s[0] >= end and clause_break(scanned, end, s[0])), default=marked)
    if any(w in scanned[first:start] for w in _FOR_BEFORE.words):
        return False
    # the request's mark ends the clause at its mark, not at the next clause's first word ("2号单撤了吧，
    # 刚才…": the words after the comma no word of the lexicon reads are no part of it)
    if scanned[first : min(last, marked)].rstrip(" !！~～。.").endswith(_ASKED_ENDS.words):
        return False
    after = end + (0 if word.endswith("了") else 1)
    if any(w in scanned[after:last] for w in _DONE_TO_WORDS.words):
        return False
    return not any(
        after <= s[0] and s[1] <= last and any(c.startswith(_DONE_TO) for c in s[3]) for s in spans
    )


def _opening(scanned: str) -> int:
    """Where the message's first word starts."""
    return len(scanned) - len(scanned.lstrip())


@lru_cache(maxsize=1)
def _unless_later() -> dict[str, frozenset[str]]:
    return load().unless_later()


def _unless_said_later(scanned: str, spans: list[Span], later: dict[str, frozenset[str]]) -> list[Span]:
    """``spans`` without a concept one of whose ``unless_later`` is said in a clause after it: a
    loss told ("割肉了", "亏麻了", "i lost a lot") before an order asked ("把eth全卖了", "sell all my
    eth") vetoes no order; in one clause ("i lost money selling eth") it still tells a story."""
    kept: list[Span] = []
    for start, end, rank, concepts, value in spans:
        if any(c in later for c in concepts):
            # a reason told ("rex一直出错", in unless_clause_before too) before an act told done, no ask
            reason = any(c in _unless_clause_before() for c in concepts)
            later_ones = [
                s
                for s in spans
                if s[0] >= end
                and clause_break(scanned, end, s[0])
                and not (reason and no_ask(scanned, s, spans))
            ]
            alone = [
                (s[0], s[1])
                for s in later_ones
                if _alone(scanned, s[0], s[1]) and (not reason or _given_up(scanned, s))
            ]
            after = _said(s for s in later_ones if not any(a <= s[0] < s[1] <= b for a, b in alone))
            concepts = frozenset(c for c in concepts if not later.get(c, frozenset()) & after)
        kept.append((start, end, rank, concepts, value))
    return kept


_PARTICLES: Final = Words("no_ask.particle")  # one character each


def _alone(scanned: str, start: int, end: int) -> bool:
    """A word that is a clause by itself, a particle at most beside it ("本来想买eth 算了", "was gonna
    buy btc, never mind"): the giving-up said, no act asked of anything (an order, a record)."""
    particles = "".join(_PARTICLES.words)
    before = scanned[:start].rstrip(particles)
    after = scanned[end:].lstrip(particles)
    return _ends(before.rstrip(), before[len(before.rstrip()) :], scanned[start : start + 1]) and _ends(
        after.lstrip()[:1], after[: len(after) - len(after.lstrip())], scanned[end - 1 : end]
    )


def _given_up(scanned: str, span: Span) -> bool:
    """A word alone in its clause that may give up ("算了", "never mind", "停了"): English, or Chinese
    with 了 ending it, no request's mark ("删掉吧", "停掉", "重启一下" ask)."""
    start, end = span[0], span[1]
    if scanned[start:end].isascii():
        return True
    return no_ask(scanned, span, [])


def _ends(beyond: str, spaces: str, word: str) -> bool:
    """Nothing beyond a word, or a mark, or a space after or before Chinese between (a clause's end)."""
    edge = beyond[-1:]
    return not edge or edge in CLAUSE_MARKS or (bool(spaces) and (has_cjk(edge) or has_cjk(word)))


@lru_cache(maxsize=1)
def _unless() -> dict[str, frozenset[str]]:
    """The lexicon's concepts that are none where one of their ``unless`` is said."""
    return load().unless()


def _unless_said(spans: list[Span], unless: dict[str, frozenset[str]]) -> list[Span]:
    """``spans`` without a concept one of whose ``unless`` groups or concepts is said among them
    ("今天行情好无聊啊" remarks; "太无聊了，帮我买0.1个btc" asks): its words stay a word, of no
    concept (no word inside them is read instead: "聊了" of "太无聊了"). A word inside its own is
    not said beside it: the 卖 of "我卖了" (I sold, told) is no request's verb."""
    kept: list[Span] = []
    beside: list[Span] | None = None  # the spans no longer filler word holds, found once
    for start, end, rank, concepts, value in spans:
        if any(c in unless for c in concepts):
            if beside is None:
                beside = [s for s in spans if not _inside_word(s, spans)]
            said = _said(s for s in beside if not start <= s[0] < s[1] <= end)
            none = frozenset(c for c in concepts if unless.get(c, frozenset()) & said)
            # the concepts a word's none here shares it with go with it ("move" beside a time
            # window: no update either, verb.move overlapping verb.update)
            concepts = concepts - none - frozenset().union(*(_overlaps().get(c, frozenset()) for c in none))
        kept.append((start, end, rank, concepts, value))
    return kept


def _inside_word(span: Span, spans: list[Span]) -> bool:
    """``span`` lies inside a longer filler word ("说一声" of "跟你说一声", told to deskmate, not
    asked to be told) or an outcome told ("赚了" of "去年赚了不少", no P&L asked): the longer word
    is what was said, and it asks nothing."""
    start, end = span[0], span[1]
    return any(s[0] <= start and end <= s[1] and s[1] - s[0] > end - start and _holds(s[3]) for s in spans)


# Words that say nothing asked of what they hold: filler ("跟你说一声"), an outcome told ("赚了不少":
# no P&L asked by its 赚了).
_HOLDERS: Final = ("filler.", "trade.outcome", "trade.mistimed")


def _holds(concepts: frozenset[str]) -> bool:
    return bool(concepts) and all(c.startswith(_HOLDERS) for c in concepts)


def _said(spans: Iterable[Span]) -> frozenset[str]:
    """The concepts of ``spans`` and their groups ("verb.buy" and "verb")."""
    said = _NO_CONCEPTS.union(*(span[3] for span in spans))
    return said | {c.partition(".")[0] for c in said}


@lru_cache(maxsize=1)
def _overlaps() -> dict[str, frozenset[str]]:
    return {c.name: c.overlaps for c in load().concepts.values() if c.overlaps}
