"""A clause giving a name to what the clause before asks ("btc跌破8万提醒我，叫它抄底线", "alert me
when btc < 80k, call it dip buyer"): no ask of its own, never cut off from it. Cut alone, "叫它抄底线"
read as buying the dip (抄底) at the alert's level."""

from __future__ import annotations

from core.language.normalize import normalize_text
from core.language.phrases import Words

_NAMING = Words("names.it_marker")  # core/language/lexicon/phrases/names.toml
_MARKS = frozenset(",，;；。!！?？")  # where the naming clause ends


def names_given(text: str) -> list[tuple[int, int]]:
    """Where a name is given, from its word ("叫它", "call it") to the clause's end (a mark, or the
    end of the text): spans of ``text`` as typed."""
    norm = normalize_text(text)
    spans = []
    for start, end in _NAMING.spans(norm.text):
        stop = next((at for at in range(end, len(norm.text)) if norm.text[at] in _MARKS), len(norm.text))
        spans.append((norm.offsets[start], norm.offsets[stop]))
    return spans


def cut_in(join: tuple[int, int], naming: list[tuple[int, int]]) -> bool:
    """Whether a cut at ``join`` falls right before a name given or inside it."""
    return any(start <= join[1] and join[0] < end for start, end in naming)
