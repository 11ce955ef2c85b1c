"""A name given in quotes after the word that gives it ("新增一個交易員，名字叫「颱風」", "a trader
called “stop loss”", "named 'the intern'"): the quoted words are the name, typed whole, never
lexicon words (台风 is the weather's, outside deskmate's world; "stop" a stop's). The tagger drops
the words it found inside such a span; an unquoted name, or a quote with no naming word before it
("what does “dca” mean"), keeps its words. So does a quoted word spoken of as a name after it ("is
'delete' a bad name for a trader", "“删除”这个名字适合交易员吗"): a name weighed, never the act its
word would ask (names.mentioned_after)."""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words, skip_spaces

_MARK: Final = Words("names.marker")  # core/language/lexicon/phrases/names.toml
# Each opening quote and its closing one; a straight single quote only opens a word (not "wife's").
PAIRS: Final = {'"': '"', "“": "”", "‘": "’", "「": "」", "『": "』", "'": "'"}
_OPENING: Final = frozenset(PAIRS)
_MAX_NAME: Final = 40
_AFTER: Final = Words("names.mentioned_after")  # "… a bad name", "…这个名字": the quote is a name
_AFTER_WITHIN: Final = 24  # how far after the closing quote the word for a name may stand


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
    return found + _mentioned(text)


def _mentioned(text: str) -> list[tuple[int, int]]:
    """The quoted words in ``text`` spoken of as a name right after them ("'delete' a bad name")."""
    found: list[tuple[int, int]] = []
    for at, mark in enumerate(text):
        closing = PAIRS.get(mark)
        if closing is None or (mark == "'" and at > 0 and text[at - 1].isalnum()):  # "wife's"
            continue
        close = text.find(closing, at + 1, at + _MAX_NAME + 2)
        if close <= at + 1:
            continue
        after = _AFTER.spans(text[close + 1 : close + 1 + _AFTER_WITHIN])
        if after and not any(ch in _CLAUSE_ENDS for ch in text[close + 1 : close + 1 + after[0][0]]):
            found.append((at + 1, close))
    return found


_CLAUSE_ENDS: Final = frozenset(".,;!?，。；！？\n")
