"""An act asked how it is done ("how do i buy btc", "how to create a trader", "阿尔法怎么启动", "我想让
机器人帮我自动定投，要怎么设置"): a question for the guide, never the act, its slot filling or a record
named from its words. The act's word becomes how it is asked (ask.how_trade: a buy or a sale, the
orders guide; ask.how_record: a record's act, the getting-started guide; lexicon/ask.toml).

Four stand as the act: one naming an exchange or a model provider (its set-up, or its guide: "how
do i add a binance account"), one given values of its own ("how do i buy 0.1 btc", "how do i set a
stop loss on my sol at 120": the order itself, offered for confirmation), a stop of one of their own
records ("how do I stop my btc dca", "怎么停掉我的BTC定投": always confirmed), and a start of one of
their traders by its name ("how do i start alpha": confirmed when asked how). Applied by the tagger's
conditions (core.language.conditions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from core.language.normalize import clause_of
from core.language.phrases import Words
from core.language.spans import RECORD_CHANGES, RECORD_VERBS, WORD_RANK, Span

if TYPE_CHECKING:
    from core.coin_index import CoinIndex

HOW: Final = frozenset({"ask.how", "ask.getting_started"})
HOW_TRADE: Final = "ask.how_trade"
HOW_RECORD: Final = "ask.how_record"
_HOW_SAID: Final = frozenset({HOW_TRADE, HOW_RECORD})  # their own words ("怎么弄", "how do i do that")
# The acts asked how: a trade, an order's act, a record's (an order's state, "一直不成交", is none).
_TRADES: Final = (
    "verb.buy",
    "verb.sell",
    "amount.sell_all",
    "order.limit_",
    "order.revoke",
    "order.withdraw",
    "order.clear",
)
_ASKED_HOW: Final = (*_TRADES, *RECORD_VERBS, *RECORD_CHANGES)
# A stop of one's own record, asked how: the act stands, behind its confirmation (always asked).
_KEPT: Final = frozenset({"verb.stop", "verb.switch_off"})
_OWN: Final = ("own.", "filler.mine")
# An exchange, a model provider or a key named: how to connect one is its own guide's, or the set-up
# itself ("how do i add a binance account" asks its key: exchange_management), as ever.
_SETUP: Final = frozenset({"exchange", "provider", "term.testnet", "term.api_key"})
# A start of one of their traders by its name ("how do i start alpha"): offered, always confirmed
# when asked how (core.skills.trader_management.actions.is_live).
_START, _TRADER = "verb.start", "own.trader"
_CREATE: Final = "verb.create"
_AFTER_ASKED: Final = frozenset({_CREATE, _START})
# Who is let do the act, between the how and it ("怎么让交易员跑起来": 让, then the kind of record).
_LET: Final = "filler.let"
_LET_DO: Final = frozenset({"noun.trader", "noun.strategy", "noun.bot"})
# An act's own word that asks how ("how do i start", "怎么开始": verb.start's words).
_HOW_WORDS: Final = Words("how_to.how")  # never "where" ("where is my buy order")
# Between the how and the act: who does it and how able ("how do i", "how can i", "怎么才能", "要如何去").
_BETWEEN_EN: Final = Words("how_to.between_en")
_BETWEEN_ZH: Final = Words("how_to.between_zh")


def said(concepts: frozenset[str]) -> bool:
    """Cheap: whether how something is done may be asked at all."""
    return not concepts.isdisjoint(_HOW_ANY)


_HOW_ANY: Final = HOW | _HOW_SAID


def how_to(scanned: str, spans: list[Span], coins: CoinIndex | None) -> list[Span]:
    """``spans`` with each act asked how made how it is asked (``HOW_TRADE`` / ``HOW_RECORD``),
    unless values of its own are given or it stops one of their own records."""
    # A word inside a longer one is not said alone ("怎么" and "还没成交" of "怎么还没成交").
    whole = [
        s
        for s in spans
        if not any(o[0] <= s[0] and s[1] <= o[1] and o[1] - o[0] > s[1] - s[0] for o in spans)
    ]
    # An order's placing asked how, then its side ("怎么下单买btc", "how do i place an order to buy btc"):
    # how the trade is done, as "how do i buy btc" asks.
    how_words = _HOW_WORDS.words
    hows = [s for s in whole if s[3] & (HOW | _HOW_SAID) and scanned[s[0] : s[1]].startswith(how_words)]
    asked = [
        s
        for s in whole
        if s[2] == WORD_RANK
        and any(c.startswith(_ASKED_HOW) for c in s[3])
        and (
            (s[3] & HOW and scanned[s[0] : s[1]].startswith(how_words))
            or any(_how_before(scanned, h, s, spans) for h in hows)
        )
    ]
    # "我想开个网格 怎么弄": how to do it all, asked at the end ("怎么弄", "how do i do that").
    said_last = any(s[3] & _HOW_SAID and _tail(scanned, s) for s in spans) or any(
        _how_done_last(scanned, h) for h in hows
    )
    if said_last:
        asked = [s for s in spans if s[2] == WORD_RANK and any(c.startswith(_ASKED_HOW) for c in s[3])]
    # "where do i paste my openai key to set it up": the act after "to" is why, what is asked how
    # (never done, a provider named or not); "how do i get rex to stop" names its own object: kept.
    purposes = [s for s in whole if s[2] == WORD_RANK and _purpose(scanned, s, spans)]
    if purposes:
        return _how_asked(spans, {s[0] for s in purposes})
    if not asked or _values_given(scanned, coins) or any(s[3] & _SETUP for s in spans):
        return spans
    if any(_tail(scanned, s) for s in asked):  # "我想每天自动买点btc，要怎么设置": how to do all it says
        asked += [s for s in spans if s[2] == WORD_RANK and any(c.startswith(_ASKED_HOW) for c in s[3])]
    # An act's word after the one asked how, in its clause, is asked how too ("how do i create a new
    # trader": its "new" makes nothing either; "how do i make a trader run on its own": nor its run).
    clauses = {clause_of(scanned, s[0], s[1]) for s in asked}
    asked += [
        s
        for s in spans
        if s[2] == WORD_RANK
        and s[3] & _AFTER_ASKED
        and any(a[1] <= s[0] for a in asked)
        and clause_of(scanned, s[0], s[1]) in clauses
    ]
    own = any(c.startswith(_OWN) for s in spans for c in s[3])
    trader = any(_TRADER in s[3] for s in spans)
    changed = {s[0] for s in asked if not (own and s[3] & _KEPT) and not (trader and _START in s[3])}
    return _how_asked(spans, changed)


def _how_asked(spans: list[Span], changed: set[int]) -> list[Span]:
    """``spans`` with the acts starting at ``changed`` made how they are asked."""
    out: list[Span] = []
    for start, end, rank, concepts, value in spans:
        if start in changed and rank == WORD_RANK:
            acts = frozenset(c for c in concepts if c.startswith(_ASKED_HOW))
            how = HOW_TRADE if any(c.startswith(_TRADES) for c in acts) else HOW_RECORD
            concepts = (concepts - acts) | {how}
        out.append((start, end, rank, concepts, value))
    return out


def _purpose(scanned: str, act: Span, spans: list[Span]) -> bool:
    """``act`` right after "to", a how asked before it in its clause with more between than who asks
    ("where do i paste my openai key to"), and after it only what refers back ("it", "up")."""
    if not any(c.startswith(_ASKED_HOW) for c in act[3]):
        return False
    to = next((s for s in spans if _TO in s[3] and not scanned[s[1] : act[0]].strip()), None)
    first, last = clause_of(scanned, act[0], act[1])
    if to is None or to[0] < first or not any(first <= s[0] and s[1] < to[0] and s[3] & HOW for s in spans):
        return False
    tail = list(scanned[act[1] : last])
    for s in spans:
        if s[0] >= act[1] and s[1] <= last and any(c.startswith("filler.") for c in s[3]):
            tail[s[0] - act[1] : s[1] - act[1]] = " " * (s[1] - s[0])
    # Something after it refers back: "how do i get rex to stop" (nothing after) asks the stop itself.
    rest = "".join(tail).strip(" ?？!！.").split()
    said = "".join(tail) != scanned[act[1] : last] or bool(rest)
    return said and all(w in _PURPOSE_TAIL.words for w in rest)


_TO: Final = "filler.to"
_PURPOSE_TAIL: Final = Words("how_to.purpose_tail_en")


def _tail(scanned: str, act: Span) -> bool:
    """The act asked how ends the message, an object-less "how do I set it up" ("要怎么设置呢")."""
    return not scanned[act[1] :].strip(_ends())


def _how_done_last(scanned: str, how: Span) -> bool:
    """A how, then only a doing word, ends the message ("我想开个网格 怎么弄", "想開個網格 點搞" read
    咋弄, "…要怎么设置呢"): how to do what the message says. Alone ("网格怎么弄") it has no act to
    turn: no change. Never 怎么办 / 怎么做 ("what do I do now"), a plea, not a how-to."""
    return scanned[how[1] :].strip(_ends()) in _DOING.words


# The doing words a how asks with at the message's end (点搞 / 点弄 are read as 咋弄).
_DOING: Final = Words("how_to.doing")
_PARTICLES: Final = Words("how_to.particle")  # one character each


def _ends() -> str:
    """What may end the message after the act or the doing word: marks and particles."""
    return " ?？!！。.~～" + "".join(_PARTICLES.words)


def _how_before(scanned: str, how: Span, act: Span, spans: list[Span]) -> bool:
    """The how said before the act in its clause, only who does it and how able between."""
    if how[1] > act[0] or clause_of(scanned, how[0], how[1]) != clause_of(scanned, act[0], act[1]):
        return False
    at, let = how[1], False
    while at < act[0]:
        if scanned[at].isspace():
            at += 1
            continue
        done = next((s for s in spans if s[0] == at and let and s[3] & _LET_DO), None)
        if done is not None:  # "怎么让交易员跑起来": the trader let run, the run asked how
            at, let = done[1], False
            continue
        filler = next(
            (s for s in spans if s[0] == at and s[3] and all(c.startswith("filler.") for c in s[3])), None
        )
        if filler is not None:
            at, let = filler[1], _LET in filler[3]
            continue
        if scanned[at].isascii():
            end = at
            while end < act[0] and scanned[end].isalnum():
                end += 1
            if end == at or scanned[at:end] not in _BETWEEN_EN.words:
                return False
            at = end
            continue
        if scanned[at] not in _BETWEEN_ZH.words:
            return False
        at += 1
    return True


def _values_given(scanned: str, coins: CoinIndex | None) -> bool:
    """A number said: an amount, a price, a size (the act's own values). A number said only as a
    price step ("how do i set up a grid that buys every 50 dollars down") gives the act none: it
    describes what is asked about, and no act could take it (core.language.steps)."""
    from core.language.values import find_values  # only for a how asked of an act

    found = find_values(scanned, coins)
    if found and all(v.reason == "step" for v in found):
        return False
    return any(ch.isdigit() for ch in scanned) or any(v.kind in _VALUES for v in found)


# What the act is given to do (a time or an interval alone gives it nothing to act on).
_VALUES: Final = frozenset({"amount", "number", "price", "percent", "fraction", "count", "id", "multiple"})
