"""What the tagger's spans are and the few things every rule over them needs: a span's shape and
ranks, where a clause breaks, and stripping an act from the word after a point. Shared by the rules
of core.language.conditions, core.language.negation and core.language.cleared."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from core.language.normalize import CLAUSE_MARKS, clause_of, has_cjk

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
# Told contrary to what is shown ("说我没有btc，但我明明买过"): marked by core.language.conditions,
# a buy so marked is kept by core.language.told_done.
CONTRARY: Final = "diagnosis.contrary"


def clause_break(scanned: str, start: int, end: int) -> bool:
    """A mark between two words, or a space after Chinese ("割肉了 把eth全卖了") or before it
    ("帮我买0.1个btc 他说的": Chinese writes no space inside a clause)."""
    between = scanned[start:end]
    if CLAUSE_MARKS.intersection(between):
        return True
    if not any(map(str.isspace, between)):
        return False  # most words stand together: no space between, no look at each character
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


# Said after the act before its clause ends: what a question's end may carry ("卖吗啊", "sell it?!").
QUESTION_END: Final = " 呀啊啦~～!！"


def asked_before(
    scanned: str,
    act: tuple[int, int],
    spans: list[Span],
    words: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]],
    between: tuple[str, ...],
    enough: frozenset[str] = frozenset(),
) -> tuple[int, int] | None:
    """Where a word asking the act at ``act`` stands before it in its clause: one of ``words[0]``,
    or of ``words[1]`` when the clause ends asked (one of ``words[2]`` or a question mark), with
    only the act's objects in between (spans whose concepts all start with one of ``between``, or
    that carry one of ``enough``). Shared by core.language.intended ("are you going to sell …")
    and core.language.whether_able ("can i sell …")."""
    start, end = act
    found, tails, ends = words
    first, last = clause_of(scanned, start, end)
    asked = scanned[end:last].rstrip(QUESTION_END).endswith(ends) or scanned[last : last + 1] in ("?", "？")
    for group, needs_tail in ((found, False), (tails, True)):
        if needs_tail and not asked:
            continue
        for word in group:
            at = scanned.find(word, first, start)
            while at >= 0:
                after = at + len(word)
                if _whole(scanned, at, after) and _only(after, start, spans, between, enough):
                    return at, after
                at = scanned.find(word, at + 1, start)
    return None


def _whole(scanned: str, at: int, end: int) -> bool:
    """Latin words whole ("can i", never "pecan icing"; "you gonna", never "bayou gonna")."""
    if not scanned[at:end].isascii():
        return True
    return not (scanned[at - 1 : at].isalnum() or scanned[end : end + 1].isalnum())


def _only(at: int, start: int, spans: list[Span], between: tuple[str, ...], enough: frozenset[str]) -> bool:
    inside = [s for s in spans if at <= s[0] and s[1] <= start and s[3]]
    return all(not enough.isdisjoint(s[3]) or all(c.startswith(between) for c in s[3]) for s in inside)
