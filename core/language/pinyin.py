"""Chinese lexicon words typed in pinyin, for the tagger's automaton (core.language.word_scan):
"yue多少" is 余额多少, "看下chicang" 看下持仓, "我的tixing有哪些" 我的提醒有哪些, "binance api key
zenme shezhi" asks how to set it up. People typing on a phone switch to Latin letters when the
input method is slow to offer the characters; listing each word's pinyin by hand would miss most.

A Chinese word of two characters or more gets its toneless pinyin (pypinyin's reading, phrase-aware),
typed joined ("chicang") or spaced between syllables ("chi cang", "zenme shezhi"), ü as "v" or
"u" ("celve", "celue").
None is read where it would be a guess or an act:
- no word of an act (a verb, an order's word, an amount, a yes): the one-character words that
  say it is not asked (别, 了, 没) are not read in pinyin;
- no word with 买 or 卖: one sound without tones ("mai" is buy and sell), so a side is never read;
- a spelling of words of different meanings is none ("shijia" is 市价 and 实价 alike, and of two
  concepts it would be neither);
- a spelling that is an English word (pyspellchecker's list) or a word the automaton has already
  (a Latin lexicon word, an exchange's name) keeps that meaning; one shorter than 3 letters (5
  when spaced: "wo de") is none.
The spellings sit in an automaton of their own (20,000 words, three times the lexicon's), made
once and kept beside the bytecode (pypinyin's import, 1 s cold, paid only when the lexicon changes),
loaded only at a process's first message with a Latin word made wholly of pinyin syllables, and
scanned only in such messages: "BTC price" never loads it.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections.abc import Container, Iterator
from functools import cache, lru_cache
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Final

from core.cached_toml import built_beside_bytecode
from core.language.slips import _package

if TYPE_CHECKING:
    import ahocorasick

    from core.language.lexicon import Lexicon

_HAN: Final = re.compile(r"[\u4e00-\u9fff]{2,}")
_SIDES: Final = frozenset("买卖買賣")
# What asks or shapes an act (a verb, an order's word, an amount, a yes, a direction, a limit
# price) is never read from pinyin: the one-character words around it that say it is not asked
# are not read in pinyin ("bie shanchu" is 别删除, don't; "zuotian shanchu le" told done), so a
# verb typed so would act where the characters would not. Nouns and questions are read: what
# they ask still needs a verb said in characters or English, read with its own grammar.
_ACTS: Final = frozenset({"verb", "order", "amount", "answer", "direction"})
_ACT_CONCEPTS: Final = frozenset({"trade.limit", "trade.each", "trade.answer_word"})
# Verbs that only read ("kanxia chicang", 看下持仓): no act to be asked or not.
_READS: Final = frozenset({"verb.query", "verb.look"})
_SHORTEST: Final = 3
_MOST_SYLLABLES: Final = 4
# Spaced, short syllables are English more often than pinyin ("a ma", "wo de"): 5 letters at least.
_SHORTEST_SPACED: Final = 5


def pinyin_words(lexicon: Lexicon, words: Container[str]) -> list[tuple[str, str]]:
    """(spelling, concept) for the pinyin of each Chinese lexicon word, as the module says."""
    from pypinyin import Style, lazy_pinyin

    by_word: dict[str, set[str]] = {}
    for word, concept in lexicon.words():
        if _HAN.fullmatch(word) and not _SIDES.intersection(word) and not _acts(concept):
            by_word.setdefault(word, set()).add(concept)
    meanings: dict[str, set[frozenset[str]]] = {}
    for word, concepts in by_word.items():
        syllables = lazy_pinyin(word, style=Style.NORMAL, errors="ignore")
        if len(syllables) != len(word):
            continue
        for spelled in _spelled(syllables):
            meanings.setdefault(spelled, set()).add(frozenset(concepts))
    english = _english()
    found = []
    for spelled, kinds in meanings.items():
        letters = spelled.replace(" ", "")
        shortest = _SHORTEST_SPACED if " " in spelled else _SHORTEST
        if len(kinds) != 1 or len(letters) < shortest or spelled in words:
            continue
        if letters in english:  # "change" (嫦娥) is English before it is pinyin, spaced or not
            continue
        found += [(spelled, concept) for concept in sorted(next(iter(kinds)))]
    return found


def _acts(concept: str) -> bool:
    if concept in _READS:
        return False
    return concept.partition(".")[0] in _ACTS or concept in _ACT_CONCEPTS


def _spelled(syllables: list[str]) -> Iterator[str]:
    """Each way to type them: joined or spaced between any two syllables ("zenme shezhi" for
    怎么设置, "duoshao qian" for 多少钱), up to 4 syllables; a longer word joined or wholly spaced."""
    gaps = len(syllables) - 1
    joins = product(("", " "), repeat=gaps) if gaps < _MOST_SYLLABLES else [("",) * gaps, (" ",) * gaps]
    for join in joins:
        typed = syllables[0] + "".join(
            gap + syllable for gap, syllable in zip(join, syllables[1:], strict=True)
        )
        yield typed
        if "v" in typed:
            yield typed.replace("v", "u")


def _english() -> frozenset[str]:
    """pyspellchecker's English words (160,000), read from its data without importing it."""
    path = _package("spellchecker") / "resources" / "en.json.gz"
    return frozenset(json.loads(gzip.decompress(path.read_bytes())))


_SOUNDS: Final = Path(__file__).with_name("sounds.txt")


@cache
def _syllabic() -> re.Pattern[str]:
    """A Latin word of 3 letters or more made wholly of pinyin syllables ("chicang", "yue"; "btc"
    and "price" are none): a message with none has no pinyin to look for."""
    lines = _SOUNDS.read_text("utf-8").splitlines()
    syllables = sorted((line.split("\t", 1)[0] for line in lines if not line.startswith("#")), key=len)
    one = "|".join(re.escape(s) for s in reversed(syllables))
    return re.compile(rf"(?<![a-z0-9])(?=[a-z]{{3}})(?:{one})+(?![a-z0-9])")


def may_be_pinyin(text: str) -> bool:
    """Whether ``text`` (normalized) has a word its pinyin automaton may find: ``_syllabic``'s
    match, looked for word by word (a syllable is letters only, so its match is a whole word of
    3 letters or more), each word's answer kept (the same words come back message after message)."""
    return any(map(_syllables_only, _LATIN_WORD.findall(text)))


# A word ``_syllabic`` may match: 3 letters or more, no letter or digit around it.
_LATIN_WORD: Final = re.compile(r"(?<![a-z0-9])[a-z]{3,}(?![a-z0-9])")


@lru_cache(maxsize=8192)
def _syllables_only(word: str) -> bool:
    """Whether ``word`` is wholly pinyin syllables (``_syllabic``'s match of it)."""
    return _syllabic().fullmatch(word) is not None


@cache
def automaton() -> ahocorasick.Automaton:
    """The pinyin spellings' automaton, as the tagger's is made (values: length, Latin, the
    meanings, their concepts, the first value), kept beside the bytecode while its sources are
    unchanged."""
    return built_beside_bytecode("pinyin", _sources, _built)


def _sources() -> list[Path]:
    import ahocorasick

    from core.language import lexicon, normalize
    from core.workspace import exchanges, providers

    folder = Path(__file__).with_name("lexicon")
    groups = sorted(folder.glob("*.toml"))
    code = (lexicon, normalize, exchanges, providers, sys.modules[__name__], ahocorasick)
    return [*groups, _SOUNDS, *(Path(str(m.__file__)) for m in code)]


def _built() -> ahocorasick.Automaton:
    import ahocorasick

    from core.language.lexicon import load
    from core.workspace.exchanges import EXCHANGES
    from core.workspace.providers import PROVIDERS

    lexicon = load()
    taken = {word for word, _ in lexicon.words()}
    for catalog in (PROVIDERS, EXCHANGES):
        for entry in catalog.values():
            taken.update(alias.casefold() for alias in entry.aliases)
    meanings: dict[str, set[str]] = {}
    for spelled, concept in pinyin_words(lexicon, taken):
        meanings.setdefault(spelled, set()).add(concept)
    built = ahocorasick.Automaton()
    shared: dict[frozenset[str], tuple[tuple[tuple[str, str], ...], frozenset[str]]] = {}
    for spelled, concepts in meanings.items():
        key = frozenset(concepts)
        if key not in shared:  # one tuple a meaning, pickled once
            shared[key] = (tuple(sorted((c, "") for c in concepts)), key)
        built.add_word(spelled, (len(spelled), True, *shared[key], ""))
    built.make_automaton()
    return built
