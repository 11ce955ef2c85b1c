"""An act foretold of a thing or someone else, hoped or feared: "i hope rex doesn't stop", "i'm
worried rex will stop", "pray it doesn't sell my eth", "i'm afraid they'll delete my account". A
modal right before the act (phrases/supposed.toml foretold_modal), its subject right before it
neither the person nor deskmate (foretold_not_other): what will or won't happen, never an ask, so
the act asks nothing. "i'll buy eth", "you should stop rex", "why won't rex stop" (its subject after
the modal) keep their readings. English only. Applied by the tagger's conditions
(core.language.supposed, in the conditions' supposing step)."""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words
from core.language.spans import ASKED_ACTS, Span, acts_lost_at

_MODAL: Final = Words("supposed.foretold_modal")
_NOT_OTHER: Final = Words("supposed.foretold_not_other")
_CONTRACTED: Final = ("'ll", "'d")  # "they'll delete": subject and modal in one word


def said(scanned: str) -> bool:
    """Cheap: a modal said, or a contracted one."""
    return any(f" {w} " in scanned for w in _MODAL.words) or any(c + " " in scanned for c in _CONTRACTED)


def foretold(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts foretold of a thing or someone else."""
    lost = {s[0] for s in spans if any(c.startswith(ASKED_ACTS) for c in s[3]) and _foretold(scanned, s[0])}
    return acts_lost_at(spans, lost, ASKED_ACTS)


def _foretold(scanned: str, start: int) -> bool:
    if not scanned[start:].isascii():
        return False
    words = scanned[:start].split()
    if not words:
        return False
    last = words[-1]
    for end in _CONTRACTED:
        if last.endswith(end) and len(last) > len(end):
            return last[: -len(end)] not in _NOT_OTHER.words
    if last not in _MODAL.words or len(words) < 2:
        return False
    subject = words[-2]
    if last == "not" and subject in _MODAL.words and len(words) >= 3:  # "will not", "does not"
        subject = words[-3]
    elif last == "not":
        return False
    return subject.isalpha() and subject not in _NOT_OTHER.words and subject not in _MODAL.words
