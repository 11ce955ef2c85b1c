"""A coin's move told with a word that is also an act ("btc drop again", "eth drop so much today"):
the coin right before the word is what moved, its subject, so the word is the market's
(diagnosis.market), never a removal of a record named after the coin. So is a move measured or
counted right before the word ("alert me on a 50 dollar drop in eth", "a grid buying every $50 drop",
"buy on every 5% drop", "on a drop"): a fall, never a removal of a record or an alert. Said before
what it acts on ("drop my btc alert", "drop 50 bucks into eth") the act stands. Applied by
core.language.conditions."""

from __future__ import annotations

from typing import Final

from core.language.asked import acts
from core.language.phrases import Words
from core.language.spans import Span

MARKET: Final = "diagnosis.market"
_COIN: Final = "coin"
# What an act's word takes right after it: a coin, one's own, a record or its noun, an amount.
_OBJECTS: Final = ("coin", "filler.mine", "own.", "noun.", "amount.")
# What counts a move right before its word: "a drop", "every drop", "each dip" (never "the":
# "drop the alert").
_COUNTED: Final = Words("moves.counted")
_MEASURED: Final = ("amount", "percent", "number", "price")  # "50 dollar drop", "5% drop", "$50 drop"
_WHEN: Final = Words("moves.when")  # "when fees drop": the clause's subject moves


def market_said(said: frozenset[str]) -> bool:
    return MARKET in said and acts(said)


def moved(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` with a market word that is also an act, said right after a coin (spaces between)
    and before nothing it could act on, stripped of its act."""
    ends = {s[1] for s in spans if _COIN in s[3]}
    kept: list[Span] = []
    for span in spans:
        start, end, rank, concepts, value = span
        before = len(scanned[:start].rstrip())
        if (
            MARKET in concepts
            and acts(concepts)
            and before < start
            and (before in ends or _measured(scanned, before) or _subject_when(scanned, start, end))
            and not _object_after(scanned, end, spans)
        ):
            span = (start, end, rank, frozenset(c for c in concepts if not acts(frozenset({c}))), value)
        kept.append(span)
    return kept


def _object_after(scanned: str, end: int, spans: list[Span]) -> bool:
    at = len(scanned) - len(scanned[end:].lstrip())
    if scanned[at : at + 1].isdigit():
        return True
    return any(s[0] == at and any(c.startswith(_OBJECTS) for c in s[3]) for s in spans)


def _subject_when(scanned: str, start: int, end: int) -> bool:
    """The word closes its clause, and a time or condition word opens it with its subject between
    ("alert me when fees drop", "ping me once gas fees drop"): what it says moved."""
    if scanned[end:].strip()[:1].isalnum():
        return False  # more of the clause after it
    words = scanned[:start].split()
    at = max((i for i, w in enumerate(words) if w in _WHEN.words), default=None)
    return at is not None and at < len(words) - 1 and not any(w[-1:] in ",.;!?" for w in words[at:])


def _measured(scanned: str, before: int) -> bool:
    """A move's size or count right before its word ("50 dollar", "$50", "5%", "every", "a")."""
    words = scanned[:before].split()
    if words and words[-1] in _COUNTED.words:
        return True
    from core.language.values import find_values  # only for a market word that is also an act

    return any(v.end == before and v.kind in _MEASURED for v in find_values(scanned[:before]))
