"""English nouns' plurals for the tagger's automaton (core.language.word_scan): "quotes", "balances"
read as the lexicon's "quote", "balance" without each noun listed twice by hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from core.language.lexicon import Lexicon


def plurals(lexicon: Lexicon, words: dict[str, set[tuple[str, str]]]) -> list[tuple[str, str]]:
    """An English noun's plural, where the lexicon has no word so spelled ("quotes", "balances",
    "alertz" no): people ask for "bnb and xrp quotes" as for "quote", and listing each noun twice
    by hand missed some. One word only, letters only; a plural the lexicon lists itself (in this or
    any concept) keeps its own meaning."""
    found = []
    for word, concept in lexicon.words():
        plain = word.isascii() and word.isalpha() and len(word) > 2
        if plain and concept.startswith("noun.") and concept not in _NOT_PLURAL:
            plural = _plural(word)
            if plural not in words:
                found.append((plural, concept))
    return found


# "charts" is what people look at all day ("gonna check charts on my break"): a chart asked is
# named with its coin or its word alone ("btc chart").
_NOT_PLURAL: Final = frozenset({"noun.chart"})


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
