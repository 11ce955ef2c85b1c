"""A name given in quotes after the word that gives it ("新增一個交易員，名字叫「颱風」", "a trader
called “stop loss”", "named 'the intern'"): the quoted words are the name, typed whole, never
lexicon words (台风 is the weather's, outside deskmate's world; "stop" a stop's). The tagger drops
the words it found inside such a span; an unquoted name, or a quote with no naming word before it
("what does “dca” mean"), keeps its words."""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words, skip_spaces

_MARK: Final = Words("names.marker")  # core/language/lexicon/phrases/names.toml
# Each opening quote and its closing one; a straight single quote only opens a word (not "wife's").
PAIRS: Final = {'"': '"', "“": "”", "‘": "’", "「": "」", "『": "』", "'": "'"}
_OPENING: Final = frozenset(PAIRS)
_MAX_NAME: Final = 40


def quoted_names(text: str) -> list[tuple[int, int]]:
    """The spans of the quoted names in ``text`` (normalized), quotes left out."""
    if _OPENING.isdisjoint(text):
        return []
    found: list[tuple[int, int]] = []
    for _, end in _MARK.spans(text):
        at = skip_spaces(text, end)
        closing = PAIRS.get(text[at : at + 1])
        if closing is None:
            continue
        close = text.find(closing, at + 1, at + _MAX_NAME + 2)
        if close > at + 1:
            found.append((at + 1, close))
    return found
