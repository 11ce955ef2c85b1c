"""The lexicon's one automaton, and where its words are in a text: what the tagger reads words by.

Every lexicon word (and the model providers' and exchanges' names) sits in ONE Aho-Corasick
automaton (pyahocorasick), made once per process and kept beside the bytecode
(core.cached_toml), so a message is scanned once whatever the number of words; a Latin word only
counts whole ("bot" not in "robot", "on" not in "bitcoin"); a slip (core.language.slips) is read
as the word meant. ``named`` / ``every_named`` find the providers' and exchanges' names in a text.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Final

from core.cached_toml import built_beside_bytecode
from core.language import pinyin
from core.language.lexicon import Lexicon, load
from core.language.pinyin import may_be_pinyin
from core.language.plurals import plurals
from core.language.slips import slipped

if TYPE_CHECKING:
    import ahocorasick

PROVIDER = "provider"
EXCHANGE = "exchange"


def _is_latin(word: str) -> bool:
    """A word that begins or ends with a Latin letter or digit: found only standing alone. A sign
    alone ("#" of "#12") is found wherever it is typed."""
    return any(c.isascii() and c.isalnum() for c in (word[:1], word[-1:]))


@lru_cache(maxsize=1)
def automaton() -> ahocorasick.Automaton:
    """Every lexicon word and entity name, once per process: as ``_built`` made it, kept (pickled)
    beside the bytecode (core.cached_toml) while every file it is made from is as it was (size,
    modification time). Making it (loading and checking the lexicon, every word's meanings) was
    most of a first message's reading, some 10 ms, every start."""
    # _sources and _built looked up at each call (tests put their own in)
    return built_beside_bytecode("tagger", lambda: _sources(), lambda: _built())


def _sources() -> list[Path]:
    """Every file ``_built`` reads: the lexicon's group files first, then the code (this module's,
    the lexicon's and the names' own) and the automaton's library."""
    import ahocorasick

    from core.language import lexicon, normalize, plurals
    from core.workspace import exchanges, providers

    folder = Path(__file__).with_name("lexicon")  # lexicon.load()'s: core.language's "lexicon"
    groups = [folder / name for name in sorted(os.listdir(folder)) if name.endswith(".toml")]
    code = (lexicon, normalize, plurals, exchanges, providers, sys.modules[__name__], ahocorasick)
    return [*groups, *(Path(str(m.__file__)) for m in code)]


def _built() -> ahocorasick.Automaton:
    import ahocorasick

    from core.workspace.exchanges import EXCHANGES
    from core.workspace.providers import PROVIDERS

    words: dict[str, set[tuple[str, str]]] = {}
    lexicon: Lexicon = load()
    for word, concept in lexicon.words():
        words.setdefault(word, set()).add((concept, ""))
    for word, concept in plurals(lexicon, words):
        words.setdefault(word, set()).add((concept, ""))
    for concept, catalog in ((PROVIDER, PROVIDERS), (EXCHANGE, EXCHANGES)):
        for entry in catalog.values():
            for alias in entry.aliases:
                for spelled in _spellings(alias.casefold()):
                    words.setdefault(spelled, set()).add((concept, entry.key))
    automaton = ahocorasick.Automaton()
    for word, meanings in words.items():
        ordered = tuple(sorted(meanings))
        # Its tag's concepts and value made once here, not for each message it is found in.
        tag = frozenset(c for c, _ in ordered), next((v for _, v in ordered if v), "")
        automaton.add_word(word, (len(word), _is_latin(word), ordered, *tag))
    automaton.make_automaton()
    return automaton


def _spellings(name: str) -> tuple[str, ...]:
    """A provider's or an exchange's name as typed: a space in a Latin name may also be written
    "_", "-" or nothing ("binance testnet" = "binance_testnet" = "binancetestnet")."""
    if " " not in name or not name.isascii():
        return (name,)
    return tuple(dict.fromkeys(name.replace(" ", sep) for sep in (" ", "_", "-", "")))


def named(text: str, concept: str) -> str | None:
    """The key of the longest provider or exchange name (``concept``: PROVIDER or EXCHANGE) in a
    normalized text, the first of equal ones, wherever it is, inside another word's tag too
    ("我的币安账户": 币安 inside 我的币): what a skill's reader asks after routing."""
    found = _named(text, concept)
    return max(found, key=lambda f: (f[1] - f[0], -f[0]))[2] if found else None


def every_named(text: str, concept: str) -> frozenset[str]:
    """The keys of every provider or exchange name in a normalized text (as ``named`` finds them),
    a name inside a longer one not counted: "币安测试网" names the testnet alone."""
    found = _named(text, concept)
    return frozenset(
        key for s, e, key in found if not any(s2 <= s and e <= e2 and e2 - s2 > e - s for s2, e2, _ in found)
    )


def spans_of(text: str, concept: str) -> list[tuple[int, int, str]]:
    """Every provider or exchange name (``concept``) in a normalized text, where it is and its key."""
    return _named(text, concept)


def _named(text: str, concept: str) -> list[tuple[int, int, str]]:
    return [
        (start, end, key)
        for start, end, meanings, _, _ in scan(text)
        if (key := next((v for c, v in meanings if c == concept), None)) is not None
    ]


_Meanings = tuple[tuple[str, str], ...]  # (concept, value) of one word of the automaton


# A word found: (start, end, its meanings, their concepts, the first value among them).
Found = tuple[int, int, _Meanings, frozenset[str], str]


@lru_cache(maxsize=64)
def scan(text: str) -> tuple[Found, ...]:
    """Every word of the automaton in ``text`` (normalized), overlaps kept, a Latin word only
    whole: one scan per text, however many of the tagger and the readers' look-ups ask."""
    found = _words_in(text)
    slips = slipped(text, [(f[0], f[1]) for f in found])
    return (*found, *_as_meant(text, slips)) if slips else tuple(found)


def _words_in(text: str) -> list[Found]:
    found = []
    last = len(text) - 1
    # Chinese words typed in pinyin ("yue多少", "看下chicang"): their own automaton, only where
    # a word of pinyin syllables is (core.language.pinyin).
    hits = (
        chain(automaton().iter(text), pinyin.automaton().iter(text))
        if may_be_pinyin(text)
        else automaton().iter(text)
    )
    for end_index, (length, latin, meanings, concepts, value) in hits:
        start = end_index + 1 - length
        # A Latin word stands alone: no letter or digit right before or after it, no decimals
        # after its digit ("still 0" is not in "still 0.5"). Only a Latin end is held so: a word
        # ending in Chinese ("all in了") may touch a coin after it ("all in了doge"). What stands
        # after it is sliced only for a Latin word (most hits of a Chinese message are none).
        if latin:
            after = text[end_index + 1 : end_index + 3]
            if (
                (start > 0 and text[start - 1] in _WORDISH and text[start] in _WORDISH)
                or (end_index < last and after[0] in _WORDISH and text[end_index] in _WORDISH)
                or (text[end_index].isdigit() and after[:1] == "." and after[1:].isdigit())
            ):
                continue
        found.append((start, end_index + 1, meanings, concepts, value))
    return found


def _as_meant(text: str, slips: Sequence[tuple[int, int, str]]) -> list[Found]:
    """The words ``text`` says with each slip ("positons", "于额": core.language.slips) read as
    the word meant, at the typed offsets: the word itself and every phrase it is part of ("open
    ordres" is "open orders")."""
    # the text as meant; each of its characters' typed start and end
    meant: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    at = 0
    for start, end, word in (*slips, (len(text), len(text), "")):
        meant += text[at:start]
        starts += range(at, start)
        ends += range(at + 1, start + 1)
        meant += word
        starts += [start] * len(word)
        ends += [end] * len(word)
        at = end
    return [
        (starts[s], ends[e - 1], meanings, concepts, value)
        for s, e, meanings, concepts, value in _words_in("".join(meant))
        if any(starts[s] < end and start < ends[e - 1] for start, end, _ in slips)
    ]


_WORDISH: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")  # what a Latin word may not touch
