"""A coin and a word typed without the space between them, as on a phone in a hurry: "solprice",
"btcchart", "pricesol", "buydoge" read as "sol price", "btc chart", "price sol", "buy doge".

A Latin run (5 letters or more) that no word, coin or name found covers is read so only when it
splits one way alone into a coin (a listed one, never a bare everyday word: core.coin_index's
weak ones) and a lexicon word of 3 letters or more that is no filler ("the", "my"), and the run is
no English word itself (pyspellchecker's list, as core.language.slips reads it: "atomic",
"bandwidth" are words, never ATOM and BAND glued to something).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Final

from core.language.lexicon import phrases
from core.language.slips import english_word
from core.language.word_scan import automaton

if TYPE_CHECKING:
    from core.coin_index import CoinIndex

_RUN: Final = re.compile(r"(?<![a-z0-9$])[a-z]{5,}(?![a-z0-9])")
_SHORTEST_WORD = 3
_SHORTEST_COIN = 3
_FILLER: Final = "filler."

# (start, end, rank, concepts, value): the tagger's span (core.language.tagger._Span)
Span = tuple[int, int, int, frozenset[str], str]


def run_on(
    scanned: str, coins: CoinIndex, found: Sequence[Span], coin_rank: int, word_rank: int
) -> list[Span]:
    """The coin and the word of each run typed together in ``scanned`` that none of ``found``
    touches, as two spans (the coin's of ``coin_rank``, the word's of ``word_rank``)."""
    out: list[Span] = []
    for run in _RUN.finditer(scanned):
        start, end = run.span()
        if any(s < end and start < e for s, e, *_ in found):
            continue
        split = _split(run.group(), coins)
        if split is None or english_word(run.group()):
            continue
        at, coin_first, symbol, concepts = split
        coin = (start, start + at) if coin_first else (start + at, end)
        word = (start + at, end) if coin_first else (start, start + at)
        out += [(*coin, coin_rank, frozenset({"coin"}), symbol), (*word, word_rank, concepts, "")]
    return out


def _split(typed: str, coins: CoinIndex) -> tuple[int, bool, str, frozenset[str]] | None:
    """Where ``typed`` splits into a coin and a word, whether the coin comes first, the coin's
    symbol and the word's concepts: None unless exactly one split is found."""
    splits = []
    for at in range(_SHORTEST_WORD, len(typed) - _SHORTEST_WORD + 1):
        for coin_first in (True, False):
            coin, word = (typed[:at], typed[at:]) if coin_first else (typed[at:], typed[:at])
            if len(coin) < _SHORTEST_COIN or len(word) < _SHORTEST_WORD:
                continue
            concepts = _word(word)
            if not concepts or (coin_first and word in _name_parts()):
                continue
            symbol = _coin(coin, coins)
            if symbol:
                splits.append((at, coin_first, symbol, concepts))
    return splits[0] if len(splits) == 1 else None


@cache
def _name_parts() -> frozenset[str]:
    """The words that make another coin's name after a coin's (phrases/run_on.toml: "pepecoin")."""
    return frozenset(phrases("run_on").concepts["run_on.name_part"].words)


def _word(word: str) -> frozenset[str]:
    """A Latin lexicon word's concepts (none for a filler one, or one not a word of the lexicon)."""
    found = automaton().get(word, None)
    if found is None or not found[1]:
        return frozenset()
    concepts: frozenset[str] = found[3]
    return frozenset() if all(c.startswith(_FILLER) for c in concepts) else concepts


def _coin(typed: str, coins: CoinIndex) -> str:
    """The symbol of the coin ``typed`` names whole (a listed one, not a weak word), or ""."""
    for mention in coins.find(typed):
        if mention.start == 0 and mention.end == len(typed) and not mention.weak and mention.symbol:
            return mention.symbol
    return ""
