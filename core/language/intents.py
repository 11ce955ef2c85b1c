"""Intents as tables, and the one engine that scores them all.

A skill declares its intents (core.skills.registry.SkillSpec.intents): the concepts each needs
(all of them), wants one of, avoids (none may be present) and may also use. The engine scores
every intent whose conditions hold by how much of the message its concepts explain (characters
covered by its tags over characters of the message that are not filler or punctuation), so the
reading that accounts for more of what was typed wins, whichever skill it belongs to. Priorities
only break ties; a close second of another skill is exposed (``Ranking.close``) so the
conversation can ask "did you mean …".

No intent lists another skill's words: it names concepts, and a concept's words are the
lexicon's (core/language/lexicon/*.toml).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from core.language.tagger import Reading

FILLER = "filler"  # the lexicon group whose words explain nothing
OUTSIDE = "outside."  # the lexicon group of what no intent is about unless it says so
TIE = 0.05  # two scores this close are a tie (the priority decides, the runner-up is "close")

# The slots an intent reads from the tags itself, when the skill's own reader has none to give.
SlotFill = Callable[[Reading], Mapping[str, Any] | None]


@dataclass(frozen=True, slots=True)
class Intent:
    skill: str
    action: str
    need: frozenset[str] = frozenset()
    one_of: frozenset[str] = frozenset()
    avoid: frozenset[str] = frozenset()
    may: frozenset[str] = frozenset()
    priority: int = 0
    fill: SlotFill | None = None  # None: the skill's reader reads the slots
    reader_first: bool = False  # with a fill: the reader's route when it reads one of this skill
    # Tried after every other intent: a broad one whose skill's reader decides (any request naming
    # a trader, a bare coin) yields to the intents that read the message themselves ("交易员 alpha
    # 的胜率" is a P&L question), as the skills' rules once ran after them.
    after_rules: bool = False
    uses: frozenset[str] = field(init=False, compare=False, repr=False)  # need | one_of | may

    def __post_init__(self) -> None:
        object.__setattr__(self, "uses", self.need | self.one_of | self.may)

    @property
    def name(self) -> str:
        return f"{self.skill}.{self.action}"

    def holds(self, concepts: frozenset[str]) -> bool:
        return (
            self.need <= concepts
            and (not self.one_of or bool(self.one_of & concepts))
            and not (self.avoid & concepts)
        )


def intent(
    skill: str,
    action: str,
    *,
    need: Iterable[str] = (),
    one_of: Iterable[str] = (),
    avoid: Iterable[str] = (),
    may: Iterable[str] = (),
    priority: int = 0,
    fill: SlotFill | None = None,
    reader_first: bool = False,
    after_rules: bool = False,
) -> Intent:
    """An Intent from plain lists (the form skill tables are written in)."""
    return Intent(
        skill,
        action,
        need=frozenset(need),
        one_of=frozenset(one_of),
        avoid=frozenset(avoid),
        may=frozenset(may),
        priority=priority,
        fill=fill,
        reader_first=reader_first,
        after_rules=after_rules,
    )


@dataclass(frozen=True, slots=True)
class Scored:
    intent: Intent
    score: float  # 0..1: the share of the message its concepts explain


@dataclass(frozen=True, slots=True)
class Ranking:
    """Every intent that holds, best first."""

    scored: tuple[Scored, ...] = ()
    close: tuple[Scored, ...] = field(default=())  # other skills' intents tied with the best

    @property
    def best(self) -> Scored | None:
        return self.scored[0] if self.scored else None


def _weights(reading: Reading) -> tuple[int, tuple[tuple[frozenset[str], int], ...]]:
    """The characters that carry meaning (not spaces or punctuation, not filler words), and each
    tag's concepts with the characters it covers: counted once per reading, for every intent."""
    text = reading.text
    content = sum(map(str.isalnum, text))
    tags: list[tuple[frozenset[str], int]] = []
    for tag in reading.tags:
        width = sum(map(str.isalnum, text[tag.start : tag.end]))
        if _filler_only(tag.concepts):
            content -= width
        tags.append((tag.concepts, width))
    return content, tuple(tags)


_FILLER_PREFIX = f"{FILLER}."


@lru_cache(maxsize=4096)  # a word's concepts are one set for every message it is in (the tagger's)
def _filler_only(concepts: frozenset[str]) -> bool:
    return all(c.startswith(_FILLER_PREFIX) for c in concepts)


class IntentEngine:
    """Scores every declared intent against a reading.

    Intents are indexed by the concepts that can make them hold (their ``need`` and ``one_of``):
    a message is checked only against the intents one of its concepts names, a handful of the
    hundred-odd declared, and the last reading's ranking is kept (a turn ranks its message twice:
    the intents before the rules, then those after)."""

    def __init__(self, intents: Iterable[Intent]) -> None:
        self.intents = tuple(intents)
        seen: set[str] = set()
        index: dict[str, list[int]] = {}
        for position, item in enumerate(self.intents):
            if not item.need and not item.one_of:
                raise ValueError(f"intent {item.name} needs no concept: it would match anything")
            key = f"{item.name}/{sorted(item.need)}/{sorted(item.one_of)}"
            if key in seen:
                raise ValueError(f"intent {item.name} is declared twice with the same conditions")
            seen.add(key)
            # One concept of ``need`` (all must be there) or every one of ``one_of`` finds it.
            keys = (min(item.need),) if item.need else tuple(item.one_of)
            for concept in keys:
                index.setdefault(concept, []).append(position)
        self._index = {concept: tuple(positions) for concept, positions in index.items()}
        self._last: tuple[Reading, tuple[Scored, ...]] | None = None

    def _scored(self, reading: Reading) -> tuple[Scored, ...]:
        """Every intent that holds with its score, in declaration order (kept for the last reading)."""
        last = self._last
        if last is not None and last[0] is reading:
            return last[1]
        concepts = reading.concepts
        positions = sorted({p for c in concepts for p in self._index.get(c, ())})
        # What lies outside deskmate's world ("做梦", "that message") is avoided by every intent
        # that does not name it: no table lists another's words to stay out of its way.
        outside = frozenset(c for c in concepts if c.startswith(OUTSIDE))
        held = [
            self.intents[p]
            for p in positions
            if self.intents[p].holds(concepts) and outside <= self.intents[p].uses
        ]
        scored: tuple[Scored, ...] = ()
        if held:
            content, tags = _weights(reading)
            content = max(content, 1)
            scored = tuple(Scored(i, min(sum(w for c, w in tags if c & i.uses) / content, 1.0)) for i in held)
        self._last = (reading, scored)
        return scored

    def rank(self, reading: Reading, *, late: bool | None = None) -> Ranking:
        """Every intent that holds, best first; ``late``: only those tried after the rules (True)
        or before them (False)."""
        scored = [s for s in self._scored(reading) if late is None or s.intent.after_rules == late]
        if not scored:
            return Ranking()
        top = max(s.score for s in scored)
        # Within a tie the priority decides; below it the score alone.
        scored.sort(key=lambda s: _order(s, top))
        best = scored[0]
        # A lower priority tied is no question to ask: the table says which comes first (an order's
        # rejection is the order's diagnosis before the exchange's).
        close = tuple(
            s
            for s in scored[1:]
            if top - s.score <= TIE
            and s.intent.skill != best.intent.skill
            and s.intent.priority == best.intent.priority
        )
        return Ranking(tuple(scored), close)


def _order(scored: Scored, top: float) -> tuple[bool, int, float, int, str]:
    """Tied with the best: by priority, then score; below it: by score alone (a reader declining
    the best passes to the next best reading, not to a higher priority that explains less), the
    priority again between equal scores."""
    below = top - scored.score > TIE
    priority = -scored.intent.priority
    return below, 0 if below else priority, -scored.score, priority, scored.intent.name
