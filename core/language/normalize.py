"""One normalization for every reader: NFKC (full width -> ASCII, except the Chinese comma, a
clause separator), casefold, whitespace collapsed, traditional Chinese -> simplified (OpenCC),
keeping where each character came from.

The offsets let a slot take the words as the person typed them ("机器人一號" stays as typed when
it is a name) while every matcher reads one form. OpenCC is loaded on first use and only for text
with CJK characters: a Latin-only message ("BTC price") never pays for it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Final, Protocol

from core.cached_toml import read_toml


class _Converter(Protocol):
    def convert(self, text: str) -> str: ...


@lru_cache(maxsize=1)
def _t2s() -> _Converter:
    import opencc  # ~30 ms on first use: only messages with CJK text load it

    converter: _Converter = opencc.OpenCC("t2s")
    return converter


@lru_cache(maxsize=1)
def _s2twp() -> _Converter:
    import opencc

    # Taiwan's characters and words ("默认" -> "預設", "软件" -> "軟體"): the zh-Hant replies'.
    converter: _Converter = opencc.OpenCC("s2twp")
    return converter


# A Chinese comma separates clauses ("止损 80000，30秒有效"): kept, never NFKC's "," (which would
# make "80000,30" one number with a comma decimal); the value grammar keeps it too.
_CN_COMMA = "\uff0c"
_CJK = re.compile("[\u3400-\u9fff\uf900-\ufaff]")


def any_said(words: tuple[str, ...] | frozenset[str]) -> re.Pattern[str] | None:
    """One pattern that finds any of ``words`` in a text (None: no words, none is ever said): what
    ``any(word in text for word in words)`` answers, in one scan instead of one per word."""
    if not words:
        return None
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))


# The marks that end a clause where the conditions and the questions read a message ("阿强停了吗，
# 帮我买btc": two clauses).
CLAUSE_MARKS: Final = frozenset(",，;；。!！?？~～…")


def clause_of(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the clause holding ``text[start:end]`` begins and ends (CLAUSE_MARKS)."""
    if start < 0 or end < 0:  # counted from the end, as str.find counts them
        first = max(text.rfind(m, 0, start) for m in CLAUSE_MARKS) + 1
        last = min((at for m in CLAUSE_MARKS if (at := text.find(m, end)) >= 0), default=len(text))
        return first, last
    first = 0  # after the last mark before ``start``, and the first mark from ``end``: one look each
    for found in _CLAUSE_MARK.finditer(text, 0, start):
        first = found.end()
    after = _CLAUSE_MARK.search(text, end)
    return first, len(text) if after is None else after.start()


_CLAUSE_MARK: Final = re.compile(f"[{re.escape(''.join(sorted(CLAUSE_MARKS)))}]")


def has_cjk(text: str) -> bool:
    """Any CJK ideograph (the only characters the traditional -> simplified step changes)."""
    return not text.isascii() and _CJK.search(text) is not None  # ASCII: told in C, no search


def simplified(text: str) -> str:
    """``text`` with traditional characters as simplified ones, character for character."""
    if not has_cjk(text):
        return text
    converted = _t2s().convert(text)
    if len(converted) != len(text):
        # A phrase conversion changed the length: convert one character at a time so that every
        # character keeps its offset (a slot reads the person's own words back by offset).
        converted = "".join(c if len(c := _t2s().convert(ch)) == 1 else ch for ch in text)
    return _mandarin(_d_as_di(converted))


# Hong Kong's 啲 typed as the letter d between Chinese words ("我d倉點呀", "買d sol"): 啲, which
# Cantonese reads as 的 (phrases/cantonese.toml), one character for one.
_D_AS_DI: Final = re.compile(r"(?<=[\u3400-\u9fff])d(?=[\u3400-\u9fff])")


def _d_as_di(text: str) -> str:
    return _D_AS_DI.sub("的", text) if "d" in text else text


@lru_cache(maxsize=1)
def _cantonese() -> tuple[dict[str, str], tuple[int, ...], re.Pattern[str] | None]:
    """Hong Kong's Cantonese words and the Mandarin word of the same length read for each
    (lexicon/phrases/cantonese.toml: "点解" -> "为啥", "几多" -> "多少", "唔" -> "不")."""
    # Read here, not through core.language.lexicon (which normalizes with this module's fold);
    # the file is one a phrase group's too, so the lexicon's checks hold for it.
    data = read_toml(resources.files("core.language") / "lexicon" / "phrases" / "cantonese.toml")
    words: dict[str, str] = {}
    for mandarin, table in data.items():
        for word in table["zh"]:
            if len(word) != len(mandarin):
                raise ValueError(f"phrases/cantonese.toml: {word!r} and {mandarin!r} differ in length")
            words[word] = mandarin
    return words, tuple(sorted({len(w) for w in words}, reverse=True)), any_said(tuple(words))


def _mandarin(text: str) -> str:
    """``text`` with its Cantonese words as Mandarin ones, the longest first, character for
    character (the offsets stay)."""
    words, sizes, any_word = _cantonese()
    if any_word is None or any_word.search(text) is None:
        return text  # most messages: one scan for every word, not a loop over each character
    out: list[str] = []
    at = 0
    while at < len(text):
        for size in sizes:
            said = words.get(text[at : at + size])
            if said is not None:
                out.append(said)
                at += size
                break
        else:
            out.append(text[at])
            at += 1
    return "".join(out)


@lru_cache(maxsize=4096)
def is_traditional(text: str) -> bool:
    """Written in traditional characters: its CJK text changes under the traditional ->
    simplified conversion normalize uses (the same converter, loaded for CJK text only)."""
    return has_cjk(text) and _t2s().convert(text) != text


def has_simplified(text: str) -> bool:
    """Any character only simplified Chinese writes ("价", "币"): one the conversion to
    traditional changes on its own. For a message the traditional -> simplified one leaves as it
    is ("你好"), which either script may have written."""
    return any(traditional(ch) != ch for ch in _CJK.findall(text))


# Where s2twp's words are not Taiwan's (nor Hong Kong's): money accounts are 帳, not 賬.
_TW_WORDS = (("賬戶", "帳戶"), ("賬號", "帳號"), ("賬單", "帳單"), ("賬", "帳"))


@lru_cache(maxsize=8192)
def traditional(text: str) -> str:
    """A simplified-Chinese text (a reply template, never what a person typed) in traditional
    characters, with Taiwan's words; converted once per text."""
    if not has_cjk(text):
        return text
    converted = _s2twp().convert(text)
    for theirs, ours in _TW_WORDS:
        converted = converted.replace(theirs, ours)
    return converted


@dataclass(frozen=True, slots=True)
class Normalized:
    """The normalized text and, for each of its characters, its offset in the typed text."""

    text: str
    original: str
    offsets: tuple[int, ...]  # len(text) + 1 entries; the last is len(original)

    def typed(self, start: int, end: int) -> str:
        """The typed words behind ``text[start:end]``."""
        return self.original[self.offsets[start] : self.offsets[end]].strip()


@lru_cache(maxsize=256)
def normalize_text(original: str) -> Normalized:
    """NFKC + casefold per character, whitespace runs as one space, no outer space, then
    traditional -> simplified. "ＢＴＣ　價格" -> "btc 价格". The last messages are kept: a turn
    reads its message through the tagger and its skill's reader."""
    # A Chinese comma is the one character NFKC would change that is kept as typed: a message
    # with one ("止损 80000，30秒有效") takes the quick way too, not a character by character one.
    spaced = " ".join(original.split()) == original  # no space at either end, two together or odd
    if spaced and unicodedata.is_normalized("NFKC", original.replace(_CN_COMMA, "")):
        folded = original.casefold()
        if len(folded) == len(original):  # the usual message: every offset is its own
            return _unglued(Normalized(simplified(folded), original, tuple(range(len(original) + 1))))
    chars: list[str] = []
    offsets: list[int] = []
    pending_space = -1
    for i, ch in enumerate(original):
        if ch.isspace():
            if chars and pending_space < 0:
                pending_space = i
            continue
        folded = ch if ch == _CN_COMMA else unicodedata.normalize("NFKC", ch).casefold()
        if not folded.strip():
            if chars and pending_space < 0:
                pending_space = i
            continue
        if pending_space >= 0:
            chars.append(" ")
            offsets.append(pending_space)
            pending_space = -1
        for out in folded:
            chars.append(out)
            offsets.append(i)
    offsets.append(len(original))
    return _unglued(Normalized(simplified("".join(chars)), original, tuple(offsets)))


@lru_cache(maxsize=1)
def _glued() -> re.Pattern[str]:
    """A trade's verb typed onto its amount with no space, as on a phone ("buy0.01btc",
    "sell0.5eth", "buy$50 of doge"): the verbs of phrases/run_on.toml's glued_verb, each only
    whole before a digit or a dollar sign."""
    data = read_toml(resources.files("core.language") / "lexicon" / "phrases" / "run_on.toml")
    words = sorted((fold(w) for w in data["glued_verb"]["en"]), key=len, reverse=True)
    return re.compile(rf"(?<![a-z0-9])(?:{'|'.join(map(re.escape, words))})(?=[\d$])")


@lru_cache(maxsize=1)
def _glued_coin() -> re.Pattern[str]:
    """A coin's ticker typed onto the price after it, a Chinese character right after the number
    ("eth4000卖0.5 挂单"): phrases/run_on.toml's glued_coin, each only whole."""
    data = read_toml(resources.files("core.language") / "lexicon" / "phrases" / "run_on.toml")
    words = sorted((fold(w) for w in data["glued_coin"]["en"]), key=len, reverse=True)
    return re.compile(rf"(?<![a-z0-9])(?:{'|'.join(map(re.escape, words))})(?=\d[\d.,]*[万千\u4e00-\u9fff])")


def _unglued(norm: Normalized) -> Normalized:
    """``norm`` with a space between a trade's verb and the amount typed onto it ("buy0.01btc" is
    "buy 0.01btc"), the space typed where the amount starts: every reader reads the two apart."""
    text, offsets = unglued(norm.text, norm.offsets)
    return norm if text is norm.text else Normalized(text, norm.original, tuple(offsets))


def unglued(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    """``text`` with a space between a trade's verb and the amount typed onto it (``_glued``), and
    ``offsets`` (one per character and one past the end) with the space's: the amount's own. The
    same ``text`` and ``offsets`` when nothing is glued."""
    hint = _GLUED_HINT.search(text)
    ends = sorted(m.end() for g in (_glued(), _glued_coin()) for m in g.finditer(text)) if hint else []
    if not ends:
        return text, offsets
    chars: list[str] = []
    out: list[int] = []
    at = 0
    for end in (*ends, len(text)):
        chars.append(text[at:end])
        out += offsets[at:end]
        if end < len(text):
            chars.append(" ")
            out.append(offsets[end])
        at = end
    out.append(offsets[len(text)])
    return "".join(chars), out


_GLUED_HINT: Final = re.compile(r"[a-z][\d$]")  # a letter right before a digit: most texts have none


def normalize(text: str) -> str:
    """Only the normalized text (core.routing.normalize's form plus zh-Hant -> zh)."""
    return normalize_text(text).text


def fold(text: str) -> str:
    """NFKC, casefold and one space, without the script conversion: for words already written in
    simplified characters (the lexicon's), so that loading them never needs OpenCC."""
    kept = _CN_COMMA.join(unicodedata.normalize("NFKC", part) for part in text.split(_CN_COMMA))
    return " ".join(kept.casefold().split())
