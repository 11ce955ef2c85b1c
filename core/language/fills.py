"""Slots read from the tags: what every reader of a request's slots shares (issue 21).

Positions are offsets into ``reading.text`` (the normalized message), as tags and values are::

    r = Tagger(coins).read("limit buy 0.01 BTC at 85000")
    tag_before(r, 14)                            # the tag of "0.01"'s left neighbour ("buy")
    r.rest(spans=value_spans(r))                 # what neither words nor values explain: a name
    command("/price@deskmate_bot  btc 30")       # ("price", "btc 30")
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import TYPE_CHECKING

from core.language.normalize import normalize
from core.language.phrases import Words
from core.language.spared import said, spared_beside
from core.language.tagger import COIN, PUNCT, Reading, Tag
from core.language.values import typed_text

if TYPE_CHECKING:
    from core.language.values import Value


def coins(reading: Reading) -> list[str]:
    """The coins named, in order, each once (a look-alike naming no coin, "比特币ETF", is none), but
    a coin spared beside another ("except btc, show me eth": eth, core.language.spared)."""
    scanned = reading.scanned
    spared = spared_beside(scanned, reading.found) if said(scanned, reading.concepts) else set()
    return list(
        dict.fromkeys(
            t.value for t in reading.tags if COIN in t.concepts and t.value and (t.start, t.end) not in spared
        )
    )


def on_off(text: str) -> bool | None:
    """A one-word answer to "on or off?" read whole: True ("开启", "yes", "enable", "1"), False
    ("关闭", "no", "disabled", "0"), or None when it is neither (phrases/switch.toml); case,
    width, script and the punctuation around it do not matter ("  開啟！" is True)."""
    from core.language.lexicon import phrases

    word, words = " ".join(PUNCT.sub(" ", normalize(text)).split()), phrases("switch").concepts
    return True if word in words["switch.on"].words else False if word in words["switch.off"].words else None


def told_not(reading: Reading) -> bool:
    """A verb a don't took the act of ("别给我新建一个交易员", "don't stop night owl"): its tag is left
    with no concept after a don't's word (core.language.negation); nothing is asked of it. A verb a
    story's done-word took ("我之前建的那个…") is none."""
    again = {start for start, _ in _DONT_AGAIN.spans(reading.text)}  # "不要再给我建一个交易员"
    donts = [t.end for t in reading.tags if "filler.dont" in t.concepts or t.start in again]
    return any(not t.concepts and any(end <= t.start for end in donts) for t in reading.tags)


_DONT_AGAIN = Words("dont.again")


def is_filler(tag: Tag) -> bool:
    """Every concept of ``tag`` a filler word's ("to", "the", "of"): no word of the request."""
    return all(c.startswith("filler.") for c in tag.concepts)


def command(text: str) -> tuple[str, str] | None:
    """A ``/command args`` message read once: ("price", "btc 30") of "/Price@deskmate_bot  btc 30"
    (the name casefolded, without the bot's @name; the arguments as typed, stripped); None when
    ``text`` is no command ("/" alone, "1/2")."""
    head, _, args = text.strip().partition(" ")
    name = head[1:].partition("@")[0].casefold() if head.startswith("/") else ""
    return (name, args.strip()) if name else None


def tag_at(reading: Reading, pos: int) -> Tag | None:
    """The tag over position ``pos``, or None ("buy 0.01 btc", 1 -> the buy verb's)."""
    return next((t for t in reading.tags if t.start <= pos < t.end), None)


def tag_before(reading: Reading, pos: int, concepts: Collection[str] = ()) -> Tag | None:
    """The last tag ending at or before ``pos`` (with one of ``concepts`` when given)."""
    return next((t for t in reversed(reading.tags) if t.end <= pos and _with(t, concepts)), None)


def tag_after(reading: Reading, pos: int, concepts: Collection[str] = ()) -> Tag | None:
    """The first tag starting at or after ``pos`` (with one of ``concepts`` when given)."""
    return next((t for t in reading.tags if t.start >= pos and _with(t, concepts)), None)


def tag_beside(
    reading: Reading, at: int, concepts: Collection[str] = (), *, after: bool = False
) -> Tag | None:
    """The tag right before ``at`` (only spaces between), or with ``after`` the one right after
    it, when it has one of ``concepts`` (any when none given): "in" before "USDC" ("ETH price in
    USDC"), "price" after "btcc" ("btcc price")."""
    if after:
        tag = tag_after(reading, at)
        return tag if tag and _with(tag, concepts) and not reading.text[at : tag.start].strip(" ") else None
    tag = tag_before(reading, at)
    return tag if tag and _with(tag, concepts) and not reading.text[tag.end : at].strip() else None


def _with(tag: Tag, concepts: Collection[str]) -> bool:
    return not concepts or not tag.concepts.isdisjoint(concepts)


def between(reading: Reading, start: int, end: int) -> str:
    """The words between two positions, punctuation and spaces dropped ("at: 85000" -> "" between
    "at" and the number)."""
    return " ".join(PUNCT.sub(" ", reading.text[start:end]).split())


def next_to(
    reading: Reading,
    values: Iterable[Value],
    cues: Collection[str],
    *,
    joining: Collection[str] = (),
    before: bool = False,
) -> Value | None:
    """The first of ``values`` right after a word of ``cues`` (only spaces or one of ``joining``
    between them: "每格50U", "最多投入 5000U"), or with ``before`` right before one ("5000U in
    total"); unlike ``cued``, among values a reader has already narrowed down."""
    for value in values:
        tag = tag_after(reading, value.end, cues) if before else tag_before(reading, value.start, cues)
        if tag is None:
            continue
        start, end = (value.end, tag.start) if before else (tag.end, value.start)
        if reading.text[start:end].strip() in {"", *joining}:
            return value
    return None


SIDES = frozenset({"verb.buy", "verb.sell"})
# An order named as one: by its kind ("limit buy", "限价买单" are a limit order's words and a side's),
# plainly ("buy order", "卖单"), open ("my open sell orders").
ORDER_NAMES = frozenset({"order.limit_order", "diagnosis.order", "order.open_orders"})


def sides_name_orders(reading: Reading) -> bool:
    """A buy or sell said, each only as the side of an order named ("cancel my limit buy", "the eth
    buy order", "buy and sell orders", "撤销我的限价买单") or of the order withdrawn ("cancel my buy
    of 0.1 btc at 80000", "撤销80000买0.1个btc的限价单": its size and price say which): which order,
    never one asked for ("buy 0.1 btc then cancel it": a buy)."""
    sides = [t for t in reading.tags if not t.concepts.isdisjoint(SIDES)]
    if not sides:
        return False
    # The order's size and price ("0.1个btc", "at 80000") may stand between its side and its word.
    blank = _values_blanked(reading)
    return all(_names_an_order(reading, blank, t) for t in sides)


def told_placed(reading: Reading) -> bool:
    """Every side said after an order told placed (trade.placed: "placed a market buy for eth", "i
    put in a sell on sol"): the order told of, never one asked ("sell 0.1 eth, i placed a buy")."""
    placed = next((t.start for t in reading.tags if "trade.placed" in t.concepts), None)
    sides = [t.start for t in reading.tags if not t.concepts.isdisjoint(SIDES)]
    return placed is not None and bool(sides) and all(at > placed for at in sides)


# An order withdrawn by its side: the side right after the withdrawing word ("cancel my buy", "撤销买
# 0.1个btc"); "stop buying btc" stops no order.
WITHDRAWS = frozenset({"verb.cancel", "verb.delete", "order.revoke", "order.revoke_all", "order.withdraw"})


def _values_blanked(reading: Reading) -> str:
    text = list(reading.text)
    for value in reading.spans():
        if value.kind in ("amount", "number", "price", "refused"):
            text[value.start : value.end] = " " * (value.end - value.start)
    return "".join(text)


def _names_an_order(reading: Reading, blank: str, side: Tag) -> bool:
    if not side.concepts.isdisjoint(ORDER_NAMES):
        return True
    at = side.end  # the order's word after it, only filler, a coin, a value or the other side between
    for tag in (t for t in reading.tags if t.start >= at):
        if blank[at : tag.start].strip():
            return False
        if not tag.concepts.isdisjoint(ORDER_NAMES):
            return True
        if not (is_filler(tag) or COIN in tag.concepts or not tag.concepts.isdisjoint(SIDES)):
            return False
        at = tag.end
    at = side.start  # the withdrawing word before it, only filler, a coin or a value between
    for tag in reversed([t for t in reading.tags if t.end <= at]):
        if blank[tag.end : at].strip():
            return False
        if not tag.concepts.isdisjoint(WITHDRAWS):
            return True
        if not (is_filler(tag) or COIN in tag.concepts):
            return False
        at = tag.start
    return False


def word_after(reading: Reading, at: int, cues: Collection[str]) -> bool:
    """A word of ``cues`` said right after ``at``, only filler words between ("all my doge": a coin)."""
    for tag in (t for t in reading.tags if t.start >= at):
        if reading.text[at : tag.start].strip():
            return False  # a word no tag explains between
        if not tag.concepts.isdisjoint(cues):
            return True
        if not is_filler(tag):
            return False
        at = tag.end
    return False


def as_typed(reading: Reading) -> str:
    """The message as typed where it lines up with ``reading.text`` (the same offsets and the same
    words, as it nearly always does), else ``reading.text``: values read in it are quoted as typed
    in a refusal, their case and script kept ("-50U", not "-50u")."""
    typed, text = typed_text(reading.norm.original), reading.text
    return typed if len(typed) == len(text) and normalize(typed) == text else text


def typed_values(reading: Reading) -> list[Value]:
    """The message's values (``Reading.spans``: read once for every reader), each quoted as typed
    where the message lines up with its typed text (``as_typed``): a refusal says "-50U"."""
    typed = as_typed(reading)
    values = reading.spans()
    return values if typed == reading.text else [replace(v, typed=typed[v.start : v.end]) for v in values]


def value_spans(reading: Reading, kinds: Collection[str] = ()) -> list[tuple[int, int]]:
    """Where the message's values are (of ``kinds`` when given): for ``Reading.rest(spans=...)``."""
    return [(v.start, v.end) for v in reading.spans() if not kinds or v.kind in kinds]


def outside(values: Sequence[Value], spans: Iterable[tuple[int, int]]) -> list[Value]:
    """The values starting in none of ``spans``: "用账户2买 100 USDT" has no amount "2"."""
    taken = list(spans)
    return [v for v in values if not any(s <= v.start < e for s, e in taken)]


def said_as(value: Value, kinds: Collection[str], units: Collection[str] = ()) -> bool:
    """``value`` is of one of ``kinds``, or refused where it would have been one (its unit one of
    ``units``: "-5%" a percent, "-4h" a span): a reader says back a refusal where such a value was said."""
    return value.kind in kinds or (value.refused and value.unit in units)


def blank(text: str, *spans: tuple[int, int]) -> str:
    """``text`` with ``spans`` made spaces, its length kept (offsets into it stay valid)."""
    for start, end in spans:
        text = f"{text[:start]}{' ' * (end - start)}{text[end:]}"
    return text


def field_value(
    reading: Reading, values: Sequence[Value], cues: Collection[str], *, joining: Collection[str] = ()
) -> Value | None:
    """The first of ``values`` said beside a field's word (one of ``cues``): right after it, only
    spaces or one of ``joining`` between ("每格50U", "最多投入 5000U", "每格投50U"), else right
    before it ("5000U in total", "20 USDT each")."""
    return next_to(reading, values, cues, joining=joining) or next_to(reading, values, cues, before=True)


def ranged(reading: Reading, values: Sequence[Value], joining: Collection[str]) -> tuple[Value, Value] | None:
    """The first two of ``values`` joined as a range by one of ``joining`` ("3000到4000", "between
    100 and 200", "3k to 4k")."""
    text = reading.text
    return next(((a, b) for a, b in pairwise(values) if text[a.end : b.start].strip() in joining), None)


def within(reading: Reading, start: int, end: int) -> Reading:
    """The reading of the words between ``start`` and ``end`` only (an update's field is named
    before its new value, or after it)."""
    tags = tuple(t for t in reading.tags if start <= t.start and t.end <= end)
    return Reading(reading.norm, tags, reading.concepts)
