"""Slots read from the tags: what every reader of a request's slots shares (issue 21).

Positions are offsets into ``reading.text`` (the normalized message), as tags and values are::

    r = Tagger(coins).read("limit buy 0.01 BTC at 85000")
    tag_before(r, 14)                            # the tag of "0.01"'s left neighbour ("buy")
    r.rest(spans=value_spans(r))                 # what neither words nor values explain: a name
    command("/price@deskmate_bot  btc 30")       # ("price", "btc 30")
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from core.language.tagger import COIN, PUNCT, Reading, Tag

if TYPE_CHECKING:
    from core.language.values import Value


def coins(reading: Reading) -> list[str]:
    """The coins named, in order, each once (a look-alike naming no coin, "比特币ETF", is none)."""
    return list(dict.fromkeys(v for v in reading.values(COIN) if v))


def on_off(text: str) -> bool | None:
    """A one-word answer to "on or off?" read whole: True ("开启", "yes", "enable", "1"), False
    ("关闭", "no", "disabled", "0"), or None when it is neither (phrases/switch.toml); case,
    width, script and the punctuation around it do not matter ("  開啟！" is True)."""
    from core.language.lexicon import phrases
    from core.language.normalize import normalize

    word, words = " ".join(PUNCT.sub(" ", normalize(text)).split()), phrases("switch").concepts
    return True if word in words["switch.on"].words else False if word in words["switch.off"].words else None


def named_after(reading: Reading, concept: str) -> dict[str, str] | None:
    """The name typed after a kind's word, as typed ("删除账户 my traders" -> "my traders"): the
    words that follow a record's kind name it, whatever words they are."""
    tag = reading.first(concept)
    if tag is None:
        return None
    name = name_words(reading.norm.typed(tag.end, len(reading.text)))
    return {"name": name} if name else None


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


def as_typed(reading: Reading) -> str:
    """The message as typed where it lines up with ``reading.text`` (the same offsets and the same
    words, as it nearly always does), else ``reading.text``: values read in it are quoted as typed
    in a refusal, their case and script kept ("-50U", not "-50u")."""
    from core.language.normalize import normalize
    from core.language.values import typed_text

    typed, text = typed_text(reading.norm.original), reading.text
    return typed if len(typed) == len(text) and normalize(typed) == text else text


def value_spans(reading: Reading, kinds: Collection[str] = ()) -> list[tuple[int, int]]:
    """Where the message's values are (of ``kinds`` when given): for ``Reading.rest(spans=...)``."""
    return [(v.start, v.end) for v in reading.spans() if not kinds or v.kind in kinds]


def outside(values: Sequence[Value], spans: Iterable[tuple[int, int]]) -> list[Value]:
    """The values starting in none of ``spans``: "用账户2买 100 USDT" has no amount "2"."""
    taken = list(spans)
    return [v for v in values if not any(s <= v.start < e for s, e in taken)]


def blank(text: str, *spans: tuple[int, int]) -> str:
    """``text`` with ``spans`` made spaces, its length kept (offsets into it stay valid)."""
    for start, end in spans:
        text = f"{text[:start]}{' ' * (end - start)}{text[end:]}"
    return text
