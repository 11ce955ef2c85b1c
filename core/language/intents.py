"""Intents as tables, and the one engine that scores them all.

A skill declares its intents (core.skills.registry.SkillSpec.intents): the concepts each needs
(all of them), wants one of, avoids (none may be present) and may also use. The engine scores
every intent whose conditions hold by how much of the message its concepts explain (characters
covered by its tags over characters of the message that are not filler or punctuation), so the
reading that accounts for more of what was typed wins, whichever skill it belongs to. Priorities
only break ties; a close second of another skill is exposed (``Ranking.close``) so the
conversation can ask "did you mean …".

No intent lists another skill's words: it names concepts, and a concept's words are the
lexicon's (core/language/lexicon/*.toml). The tables themselves are data too
(core/language/lexicon/intents/<skill>.toml, read by ``table``): a skill's Python gives only the
fills that need code, by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from core.cached_toml import read_toml
from core.language.tagger import COIN, Reading
from core.language.word_scan import EXCHANGE, PROVIDER

FILLER = "filler"  # the lexicon group whose words explain nothing
OUTSIDE = "outside."  # the lexicon group of what no intent is about unless it says so
TIE = 0.05  # two scores this close are a tie (the priority decides, the runner-up is "close")
_HELD_KEPT = 4096  # the concept sets whose holding intents are kept (the tagger's word sets are as many)

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
            and (not self.one_of or not self.one_of.isdisjoint(concepts))
            and self.avoid.isdisjoint(concepts)
        )


class IntentTableError(ValueError):
    """An intent table that names a concept, a set or a fill that does not exist."""


@dataclass(frozen=True, slots=True)
class Table:
    intents: tuple[Intent, ...]
    sets: Mapping[str, tuple[str, ...]]  # the table's named lists of concepts, for its fills


_ROW_KEYS = frozenset(
    {"skill", "action", "need", "one_of", "avoid", "may", "priority", "fill", "reader_first", "after_rules"}
)


@cache
def _known() -> frozenset[str]:
    """The concepts a table may name: the lexicon's, and those the tagger makes itself (a coin, an
    exchange, a model provider, one of the person's records of a kind)."""
    from core.language.gazetteer import KINDS, SEVERAL
    from core.language.lexicon import load

    own = {f"own.{kind}" for kind in (*KINDS, SEVERAL)}
    return frozenset(load().concepts) | {COIN, EXCHANGE, PROVIDER} | own


def parse_table(skill: str, data: Mapping[str, Any], fills: Mapping[str, SlotFill], *, source: str) -> Table:
    """A skill's intents from a table's data, checked: an unknown key, concept, set or fill, and a
    fill given that no intent uses, are a IntentTableError naming the file and the intent.

    ``[sets]`` names lists of concepts; in any list "@name" stands for a set's concepts and
    "-concept" takes one out of what is listed before it. Each ``intent`` has an ``action`` (and
    its ``skill`` when a file holds several skills'), the lists ``need`` / ``one_of`` / ``avoid``
    / ``may``, and ``priority``, ``fill`` (a name in ``fills``; none: the skill's reader reads the
    slots), ``reader_first``, ``after_rules``."""

    def fail(problem: str) -> IntentTableError:
        return IntentTableError(f"{source}: {problem}")

    sets: dict[str, tuple[str, ...]] = {}

    def concepts(listed: object, where: str) -> tuple[str, ...]:
        if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
            raise fail(f"{where} must be a list of concept names")
        out: list[str] = []
        for name in listed:
            mark, rest = name[:1], name[1:]
            if mark == "@" and rest not in sets:
                raise fail(f"{where}: no set {rest!r} (a set names only those before it)")
            if mark == "-" and rest not in out:
                raise fail(f"{where}: {rest!r} is taken out but not listed before")
            if mark not in ("@", "-") and name not in _known():
                raise fail(f"{where}: {name!r} is no concept of the lexicon or the tagger")
            out = [c for c in out if c != rest] if mark == "-" else [*out, *sets.get(rest, (name,))]
        return tuple(dict.fromkeys(out))

    if set(data) - {"sets", "intent"}:
        raise fail(f"unknown key(s) {sorted(set(data) - {'sets', 'intent'})}")
    for name, listed in data.get("sets", {}).items():
        sets[name] = concepts(listed, f"sets.{name}")
    intents, used = [], set()
    for number, row in enumerate(data.get("intent", []), 1):
        where = f"intent {number}"
        if not isinstance(row, dict) or set(row) - _ROW_KEYS or not isinstance(row.get("action"), str):
            raise fail(f"{where}: an action and only the keys {sorted(_ROW_KEYS)}")
        fill = row.get("fill")
        if fill is not None and fill not in fills:
            raise fail(f"{where}: no fill {fill!r} is given")
        used.add(fill)
        lists = {
            k: frozenset(concepts(row.get(k, []), f"{where}.{k}")) for k in ("need", "one_of", "avoid", "may")
        }
        intents.append(
            Intent(
                row.get("skill", skill),
                row["action"],
                **lists,
                priority=row.get("priority", 0),
                fill=None if fill is None else fills[fill],
                reader_first=row.get("reader_first", False),
                after_rules=row.get("after_rules", False),
            )
        )
    if set(fills) - used:
        raise fail(f"fill(s) {sorted(set(fills) - used)} given, used by no intent")
    return Table(tuple(intents), sets)


def table(skill: str, file: str, fills: Mapping[str, SlotFill] | None = None) -> Table:
    """The intents of core/language/lexicon/intents/<file>.toml for ``skill`` (see ``parse_table``)."""
    entry = resources.files("core.language") / "lexicon" / "intents" / f"{file}.toml"
    return parse_table(skill, read_toml(entry), fills or {}, source=f"intents/{file}.toml")


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
        # The intents each set of concepts holds: one set for every message saying those concepts
        # (a long message's pieces and their readings again say the sets of its clauses).
        self._held: dict[frozenset[str], tuple[Intent, ...]] = {}

    def _holding(self, concepts: frozenset[str]) -> tuple[Intent, ...]:
        """Every intent ``concepts`` hold, in declaration order."""
        held = self._held.get(concepts)
        if held is None:
            positions = sorted({p for c in concepts for p in self._index.get(c, ())})
            # What lies outside deskmate's world ("做梦", "that message") is avoided by every intent
            # that does not name it: no table lists another's words to stay out of its way.
            outside = frozenset(c for c in concepts if c.startswith(OUTSIDE))
            held = tuple(
                self.intents[p]
                for p in positions
                if self.intents[p].holds(concepts) and outside <= self.intents[p].uses
            )
            if len(self._held) >= _HELD_KEPT:
                self._held.pop(next(iter(self._held)))
            self._held[concepts] = held
        return held

    def _scored(self, reading: Reading) -> tuple[Scored, ...]:
        """Every intent that holds with its score, in declaration order (kept for the last reading)."""
        last = self._last
        if last is not None and last[0] is reading:
            return last[1]
        held = self._holding(reading.concepts)
        scored: tuple[Scored, ...] = ()
        if held:
            content, tags = _weights(reading)
            content = max(content, 1)
            scored = tuple(
                Scored(i, min(sum(w for c, w in tags if not c.isdisjoint(i.uses)) / content, 1.0))
                for i in held
            )
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
