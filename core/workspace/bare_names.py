"""Whether the name a delete of no kind read ("delete main", "X删掉") can be a record's name.

A delete that names no kind of record takes what the sentence leaves for the name, so a
sentence about the market ("walao btc drop again", "remove eth tonight", "nuke btc") made a
name of its coins, its times and its verbs. A name is kept when the person has a record so
named (any kind), when it is given as a name (quoted, "called …"), or when none of its words
is a coin, an amount, or a word the lexicon reads (a verb, a time, a particle); a made-up name
routes nowhere rather than to a delete."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from core.language.tagger import Tagger
from core.language.values import find_values
from core.markets import MarketCatalog
from core.workspace.extraction import find_name, quoted

_TAGGER = Tagger()
_COINS = MarketCatalog()
# Words a name may carry ("delete the main", "删除我的主号"): articles and the owner's word.
_NAME_FILLERS: Final = frozenset({"filler.article", "filler.mine"})
_WORDS = re.compile(r"[A-Za-z0-9$]+|[\u3400-\u9fff]+")


def made_up(name: str, raw: str, theirs: Iterable[str]) -> bool:
    """``name``, read from ``raw`` for a delete of no kind, is words of the sentence, not a name:
    not among ``theirs`` (the names of every kind of their records), not given as a name, and
    holding a coin, an amount or a word the lexicon reads."""
    folded = name.casefold().strip()
    if not folded or folded in {t.casefold().strip() for t in theirs} or _given_as_name(name, raw):
        return False
    return _has_coin(name) or _has_amount(name) or _has_lexicon_word(name)


def _given_as_name(name: str, raw: str) -> bool:
    named = find_name(raw)
    if named is not None and name.casefold() in raw[named.start : named.end].casefold():
        return True
    return any(name.casefold() in raw[start:end].casefold() for start, end in quoted(raw))


def _has_coin(name: str) -> bool:
    for word in _WORDS.findall(name):
        if word.isascii() and _COINS.resolve(word) is not None:
            return True
        if not word.isascii() and any(alias in word for alias in _cjk_coin_names()):
            return True
    return False


def _cjk_coin_names() -> tuple[str, ...]:
    return tuple(a for a in _COINS.aliases() if not a.isascii() and len(a) >= 2)


def _has_amount(name: str) -> bool:
    """A price or a count for a name ("remove 90k", "删掉9万", "delete 1"); "grid1", "main2",
    "alpha 2" keep their digits as part of a name."""
    whole = name.strip()
    numbers = [v.typed.strip() for v in find_values(whole) if v.kind == "number"]
    return any(typed == whole or not typed.isdigit() for typed in numbers)


def _has_lexicon_word(name: str) -> bool:
    return any(tag.concepts - _NAME_FILLERS for tag in _TAGGER.read(name).tags)
