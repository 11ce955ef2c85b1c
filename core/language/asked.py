"""An act asked whether it was done, in the perfect ("阿强停了吗", "你把gary删了没", "有冇停咗阿強",
"did you stop gary?", "你买了btc吗"): a question about what is so, never the act. A record's act
becomes its state asked (ask.status), a trade the trades asked (trade.bought). The words are
phrases/asked.toml; core.language.conditions applies this to the tagger's spans."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from core.language.normalize import any_said, clause_of, has_cjk
from core.language.phrases import Words

# The concepts of no span: what a union of spans' concepts starts from (``frozenset[str]()`` makes a
# generic alias at each call, and fails setting its __orig_class__ on the set it makes).
_NO_CONCEPTS: Final[frozenset[str]] = frozenset()

# A span as core.language.conditions reads it: (start, end, rank, concepts, value).
Span = tuple[int, int, int, frozenset[str], str]

ORDER_ACTS: Final = ("order.revoke", "order.withdraw", "order.clear")  # "挂单撤了吗", "清了吗"
RECORD_ACTS: Final = (
    "verb.start",
    "verb.stop",
    "verb.delete",
    "verb.update",
    "verb.switch_on",
    "verb.switch_off",
    "verb.create",
    "verb.rename",
    "verb.set_to",
    "verb.activate",
    "verb.deactivate",
    "verb.copy",
    "verb.cancel",
    *ORDER_ACTS,
    "verb.bind",
    "verb.link",
    "verb.turn_apart",
    "verb.start_apart",
    "verb.stop_apart",
    "workspace.change_to",
    "answer.on",
    "answer.off",
)
TRADE_ACTS: Final = ("verb.buy", "verb.sell", "amount.sell_all")
STATE: Final = frozenset({"ask.status"})
TRADES: Final = frozenset({"trade.bought"})
_TOLD: Final = frozenset({"outside.told"})  # a story: what was done, told
WENT_THROUGH: Final = "trade.went_through"
WHEN: Final = "ask.when"  # "什么时候", "when did": asked of an act before it, done ("卖出去的") or not
_CUES: Final = frozenset({WENT_THROUGH, WHEN})  # spans that may ask an act with no hint word said
# What may stand between an act and the 的 that tells it done, asked when ("什么时候卖出去的", "几时买入的").
_DONE_BEFORE_DE: Final = Words("asked.done_before_de")  # one character at a time
SOLD: Final = "diagnosis.order"  # "sold", "bought" (asked.sold) are an order's words told
# Told it did not go through, or why not: the order's diagnosis, no question whether it did.
_NOT_THROUGH: Final = frozenset({"diagnosis.not_done", "verb.fail", "ask.why", "verb.unfilled"})
# "did you cancel my order", "撤单了吗": an order's cancel asked done names the orders (the open ones asked).
_REVOKE: Final = ("order.revoke", "order.withdraw")
_CANCELLED: Final = frozenset({"order.cancelled"})
_END: Final = " 呀啊呢啦?？!！~～"
# Between "able" and the act: what is acted on, no other verb or question ("能帮我把阿强停了吗").
_OBJECTS: Final = ("own.", "noun.", "coin", "filler.", "exchange", "provider")
_ORDERS: Final = frozenset({"order.open_orders", "order.orders", "order.limit_order"})  # "能把挂单撤了吗"


@lru_cache(maxsize=1)
def _words() -> dict[str, tuple[str, ...]]:
    from core.language.lexicon import phrases

    group = phrases("asked").concepts
    names: tuple[str, ...] = ("before", "own_before", "tail", "not_yet", "request", "able", "through_asked")
    names += ("through", "sold", "you_done", "you_modal", "made_by", "made_tail", "who")
    names += ("whether", "whether_able", "either", "had", "had_between", "had_not", "when_done")
    names += ("had_still", "had_who", "record_before", "done_after", "record_between")
    return {name: group[f"asked.{name}"].words for name in names}


_ACTS: Final = RECORD_ACTS + TRADE_ACTS


@lru_cache(maxsize=1)
def _hints() -> tuple[str, ...]:
    """Every word one of the questions below needs somewhere in the message: without one of them
    (or a span saying an order went through) no act is asked, and the spans are read no further."""
    words = _words()
    names: tuple[str, ...] = ("before", "own_before", "tail", "through", "you_done", "made_by", "who")
    names += ("whether", "either", "when_done", "had")  # "我有买btc": told done with no tail
    names += ("record_before",)
    return tuple(sorted({w for name in names for w in words[name]}))


@lru_cache(maxsize=1)
def _hints_said() -> re.Pattern[str] | None:
    """Any of ``_hints``, found in one scan (some 60 words: a look for each cost ~3 us a reading)."""
    return any_said(_hints())


@lru_cache(maxsize=4096)  # a word's concepts are one set in every message (the tagger's); a message's
def acts(concepts: frozenset[str]) -> bool:  # own set is asked several times by the conditions
    return any(c.startswith(_ACTS) for c in concepts)


def asked_done(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with every act asked whether it was done made that question."""
    hints = _hints_said()
    if (hints is None or hints.search(scanned) is None) and not any(s[3] & _CUES for s in spans):
        return list(spans)  # most messages: no question word at all (routing p99, make bench)
    out: list[Span] = []
    for span in spans:
        start, end, rank, concepts, value = span
        if _sold(scanned, span):  # "has my eth sold", "did my btc get bought": the trades asked
            span = (start, end, rank, (concepts - {SOLD}) | TRADES, value)
        elif acts(concepts) and _had_told(scanned, start, end):  # "我有买btc": told, no act
            span = (
                start,
                end,
                rank,
                frozenset(c for c in concepts if not c.startswith(_ACTS)) | _TOLD,
                value,
            )
        elif acts(concepts) and (_asked(scanned, start, end, spans) or _through(scanned, start, end, spans)):
            kept = frozenset(c for c in concepts if not c.startswith(_ACTS))
            traded = any(c.startswith(TRADE_ACTS) for c in concepts)
            # "挂单全清了吗": an order's clearing asked is their state too (the open orders)
            state = not traded or any(c.startswith(ORDER_ACTS) for c in concepts)
            traded = traded and not (state and _ORDERS & _said(spans))
            span = (
                start,
                end,
                rank,
                kept
                | (TRADES if traded else frozenset())
                | (STATE if state else frozenset())
                | (_CANCELLED if any(c.startswith(_REVOKE) for c in concepts) else frozenset()),
                value,
            )
        out.append(span)
    return out


def _asked(scanned: str, start: int, end: int, spans: Sequence[Span]) -> bool:
    words = _words()
    first, last = clause_of(scanned, start, end)
    before, after = scanned[first:start], scanned[end:last].rstrip(_END)
    if any(after.endswith(w) for w in words["request"]):
        return False
    if _you_did(scanned[first:start], scanned[start:end], after):
        return True
    if _when_done(scanned, first, start, end, last, spans):
        return True
    if _whether(before) or _either(scanned, first, start, end, last, spans):
        return True
    # the asking word may be the act's own ("有没有设": a bare 设 is no act alone)
    if any(_has(scanned[first:end], w) for w in words["before"]):
        return True
    if before.lstrip().startswith(words["own_before"]):
        return True
    if _record_asked(scanned, first, start, spans):  # "did rex stop?"
        return True
    if _had(before, scanned[start:end], after):  # "我有卖eth吗", "你有帮我买btc吗"
        return True
    if _able(scanned, first, start, spans):
        return False
    if _who(scanned[first:end], after):  # "谁卖了我的eth", "who set the btc alert", "set by you?"
        return True
    if not has_cjk(scanned[start:end]) or not any(after.endswith(w) for w in words["tail"]):
        return False
    # told done with 了: right after the act ("停了吗", "换了kimi吗"), or before the question
    # ("换成kimi了没有")
    said = scanned[start:end]
    if said.endswith("了") or after.lstrip().startswith(words["done_after"]) or "了" in after[-4:]:
        return True
    # 没 / 未 last asks "yet?" with no 了 needed ("卖出去没", "沽晒未"): no command ends so
    return any(after.endswith(w) for w in words["not_yet"])


def _when_done(scanned: str, first: int, start: int, end: int, last: int, spans: Sequence[Span]) -> bool:
    """When it was done, asked: a when-word before the act in its clause, the act told done by 的
    right after it ("我的以太什么时候卖出去的", "gary几时停的", "什么时候买的btc") or the when-word a
    past one ("when did my eth sell", "when was gary stopped")."""
    if any(_has(scanned[first:start], w) for w in _words()["when_done"]):
        return True
    if not any(first <= s[0] and s[1] <= start and WHEN in s[3] for s in spans):
        return False
    between = "".join(_DONE_BEFORE_DE.words)
    return has_cjk(scanned[start:end]) and scanned[end:last].lstrip(between).startswith("的")


def _had(before: str, said: str, after: str) -> bool:
    """Asked whether it was done with 有 right before the act (who it was for between: "你有帮我买btc吗",
    "还有买btc吗": whether it still is), a tail ending the clause (with none: _had_told)."""
    words = _words()
    if not has_cjk(said) or not any(after.endswith(w) for w in words["tail"]):
        return False
    kept = _before_had(before)
    # "所有", "只有" are no 有 of a perfect; "还有…吗" asks whether it still is
    return kept.endswith(words["had"]) and not kept.endswith(
        tuple(w for w in words["had_not"] if w not in words["had_still"])
    )


def _had_told(scanned: str, start: int, end: int) -> bool:
    """Told done with 有 right before the act by whoever did it, no tail asking ("我有买btc", "你有帮我
    买btc", "昨天那波 ETH 我有跑掉": the south's and Taiwan's perfect): a story, never a request."""
    words = _words()
    first, last = clause_of(scanned, start, end)
    after = scanned[end:last].rstrip(_END)
    if not has_cjk(scanned[start:end]) or any(after.endswith(w) for w in words["tail"]):
        return False
    kept = _before_had(scanned[first:start])
    if not kept.endswith(words["had"]) or kept.endswith(words["had_not"]):
        return False
    return kept[:-1].rstrip().endswith(words["had_who"])


def _before_had(before: str) -> str:
    """What is said before the act, who it was done for taken off ("你有帮我买": "你有")."""
    kept = before.rstrip()
    for between in sorted(_words()["had_between"], key=len, reverse=True):
        if kept.endswith(between):
            return kept[: -len(between)].rstrip()
    return kept


def _you_did(before: str, said: str, after: str) -> bool:
    """Deskmate asked whether it did the act: "你是不是把我的sol卖了" (told done with 了, no word of
    ability or intent between), "提醒是你帮我设的吗" (是…的)."""
    words = _words()
    if any(w in before for w in words["made_by"]) and after.endswith(words["made_tail"]):
        return True
    at = max((before.rfind(w) + len(w) for w in words["you_done"] if w in before), default=-1)
    if at < 0 or any(w in before[at:] for w in words["you_modal"]):
        return False
    return said.endswith("了") or after.lstrip().startswith(words["done_after"])


def _whether(before: str) -> bool:
    """Whether it is so asked before the act in its clause ("小明是不是停了"), no one able asked
    between ("是不是可以帮我停了小明" stays the request)."""
    words = _words()
    at = max((before.rfind(w) + len(w) for w in words["whether"] if w in before), default=-1)
    return at >= 0 and not any(w in before[at:] for w in words["whether_able"])


# What may stand between a state or an act and the word of choice ("开住定停了", "停了还是开着"),
# or between the word of choice and the act ("还是已经停了").
_EITHER_GAP: Final = " 着住紧了已经"
_EITHER_SIDES: Final = ("ask.status", "ask.running", "answer.on", "answer.off")


def _either(scanned: str, first: int, start: int, end: int, last: int, spans: Sequence[Span]) -> bool:
    """One state or the other asked: the act right after the word of choice with a state or an act
    right before it, or the act right before it with one right after it. A record's act only: two
    trades on either side ("开多还是开空") are a choice asked, no trade done asked."""
    if not has_cjk(scanned[start:end]):
        return False
    if any(s[0] == start and s[1] == end and any(c.startswith(TRADE_ACTS) for c in s[3]) for s in spans):
        return False
    before = scanned[first:start].rstrip(_EITHER_GAP)
    after = scanned[end:last].lstrip(_EITHER_GAP)
    for word in _words()["either"]:
        if before.endswith(word):
            at = first + len(before) - len(word)
            edge = len(scanned[first:at].rstrip(_EITHER_GAP)) + first
            if any(s[1] == edge and _sided(s[3]) for s in spans):
                return True
        if after.startswith(word):
            at = last - len(after) + len(word)
            edge = at + len(scanned[at:last]) - len(scanned[at:last].lstrip(_EITHER_GAP))
            if any(s[0] == edge and _sided(s[3]) for s in spans):
                return True
    return False


def _sided(concepts: frozenset[str]) -> bool:
    return acts(concepts) or any(c.startswith(_EITHER_SIDES) for c in concepts)


def _who(before: str, after: str) -> bool:
    """Who did it asked: a who said in the act's clause before it, or "by you" after it."""
    return any(_has(before, w) or _has(after, w) for w in _words()["who"])


def asked_who(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a record asked who made it, no act said ("btc那个提醒是你帮我设的吗": a bare 设 is
    no act, "谁设的btc提醒"): its noun's state asked, never made. Only where one of the words is."""
    words = _words()
    out = list(spans)
    for at, span in enumerate(spans):
        start, end, rank, concepts, value = span
        if not any(c.startswith("noun.") for c in concepts):
            continue
        first, last = clause_of(scanned, start, end)
        clause = scanned[first:last].rstrip(_END)
        made = any(w in clause for w in words["made_by"]) and clause.endswith(words["made_tail"])
        if not made and not any(_has(clause, w) for w in words["who"]):
            continue
        if any(acts(s[3]) for s in spans if first <= s[0] and s[1] <= last):
            continue  # an act said is asked by asked_done
        out[at] = (start, end, rank, (concepts - _MADE) | STATE, value)
    return out


_MADE: Final = frozenset({"verb.notify", "verb.create"})  # "提醒": the alert's making, not asked


def who_said(scanned: str) -> bool:
    """Cheap: whether a word asking who did something may be in the message."""
    found = _who_said()
    return found is not None and found.search(scanned) is not None


@lru_cache(maxsize=1)
def _who_said() -> re.Pattern[str] | None:
    return any_said((*_words()["who"], *_words()["made_by"]))


def _sold(scanned: str, span: Span) -> bool:
    """One's own coin asked sold or bought, said in the past ("has my eth sold", "did my eth get
    sold", "has my btc been sold yet"): first in its clause, one of own_before."""
    start, end, _, concepts, _ = span
    if SOLD not in concepts or scanned[start:end] not in _words()["sold"]:
        return False
    first, _ = clause_of(scanned, start, end)
    return scanned[first:start].lstrip().startswith(_words()["own_before"])


def _record_asked(scanned: str, first: int, start: int, spans: Sequence[Span]) -> bool:
    """record_before first in the clause, then only a record's or a coin's name, then the act
    ("did rex stop?", "was alpha deleted"): the act asked done. Anything else between ("did you
    ...", "did i say to stop rex") is read by the other questions or not at all."""
    before = scanned[first:start]
    head, _, rest = before.lstrip().partition(" ")
    if head not in _words()["record_before"] or not rest.strip():
        return False
    inner = start - len(rest)
    between = [s for s in spans if inner <= s[0] and s[1] <= start]
    named = [s for s in between if not all(c.startswith("filler.") for c in s[3])]
    if not named or not all(any(c.startswith(("own.", "coin", "noun.")) for c in s[3]) for s in named):
        return False
    left = list(scanned[inner:start])
    for s in between:
        left[s[0] - inner : s[1] - inner] = " " * (s[1] - s[0])
    return set("".join(left).split()) <= set(_words()["record_between"])


def _through(scanned: str, start: int, end: int, spans: Sequence[Span]) -> bool:
    """A buy or sell asked whether it went through: trade.went_through after it in its clause, a
    present one ("go through", "fill") asked before the act ("did my btc buy go through"), and
    nothing telling it did not ("why didn't my buy go through")."""
    concepts = next((s[3] for s in spans if s[0] == start and s[1] == end), frozenset())
    if not any(c.startswith(TRADE_ACTS) for c in concepts):
        return False
    first, last = clause_of(scanned, start, end)
    clause = [s for s in spans if first <= s[0] and s[1] <= last]
    if any(s[3] & _NOT_THROUGH for s in clause):
        return False
    words = _words()
    said = [scanned[s[0] : s[1]] for s in clause if s[0] >= end and WENT_THROUGH in s[3]]
    if any(w not in words["through"] for w in said):
        return True
    if not said and not any(_has(scanned[end:last], w) for w in words["through"]):
        return False
    return any(_has(scanned[first:start], w) for w in words["through_asked"])


def _has(text: str, word: str) -> bool:
    """``word`` in ``text``, whole where it is Latin ("did you", never "did your")."""
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if not word.isascii() or not (text[end : end + 1].isalnum() or text[at - 1 : at].isalnum()):
            return True
        at = text.find(word, at + 1)
    return False


def _able(scanned: str, first: int, start: int, spans: Sequence[Span]) -> bool:
    """Asked of someone able, right before the act, only what it acts on between ("能把阿强停了吗")."""
    for word in _words()["able"]:
        at = scanned.find(word, first, start)
        while at >= 0:
            between = [s for s in spans if at + len(word) <= s[0] and s[1] <= start]
            if all(s[3] & _ORDERS or all(c.startswith(_OBJECTS) for c in s[3]) for s in between):
                return True
            at = scanned.find(word, at + 1, start)
    return False


def _said(spans: Sequence[Span]) -> frozenset[str]:
    return _NO_CONCEPTS.union(*(s[3] for s in spans))
