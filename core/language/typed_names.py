"""A name or a new value typed in a request: the words no request word explains.

A record's name after its kind's word (``name_after``: "trader alpha", "策略 网格一号"), an update's
new value after its set-to word (``set_to``, ``new_value``: "rename it to bob"), the words of a span
no request word explains (``unexplained``, ``untagged``), the clauses that are remarks beside a
request's and so no part of a name (``remarks``), where a new value's clause ends
(``clause_end``), and a name's words as typed (``name_words``). Positions are offsets into
``reading.text``, as in core.language.fills.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Final

from core.language.fills import is_filler, tag_at
from core.language.normalize import CLAUSE_MARKS, has_cjk
from core.language.phrases import Words
from core.language.tagger import NAME_WORD, PUNCT, Reading, Tag

if TYPE_CHECKING:
    from core.language.values import Value


def name_after(
    reading: Reading,
    start: int,
    *,
    keep: frozenset[str] = frozenset(),
    whole: bool = False,
    skip: Callable[[Tag], bool] | None = None,
    ends: Callable[[Tag], bool] | None = None,
    bare: bool = True,
) -> str | None:
    """The name typed from ``start``, right after a kind's word ("trader alpha", "交易员 机器人一号",
    "account Main", "策略 网格一号"): the words no request word explains (one of ``keep``'s is a
    name's: "删除策略 BTC定投") up to the next one or the clause's end, filler first skipped ("策略叫
    Foo", "新建交易员 beta，建好就启动" -> "beta"); ``whole``: every word typed, ``skip``'s first
    (a new value: "to the beta"), up to the first tag ``ends`` holds for, and not ``bare``: none
    when tags explain all of them ("dca strategy")."""
    text, tags = reading.text, reading.tags
    if skip := skip or (None if whole else lambda t: is_filler(t) and not t.concepts & _JOINS):
        for t in tags:
            if t.start >= start and skip(t) and not text[start : t.start].strip():
                start = t.end
    if not whole:
        ends = ends or (lambda t: word_of(t) and not concepts_at(reading, t) & keep)
    last = clause_end(text, start) if whole else len(text)  # a new name ends with its clause
    end = next((t.start for t in tags if start <= t.start < last and ends(t)), last) if ends else last
    upto = text[:end].rstrip()  # "换成deepseek吧": a closing word is none of a new value (unquoted)
    closing = next((s for s, e in _CLOSES.spans(upto) if e == len(upto) and text[start:s].strip()), None)
    if whole and closing is not None and text[start : start + 1] not in _QUOTES:
        end = len(text[:closing].rstrip())
    if not whole:
        clause = next((i for i in range(start, end) if text[i] in _CLAUSE), end)
        return untagged(reading, start, clause, keep=keep) or None
    said = bare or "".join(text[i] for i in range(start, end) if not tag_at(reading, i)).strip(_QUOTES)
    return (name_words(reading.norm.typed(start, end)) or None) if said else None


_CLOSES = Words("records.value_end")  # what may close a new value: 吧, 啦, instead, please


def first_clause(new: str) -> str:
    """A new name typed up to its clause's end ("to floor, the old name keeps confusing me": floor;
    "把抄底线改名为底部，老名字太乱了": 底部); marks opening it are no end (", call it lambo")."""
    start = len(new) - len(new.lstrip(" ,，"))
    ends = (at for at in range(start, len(new)) if new[at] in CLAUSE_MARKS or new[at : at + 2] == ". ")
    end = next(ends, None)
    return new if end is None else new[:end]


def without_close(value: str) -> str:
    """A new name typed to the end of its clause without the words closing it, none a part of it
    ("lambo please": lambo; "snail lol": snail; "buy zone now": buy zone); a value that is only such
    a word is kept as typed."""
    while True:
        text = value.lower().rstrip(" ,.!！。~")
        start = _CLOSES.before(text, len(text)) if len(value) == len(value.lower()) else None
        if not start or not value[:start].strip():
            return value.strip()
        value = value[:start].rstrip(" ,，")


def new_value(
    reading: Reading,
    marker: Tag,
    *,
    any_words: bool,
    ends: Callable[[Tag], bool] | None = None,
    kind: str = "",
) -> str | None:
    """The new value typed after an update's ``marker`` (``set_to``), as typed, filler first
    skipped ("to the beta"); ``any_words``: whatever words (a new name), else only when a word no
    request word explains is among them ("to eth grid", not "to another exchange account");
    up to the first tag ``ends`` holds for (a record's kind after its name: "to the kimi model").
    ``kind``: the concept of the record's kind, said before its name ("to model kimi"): no part of it."""
    if not any_words and not untagged(reading, marker.end, len(reading.text)):
        return None
    # A record's value may follow the word for using it ("switch moonshot to use kimi", "改成用
    # kimi"): kimi. A new name is every word typed ("rename it to use less").
    skip = _filler_said if any_words else _lead_in
    if kind and not any_words:
        skip = partial(_lead_in_or_kind, kind)
    found = name_after(reading, marker.end, whole=True, skip=skip, ends=ends)
    return without_close(found) if found and any_words else found  # "to max please": max


_USING = frozenset({"verb.make", "filler.using"})


def _filler_said(tag: Tag) -> bool:
    """A filler word, not a word whose act a new name took ("rename rex to slow rex": slow)."""
    return bool(tag.concepts) and is_filler(tag)


def _lead_in(tag: Tag) -> bool:
    return is_filler(tag) or not tag.concepts.isdisjoint(_USING)


def _lead_in_or_kind(kind: str, tag: Tag) -> bool:
    return _lead_in(tag) or kind in tag.concepts


def set_to(reading: Reading) -> Tag | None:
    """The last word before an update's new value ("改名为", "改成", "to", "as"), when a value
    follows it."""
    found = None
    # "at" before a model id is one only where "point" is said ("point my deepseek config at …"),
    # and so before an address there ("point ds at https://api.deepseek.com/v1").
    pointed = "verb.point" in reading.concepts
    markers = _POINTED_MARKERS if pointed else _MARKERS
    for tag in reading.tags:
        at = pointed and reading.text[tag.start : tag.end] == "at"
        if (at or tag.concepts & markers) and any(c.isalnum() for c in reading.text[tag.end :]):
            found = tag
    return found or (_named_as(reading) if not reading.concepts.isdisjoint(_RENAMES) else None)


def _named_as(reading: Reading) -> Tag | None:
    """The word saying a new name comes next (names.marker) said after a rename, only punctuation
    or filler between ("大脑改个名，叫主力", "给稳稳换个名字，就叫稳如狗"): the new value follows it."""
    text = reading.text
    renamed = next((t for t in reading.tags if not t.concepts.isdisjoint(_RENAMES)), None)
    if renamed is None:
        return None
    for start, end in _NAMED_AS.spans(text, every=True):
        if start < renamed.end:
            continue
        covered = {i for t in reading.tags if is_filler(t) for i in range(t.start, t.end)}
        between = (i for i in range(renamed.end, start) if i not in covered)
        if any(text[i].isalnum() for i in between) or not any(c.isalnum() for c in text[end:]):
            return None
        return Tag(start, end, frozenset({"verb.set_to"}))
    return None


_MARKERS = frozenset({"verb.set_to", "filler.to"})
_POINTED_MARKERS = _MARKERS | {"verb.point_at"}
_RENAMES = frozenset({"verb.rename", "noun.name"})  # a new name said, its value maybe after names.marker
_NAMED_AS = Words("names.marker")
# Every concept set_to reads: where none of their words may be tagged (tagger.may_tag), it finds no
# marker, and a reader asking for one need not tag the message.
SET_TO_SAID: Final = _POINTED_MARKERS | {"verb.point"} | _RENAMES


_CLAUSE, _JOINS, _QUOTES = (
    frozenset(",，。;；!！?？"),
    frozenset({"filler.join", "filler.using"}),
    " '\"「」“”",
)


def word_of(tag: Tag) -> bool:
    """A tag of the request's words, any lexicon concept ("verb.delete", a record noun after the
    object): never part of a record's name, as a coin, a provider or a record of theirs may be."""
    return any("." in c and not c.startswith("own.") for c in tag.concepts)


def unexplained(
    reading: Reading, start: int, end: int, *, keep: frozenset[str] = frozenset(), glued: bool = False
) -> list[bool]:
    """For each character of ``reading.text[start:end]``, whether no request word explains it
    (``word_of``); a word of a concept in ``keep`` is left unexplained (part of a name). ``glued``:
    a word of money written inside a Chinese run of the name's is the name's too ("删掉交易员小钱":
    小钱, never 小 cut at 钱)."""
    kept = [True] * (end - start)
    inside = _inside_names(reading, start, end) if glued else frozenset()
    for tag in reading.tags:
        if tag.start in inside:
            continue
        # a word that lost its act (to a don't: "别给我新建一个交易员") is still the request's, no name
        said = word_of(tag) or not tag.concepts
        if tag.end > start and tag.start < end and said and not concepts_at(reading, tag) & keep:
            for i in range(max(tag.start, start), min(tag.end, end)):
                kept[i - start] = False
        if tag.concepts & _PRICED and tag.end < end:
            for value in _priced(reading, tag):
                for i in range(max(value.start, start), min(value.end, end)):
                    kept[i - start] = False
    return kept


# Words a name may hold: 小钱, 钱多多, 发财, 囤币计划, 梭哈一号.
_NAMEABLE = ("trade.money", "pnl.send", "trade.coins", "amount.all_in")


def _inside_names(reading: Reading, start: int, end: int) -> frozenset[int]:
    """Where a word a name may hold stands glued to a Chinese character no tag explains, or
    next to a Latin word no tag explains ("delete trader big money": big money, never "big")."""
    text = reading.text
    covered = {i for t in reading.tags for i in range(t.start, t.end)}

    def free(at: int) -> bool:
        return start <= at < end and at not in covered and has_cjk(text[at])

    def free_word(at: int) -> bool:  # a Latin word's letter, the one space between
        return start <= at < end and at not in covered and text[at].isascii() and text[at].isalnum()

    def beside(t: Tag) -> bool:
        if has_cjk(text[t.start : t.end]):
            return free(t.start - 1) or free(t.end)
        if not text[t.start : t.end].isascii():
            return False
        return (text[t.start - 1 : t.start] == " " and free_word(t.start - 2)) or (
            text[t.end : t.end + 1] == " " and free_word(t.end + 1)
        )

    return frozenset(
        t.start
        for t in reading.tags
        if t.concepts and all(c.startswith(_NAMEABLE) for c in t.concepts) and beside(t)
    )


# An order's price words: the number said right after one is its price ("take profit 4200", "stop
# loss at 3000", "止损 80000"), never part of a record's name ("take profit 4200 and stop the bot"
# names no trader "4200"; "stop my eth bot and set a stop loss at 3000" the bot "eth").
_PRICED = frozenset({"order.stop_loss", "order.take_profit", "order.stop_price", "order.limit_price"})
_PRICES = frozenset({"number", "price", "amount", "refused"})


def _priced(reading: Reading, cue: Tag) -> list[Value]:
    """The value right after the price word ``cue``, only filler ("at", "of") or marks between."""
    for value in reading.spans():
        if value.start < cue.end:
            continue
        gap = [t for t in reading.tags if cue.end <= t.start and t.end <= value.start]
        between = reading.text[cue.end : value.start]
        for t in gap:
            between = between.replace(reading.text[t.start : t.end], " " if is_filler(t) else "x", 1)
        if value.kind in _PRICES and not between.strip(" :：=@"):
            return [value]
        return []
    return []


def untagged(
    reading: Reading, start: int, end: int, *, keep: frozenset[str] = frozenset(), glued: bool = False
) -> str:
    """The words typed in ``reading.text[start:end]`` that no request word explains, as typed, a
    possessive "'s" dropped ("trader alpha's model" -> "alpha"); "" when none. Words of a concept
    in ``keep`` are part of a name ("BTC定投": a kind's word names a strategy)."""
    kept = unexplained(reading, start, end, keep=keep, glued=glued)
    _drop_remarks(reading, start, end, kept)
    words: list[str] = []
    run: list[int] = []
    for i in range(start, end + 1):
        if i < end and kept[i - start]:
            run.append(i)
            continue
        if run:
            words.append(reading.norm.typed(run[0], run[-1] + 1))
            run = []
    return name_words(" ".join(w.removesuffix("'s").removesuffix("’s") for w in " ".join(words).split()))


def _drop_remarks(reading: Reading, start: int, end: int, kept: list[bool]) -> None:
    """A clause of words alone, no request word, coin or record of theirs in it, beside one that
    has them, is a remark, no part of a name ("delete eth grid, don't need it anymore": eth grid;
    "switch off grid runner, it's getting chopped up": grid runner)."""
    for a, b in remarks(reading, start, end):
        kept[a - start : b - start] = [False] * (b - a)


def remarks(
    reading: Reading,
    start: int = 0,
    end: int | None = None,
    *,
    asking: tuple[str, ...] = (),
    spaced: bool = False,
) -> list[tuple[int, int]]:
    """The clauses of ``reading.text[start:end]`` that are remarks beside a request's clause
    (``_drop_remarks``); ``asking``: concept prefixes that also say a request ("pnl.": "how much
    have i made this week? be honest, i can take it" asks in its first clause only). ``spaced``: a
    space after Chinese ends a clause too ("这个月亏了多少啊 心累"; Chinese writes none inside one)."""
    text = reading.text
    end = len(text) if end is None else end
    cuts = [
        start,
        *(
            i + 1
            for i in range(start, end)
            if text[i] in _CLAUSE
            or _full_stop(text, i)
            or (spaced and text[i].isspace() and i > 0 and has_cjk(text[i - 1]))
        ),
    ]
    # A purpose said after the ask opens a clause, a remark whatever it says ("copy eth grid so i can
    # try a tighter range", "duplicate my btc dca so that i can test a bigger amount").
    tags = reading.tags
    why = {t.start for t in tags if _PURPOSE in t.concepts and start < t.start < end}
    cuts = sorted({*cuts, *why})
    clauses = [(a, b) for a, b in zip(cuts, [*cuts[1:], end], strict=True) if a < b]
    if len(clauses) < 2:
        return []
    told = [
        a not in why and any(t.end > a and t.start < b and (_asks(t) or says(t, asking)) for t in tags)
        for a, b in clauses
    ]
    if not any(told):
        return []
    return [clause for clause, said in zip(clauses, told, strict=True) if not said]


_PURPOSE: Final = "filler.purpose"


def says(tag: Tag, asking: tuple[str, ...]) -> bool:
    return bool(asking) and any(c.startswith(asking) for c in tag.concepts)


def clause_end(text: str, start: int) -> int:
    """Where the clause a new value starts at ``start`` ends: at a clause's mark or a full stop
    with more typed after it ("rename gary to bob, not night owl": bob; "to bob. thanks": bob),
    else the text's end. A value opened by a quote runs to its closing one ("to "bob, jr"")."""
    at = len(text) - len(text[start:].lstrip())
    if text[at : at + 1] in _OPENING:
        closing = next((i for i in range(at + 1, len(text)) if text[i] in _CLOSING), None)
        if closing is not None:
            at = closing + 1
    for i in range(at, len(text)):
        # a Latin mark ends a clause before a space only: "Pass#42!abc" is one word (a passphrase);
        # between Chinese words it is a Chinese one typed (，read as ,): "改名叫备用吧，现在这名字看着别扭"
        after = text[i + 1 : i + 2]
        mark = text[i] in _CLAUSE and (not text[i].isascii() or after == " " or "\u4e00" <= after <= "\u9fff")
        if (mark or _full_stop(text, i)) and any(c.isalnum() for c in text[i + 1 :]):
            return i
    return len(text)


_OPENING, _CLOSING = frozenset('"“「『'), frozenset('"”」』')


def _full_stop(text: str, at: int) -> bool:
    """A full stop ending a sentence, after a letter and before a space ("traffic was awful. delete
    trader bob"): a clause's end as a comma is; a decimal point ("0.05") or a dot in a name is none."""
    return text[at] == "." and at > 0 and text[at - 1].isalpha() and text[at + 1 : at + 2] == " "


def _asks(tag: Tag) -> bool:
    """A request's verb or noun, a coin, a kind or one of their records: what a request clause says;
    not a word telling what came of it ("its been bleeding money", "lost a lot on it")."""
    return any((c.startswith(_ASKING) or "." not in c) and c not in _TOLD for c in tag.concepts)


_ASKING = ("verb.", "noun.", "strategy.", "order.", "own.", "wallet.", "trade.")
_TOLD = frozenset({"trade.money", "trade.outcome", "trade.mistimed", "verb.lose"})


def concepts_at(reading: Reading, tag: Tag) -> frozenset[str]:
    """A tag's concepts, with the lexicon's for a word that may also be a name's."""
    if NAME_WORD not in tag.concepts:
        return tag.concepts
    return tag.concepts | _lexicon_concepts().get(reading.text[tag.start : tag.end], frozenset())


@lru_cache(maxsize=1)
def _lexicon_concepts() -> dict[str, frozenset[str]]:
    from core.language.lexicon import load

    by_word: dict[str, set[str]] = {}
    for word, concept in load().words():
        by_word.setdefault(word, set()).add(concept)
    return {w: frozenset(c) for w, c in by_word.items()}


def name_words(text: str) -> str:
    """A name's words as typed, the punctuation and spaces between them one space; an apostrophe
    inside a word is the name's ("O'Neil", "Joe's traders"), not a break between two words."""
    words, at = [], 0
    for apart in PUNCT.finditer(text):
        start, end = apart.span()
        inside = (
            apart.group() in ("'", "’")
            and text[start - 1 : start].isalnum()
            and text[end : end + 1].isalnum()
        )
        if not inside:
            words.append(text[at:start])
            at = end
    words.append(text[at:])
    return " ".join(" ".join(words).split())
