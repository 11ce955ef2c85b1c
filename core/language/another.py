"""A start of "another" record makes a new one: "spin up another agent that uses kimi2", "fire up
one more bot", "再跑一个新的机器人" ask for a trader made, never one of theirs started (the words
after the kind, "that uses kimi2", "one more", "新", were read as its name). The start's word right
before "another" / "one more" / "a second" / 新的 and a record's kind (only filler between)
becomes a create. The words are data (phrases/records.toml another); applied by the tagger's
conditions (core.language.conditions)."""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words
from core.language.spans import Span, filler_words

START, CREATE = "verb.start", "verb.create"
_ANOTHER: Final = Words("records.another")
_KINDS: Final = frozenset({"noun.trader", "noun.bot", "noun.strategy", "noun.account", "noun.model"})


def said(scanned: str, concepts: frozenset[str]) -> bool:
    return START in concepts and bool(concepts & _KINDS) and bool(_ANOTHER.spans(scanned))


def made_another(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a start of another record made a create."""
    ordered = sorted(spans)
    out: list[Span] = []
    for s in spans:
        if START in s[3] and _another_after(scanned, ordered, s[1]):
            s = (s[0], s[1], s[2], (s[3] - {START}) | {CREATE}, s[4])
        out.append(s)
    return out


def _another_after(scanned: str, spans: list[Span], at: int) -> bool:
    """ "another" right after ``at`` (spaces between), then a record's kind with only filler between."""
    end = _ANOTHER.after(scanned, at)
    if end is None:
        return False
    for s in spans:
        if s[0] < end:
            continue
        if s[3] & _KINDS:
            return not scanned[end : s[0]].strip(" ")
        if not filler_words(s[3]):
            return False
    return False
