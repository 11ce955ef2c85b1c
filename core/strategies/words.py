"""A strategy's kind as people name it ("定投", "grid", "dollar cost averaging"): the lexicon's
words (core/language/lexicon/strategy.toml), read by the one tagger."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from core.language.lexicon import load
from core.language.tagger import Reading, words

if TYPE_CHECKING:  # the parameters' module (their models) is not needed to read a kind's name
    from core.strategies.params import Kind

KINDS: Final[tuple[Kind, ...]] = ("dca", "grid", "ai")
KIND_CONCEPTS: Final = frozenset(f"strategy.{k}" for k in KINDS)


def kind_of(reading: Reading) -> Kind | None:
    """The kind a message names first, if any."""
    for tag in reading.tags:
        for kind in KINDS:
            if f"strategy.{kind}" in tag.concepts:
                return kind
    return None


def find_kind(text: str) -> Kind | None:
    """The kind a text names first, if any."""
    return kind_of(words(text))


def kind_word(kind: str) -> str:
    """A kind's first word (its name in a list)."""
    return load().concepts[f"strategy.{kind}"].words[0]
