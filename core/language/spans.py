"""What the tagger's spans are and the few things every rule over them needs: a span's shape and
ranks, where a clause breaks, and stripping an act from the word after a point. Shared by the rules
of core.language.conditions, core.language.negation and core.language.cleared."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from core.language.normalize import CLAUSE_MARKS, has_cjk

# The concepts (or their prefixes) of an act asked: a trade, an order, a record made, changed,
# started, stopped or deleted. What a supposition ("if i sell my eth now…") or a take-back at the
# end ("sell all my sol. nah, don't") leaves undone.
# A record's acts (made, changed, started, stopped, deleted), and its changes of name or use.
RECORD_VERBS: Final = (
    "verb.delete",
    "verb.stop",
    "verb.start",
    "verb.cancel",
    "verb.create",
    "verb.update",
    "verb.switch_on",
    "verb.switch_off",
)
RECORD_CHANGES: Final = ("verb.rename", "verb.activate", "verb.deactivate")
ASKED_ACTS: Final = ("verb.buy", "verb.sell", *RECORD_VERBS, "amount.sell_all", "order.")

# A span before resolution, as the tagger's (core.language.tagger._Span): (start, end, rank,
# concepts, value); rank 1 is a coin named, 2 a lexicon word.
Span = tuple[int, int, int, frozenset[str], str]
COIN_RANK, WORD_RANK = 1, 2


def clause_break(scanned: str, start: int, end: int) -> bool:
    """A mark between two words, or a space after Chinese ("割肉了 把eth全卖了") or before it
    ("帮我买0.1个btc 他说的": Chinese writes no space inside a clause)."""
    between = scanned[start:end]
    if CLAUSE_MARKS.intersection(between):
        return True
    return any(
        ch.isspace() and (has_cjk(scanned[start + i - 1]) or has_cjk(scanned[start + i + 1 : start + i + 2]))
        for i, ch in enumerate(between)
        if i or start
    )


def acts_lost_after(scanned: str, spans: list[Span], ends: set[int], acts: tuple[str, ...]) -> list[Span]:
    """``spans`` with the word right after any of ``ends`` (spaces between) stripped of the
    concepts starting with ``acts``."""
    return acts_lost_at(spans, {len(scanned) - len(scanned[end:].lstrip()) for end in ends}, acts)


def acts_lost_at(spans: list[Span], starts: set[int], acts: tuple[str, ...]) -> list[Span]:
    """``spans`` with the words starting at any of ``starts`` stripped of the concepts starting
    with ``acts``."""
    if not starts:
        return spans
    return [
        (a, b, r, frozenset(x for x in c if not x.startswith(acts)), v) if a in starts else (a, b, r, c, v)
        for a, b, r, c, v in spans
    ]


@lru_cache(maxsize=1)
def objects_before() -> tuple[str, ...]:
    """The words naming the object before its verb ("把", "将")."""
    from core.language.lexicon import phrases

    return tuple(phrases("lead_in").concepts["lead_in.object_before"].words)


def filler_words(concepts: frozenset[str]) -> bool:
    return bool(concepts) and all(c.startswith("filler.") for c in concepts)
