"""Words typed one slip off a lexicon word: "positons", "cancle", "alrets", "stratergy" (a
letter dropped, changed or one too many, two swapped), an "-ing" of any lexicon word or phrase
typed without its "g" ("still sittin there", "goin"), and a Chinese input method's same-sound
pick: "于额" for 余额, "迟仓" for 持仓, "交易圆" for 交易员 (the pinyin typed right, the wrong
character taken).

A slip is read as the word it is one slip from only when nothing says otherwise:
- it is no word itself: the lexicon's words are found first, and a real English word
  (pyspellchecker's English frequency list: "alter", "stake", "prize") or a Chinese phrase
  (pypinyin's phrase list: "时价", "实价") one slip from a lexicon word is never one;
- a Latin one is 5 letters or more (4 when two letters are swapped, "hlaf", one of a 5-letter
  word left out, "unde", or a letter of a 3-letter word hit twice, "buyy"), starts with the
  word's first letter and is one edit from it;
  when it is one edit from words of different meanings, the likelier slip wins (a letter left
  out, then two swapped, then one too many, then one changed: "tradr" is "trader", not "trade"),
  and a tie is no slip;
- a Chinese one is 2 to 4 characters no lexicon word covers (but one wholly inside them, kept as
  typed: "改明成" is 改名成, 改 a word of its own), of which exactly one differs from
  the word, and that one sounds the same (toneless pinyin: an input method offers every tone),
  and is not a character typed on purpose everywhere ("我的" is never "我弟").
Exchanges' and model providers' names are read so too ("binanace", "bybti", "deepsek"). Filler
and remarks' words are never what a slip means. Coins are left out on purpose: a coin's
name typed wrong ("etherum", "姨汰") is answered as an unknown coin with close matches, never
taken for a coin (core.skills.price.coins).

The tables are made from the lexicon and sounds.txt (tools/sounds_table.py) in some 20 ms and
kept beside the bytecode like the tagger's automaton (core.cached_toml). The two word lists that
say what is real are large (130 ms to load): read only when a process first meets a candidate.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final, cast

from core.cached_toml import built_beside_bytecode

_LATIN_WORD: Final = re.compile(r"(?<![a-z0-9])[a-z]{4,}(?![a-z0-9])")
_CJK_RUN: Final = re.compile(r"[\u4e00-\u9fff]{2,}")
_CJK_LONGEST: Final = 4
# A Latin slip by how likely it is: the typed word is the lexicon word with a letter left out,
# two letters swapped, a letter too many, a letter changed.
_LEFT_OUT, _SWAPPED, _TOO_MANY, _CHANGED = range(4)
_NEVER_MEANT: Final = frozenset({"filler", "outside"})  # lexicon groups
# Characters too often typed on purpose to be a slip, or to be guessed in its place: "我的", "有点",
# "这个"; 不 ("部买" is no 不买); buy and sell, one sound without tones ("全买" is no 全卖); a number's
# scale after its digits ("挂单 9万买0.01个btc": 9万 is 90,000, never 没买; "买几十u": 几十 is no 几时).
_ON_PURPOSE: Final = frozenset("的了是我你他她它在有个这那吗呢啊吧不也都就和要会能把给买卖十百千万亿")
# A two-character slip whose other character is one of these is none: that character alone,
# said everywhere, does not make the word ("山了" for 删了, "去钓" for 去掉).
_ONLY_GRAMMAR: Final = _ON_PURPOSE | frozenset("去来上下过着")
_SOUNDS: Final = Path(__file__).with_name("sounds.txt")


@dataclass(frozen=True, slots=True)
class Slips:
    """What a message is looked up in: see the module's docstring."""

    # a Latin lexicon word, and each of it with one letter left out -> the lexicon words
    latin: dict[str, tuple[str, ...]]
    # Plain strings, not tuples: the tables are read on a process's first Chinese message, and
    # 6,000 tuples took 6 ms to unpickle, these strings 1.
    sounds: dict[str, str]  # a character -> its toneless syllables ("yu,xu"), only those used
    # a Chinese lexicon word with one character masked ("?额", "余?") -> the words: a window is
    # looked up once per character, not once per reading of each of its characters
    masked: dict[str, tuple[str, ...]]
    # the "-ing" words of the lexicon's words and phrases, each typed with its "g" dropped
    # ("sittin" -> "sitting", "goin" -> "going"), as chat types them
    dropped_g: dict[str, str]


def slipped(text: str, taken: Sequence[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, the lexicon word meant) of each slip in ``text`` (normalized) outside the
    ``taken`` spans (the words found in it)."""
    latin = list(_LATIN_WORD.finditer(text))
    if latin:  # the words a found word covers no part of: the characters covered, marked once
        covered = _covered(len(text), taken)
        if covered is None:
            latin = [m for m in latin if not _inside(m.start(), m.end(), taken)]
        else:
            latin = [m for m in latin if covered.find(1, m.start(), m.end()) < 0]
    runs = list(_CJK_RUN.finditer(text))
    if not latin and not runs:
        return []
    tables = _kept()
    out = [(m.start(), m.end(), meant) for m in latin if (meant := _latin_slip(m.group(), tables))]
    for run in runs:
        out += _chinese_slips(text, run.start(), run.end(), taken)
    return out


def _inside(start: int, end: int, taken: Sequence[tuple[int, int]]) -> bool:
    return any(s < end and start < e for s, e in taken)


def _covered(length: int, taken: Sequence[tuple[int, int]]) -> bytearray | None:
    """1 at each character a span of ``taken`` covers (``_inside`` in one look a word, not one a
    span), or None where a span is empty (one covering nothing, yet inside a word for ``_inside``)."""
    covered = bytearray(length)
    for s, e in taken:
        if s >= e:
            return None
        covered[s:e] = b"\x01" * (e - s)
    return covered


def _latin_slip(typed: str, tables: Slips) -> str | None:
    dropped = tables.dropped_g.get(typed)
    if dropped is not None:  # "sittin": the word of a phrase ("still sitting there"), no English word
        return None if typed in _english() else dropped
    found: dict[str, int] = {}
    for key in (typed, *_left_out(typed)):
        for word in tables.latin.get(key, ()):
            how = _how(typed, word)
            if how is not None and word[0] == typed[0] and _long_enough(typed, word, how):
                found[word] = min(how, found.get(word, how))
    if not found or typed in _english():
        return None
    best = min(found.values())
    likeliest = [word for word, how in found.items() if how == best]
    return likeliest[0] if len(likeliest) == 1 else None


def _long_enough(typed: str, word: str, how: int) -> bool:
    """A four-letter word is a slip only two letters swapped ("hlaf" half) or one of five with a
    letter left out ("unde" under); a word of five or more any slip."""
    if len(typed) >= 5 and len(word) >= 5:
        return True
    if how == _TOO_MANY and len(word) >= 3 and _doubled(typed, word):
        return True  # a key hit twice ("buyy", "selll"): the word whole, one letter repeated
    return how == _SWAPPED or (how == _LEFT_OUT and len(word) == 5)


def _doubled(typed: str, word: str) -> bool:
    return any(typed[i] == typed[i - 1] and typed[:i] + typed[i + 1 :] == word for i in range(1, len(typed)))


def _left_out(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _how(typed: str, word: str) -> int | None:
    """How ``typed`` is one edit from ``word`` (``_LEFT_OUT`` ...), or None when it is not."""
    if len(typed) + 1 == len(word):
        return _LEFT_OUT if typed in _left_out(word) else None
    if len(typed) == len(word) + 1:
        # any letter in a long word ("stratergy"); in a short one, a letter hit twice ("startt")
        # or a plural's "s" ("alertss"), never a letter glued on ("fillsz" is no "fills")
        at = (
            range(len(typed))
            if len(word) >= 6
            else [i for i in range(1, len(typed)) if typed[i] == typed[i - 1]]
        )
        plural = [len(word)] if typed.endswith("s") else []
        return _TOO_MANY if any(typed[:i] + typed[i + 1 :] == word for i in [*at, *plural]) else None
    if len(typed) != len(word) or typed == word:
        return None
    differ = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
    if len(differ) == 1:
        return _CHANGED
    i = differ[0]
    if len(differ) == 2 and differ[1] == i + 1 and typed[i] == word[i + 1] and typed[i + 1] == word[i]:
        return _SWAPPED
    return None


def _chinese_slips(
    text: str, start: int, end: int, taken: Sequence[tuple[int, int]]
) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    # The slipped character is one no word found covers: a covered one is kept as typed (a word
    # inside the window) or rules the window out (a word across its edge). A run the words found
    # cover whole, the usual request, has no slip; a window without a free character neither.
    # Only the words over the run can touch a window inside it: those alone are looked at.
    taken = [(s, e) for s, e in taken if s < end and start < e]
    free = set(range(start, end))
    for s, e in taken:
        free.difference_update(range(s, e))
    if not free:
        return out
    at = start
    while at < end - 1:
        meant = None
        for size in range(min(_CJK_LONGEST, end - at), 1, -1):
            if free.isdisjoint(range(at, at + size)):
                continue
            window = text[at : at + size]
            kept = _kept_inside(at, at + size, taken)
            if kept is None:
                continue
            meant = _window_meant(window, kept)
            if meant is not None:
                out.append((at, at + size, meant))
                at += size
                break
        if meant is None:
            at += 1
    return out


@lru_cache(maxsize=8192)
def _window_meant(window: str, kept: frozenset[int]) -> str | None:
    """The word a window of Chinese characters is a slip of (``_sounds_like``), or None; none
    where the window is a phrase of its own ("时价" is no slip of 市价). Each window is looked up
    once: a message's clauses, each read on its own, hold its windows again (two thirds of a
    Chinese message's tagging was this look-up)."""
    meant = _sounds_like(window, _kept(), kept)
    return None if meant is not None and window in _chinese_phrases() else meant


def _kept_inside(start: int, end: int, taken: Sequence[tuple[int, int]]) -> frozenset[int] | None:
    """The window's characters a shorter word found wholly inside it covers ("改明成": 改, a word
    of its own, part of 改名成 typed with 明), which a slip keeps as typed; None when a word found
    runs across the window's edge, or covers all of it."""
    kept: set[int] = set()
    for s, e in taken:
        if s < end and start < e:
            if s < start or e > end or e - s == end - start:
                return None
            kept.update(range(s - start, e - start))
    return frozenset(kept)


def _sounds_like(window: str, tables: Slips, kept: frozenset[int] = frozenset()) -> str | None:
    """The one lexicon word ``window`` differs from in one character of the same sound (none of
    the ``kept`` ones: a word found inside the window)."""
    meant: set[str] = set()
    for i, typed in enumerate(window):
        if i in kept or typed in _ON_PURPOSE:
            continue
        if len(window) == 2 and window[1 - i] in _ONLY_GRAMMAR:
            continue  # "爬山了" is no 删了, "去钓鱼" no 去掉: one grammar character is no evidence
        for word in tables.masked.get(f"{window[:i]}?{window[i + 1 :]}", ()):
            if word[i] not in _ON_PURPOSE and _same_sound(typed, word[i], tables):
                meant.add(word)
    return meant.pop() if len(meant) == 1 else None


def _same_sound(a: str, b: str, tables: Slips) -> bool:
    said = tables.sounds.get(a)
    return (
        a != b
        and said is not None
        and not set(said.split(",")).isdisjoint(tables.sounds.get(b, "").split(","))
    )


# -- the tables -------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _kept() -> Slips:
    # plain tables, marshalled: a fresh process reads them in ~2 ms (pickle took 9)
    kept = built_beside_bytecode("slips", _sources, lambda: _plain(_built()), plain=True)
    return Slips(*cast(tuple[Any, ...], kept))


def _plain(tables: Slips) -> tuple[object, ...]:
    return tuple(getattr(tables, name) for name in Slips.__slots__)


def _sources() -> list[Path]:
    """The lexicon's files, sounds.txt, and the code the tables are made with."""
    from core.language import lexicon
    from core.workspace import exchanges, providers

    groups = sorted(Path(lexicon.__file__).with_name("lexicon").glob("*.toml"))
    code = (lexicon, exchanges, providers, sys.modules[__name__])
    return [*groups, _SOUNDS, *(Path(str(m.__file__)) for m in code)]


def _built() -> Slips:
    from core.language.lexicon import load

    meant = {word for word, concept in load().words() if concept.partition(".")[0] not in _NEVER_MEANT}
    meant |= _service_names()
    latin: dict[str, set[str]] = {}
    for word in (w for w in meant if len(w) >= 4 and w.isascii() and w.isalpha()):
        for key in (word, *_left_out(word)):
            latin.setdefault(key, set()).add(word)
    # a 3-letter word only as itself: found from a typed word with a letter hit twice ("buyy")
    for word in (w for w in meant if len(w) == 3 and w.isascii() and w.isalpha()):
        latin.setdefault(word, set()).add(word)
    sounds: dict[str, list[str]] = {}
    for line in _SOUNDS.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            syllable, chars = line.split("\t")
            for ch in chars:
                sounds.setdefault(ch, []).append(syllable)
    chinese = [w for w in meant if 2 <= len(w) <= _CJK_LONGEST and _CJK_RUN.fullmatch(w)]
    masked: dict[str, set[str]] = {}
    for word in chinese:
        for i in range(len(word)):
            masked.setdefault(f"{word[:i]}?{word[i + 1 :]}", set()).add(word)
    used = {s for word in chinese for ch in word for s in sounds.get(ch, ())}
    kept_sounds = {ch: ",".join(s for s in said if s in used) for ch, said in sounds.items()}
    return Slips(
        latin={k: tuple(sorted(v)) for k, v in latin.items()},
        sounds={ch: said for ch, said in kept_sounds.items() if said},
        masked={k: tuple(sorted(v)) for k, v in masked.items()},
        dropped_g={
            word[:-1]: word for word in _phrase_words(meant) if word.endswith("ing") and len(word) >= 5
        },
    )


def _phrase_words(words: set[str]) -> set[str]:
    """Each Latin word of the lexicon's words and phrases ("sitting" of "still sitting there")."""
    return {part for word in words if word.isascii() for part in word.split() if part.isalpha()}


def _service_names() -> set[str]:
    """Exchanges' and model providers' names ("binanace", "bybti", "deepsek"); never the paper
    account's ("pager" is no slip of "paper")."""
    from core.workspace.exchanges import EXCHANGES
    from core.workspace.providers import PROVIDERS

    exchanges = {alias for e in EXCHANGES.values() if e.key != "paper" for alias in e.aliases}
    return {alias.casefold() for alias in exchanges.union(*(p.aliases for p in PROVIDERS.values()))}


# -- what is real, read at a process's first candidate ------------------------------------------


def english_word(word: str) -> bool:
    """Whether ``word`` (casefolded) is an English word of pyspellchecker's list."""
    return word in _english()


@cache
def _english() -> frozenset[str]:
    """pyspellchecker's English words (160,000)."""
    path = _package("spellchecker") / "resources" / "en.json.gz"
    import gzip

    return frozenset(json.loads(gzip.decompress(path.read_bytes())))


@cache
def _chinese_phrases() -> frozenset[str]:
    """pypinyin's Chinese phrases of 2 to 4 characters (47,000)."""
    path = _package("pypinyin") / "phrases_dict.json"
    return frozenset(p for p in json.loads(path.read_text("utf-8")) if 2 <= len(p) <= _CJK_LONGEST)


def _package(name: str) -> Path:
    """Where a library's data is, without importing it (pypinyin's import alone is 120 ms)."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"{name} is not installed (pyproject.toml lists it)")
    return Path(spec.origin).parent
