"""The lexicon: concepts and their words, as data (core/language/lexicon/*.toml), checked when loaded.

One file is one group of concepts ("verb", "noun", ...); a concept is named "<group>.<name>"
("verb.delete"). Each concept lists its words per language: ``zh`` (simplified: traditional text is
converted before matching), ``zh_hant`` (only where OpenCC's conversion does not reach) and ``en``.

Checked at load, refused with a LexiconError naming the file and concept:
- an unknown key, a word that is not a non-empty string, a concept with no word;
- a word in two concepts of one group, unless one of them lists the other in ``overlaps``
  (e.g. a word that is both a stop and a switch off is said to be so, never by accident).

A concept's ``before_object`` words are its words only right before its object (core.language.tagger):
by default what is traded, an amount or a coin ("出" sells in "帮我出0.05个比特币", never in "出现",
"出错", "退出"); its ``objects`` say which others it takes, a model provider's or an exchange's name
("接" and "连" connect in "我想接 kimi", "帮我连 binance", never in "接口", "连续"). A
concept ``unless`` a group or concept is said is none where one is ("行情好无聊啊" is a remark;
"太无聊了，帮我买点btc" asks a buy); ``unless_later`` ones said in a later clause, after a mark or a
space after Chinese ("割肉了 把eth全卖了" cuts the loss by the order it asks); ``unless_earlier``
ones said before it, in an earlier clause or opening the message ("stop all bots now, this dump is
insane": the order stands, the remark after it says why); ``unless_clause_before`` ones said in an
earlier clause only ("delete the btc dca strategy, it's not working" deletes, the failure its
reason; "delete failed" stays a failure told). A concept with ``after`` is its words
only where one of those concepts is said before it ("要是比特币跌回三万我就全仓进" tells a plan; "那我就买
0.1个btc吧", no condition before, buys): elsewhere its words are none and the shorter ones stand.
An ``after`` coin must stand right before the word ("取消ETH單": the coin's order).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

from core.cached_toml import read_toml
from core.language.normalize import fold

_KEYS = frozenset(
    {
        "zh",
        "zh_hant",
        "en",
        "overlaps",
        "before_object",
        "objects",
        "unless",
        "unless_later",
        "unless_earlier",
        "unless_clause_before",
        "after",
    }
)
# What a ``before_object`` word may stand right before: an amount or a share (the value grammar's),
# or a name the tagger reads as a span of that concept (core.language.tagger's COIN, PROVIDER,
# EXCHANGE). What is traded unless a concept's ``objects`` says otherwise.
# A "level" is a bare number or a price ("has btc broken 100k": a level crossed; a word before one
# is that concept's alone, "broken" no failure there: core.language.conditions).
# A record of the person's own, by its name ("point ds at …": own.model, "call the eth floor alert …":
# own.alert), is one too, and a
# strategy's noun ("test a grid …": backtest.try). A daily summary ("新建一个交易员带日报": made with it).
# A trader's noun, or each of them ("give each trader its own account": verb.update's "give").
# Any record's kind (a join before one: "看看我的策略和模型", filler.join).
OBJECTS = frozenset(
    {
        "noun.daily_summary",
        "amount",
        "coin",
        "provider",
        "exchange",
        "level",
        "own.model",
        "own.strategy",
        "own.trader",
        "own.alert",
        "noun.alert",
        "own.account",
        "noun.strategy",
        "noun.trader",
        "noun.model",
        "noun.account",
        "pnl.per_trader",
    }
)
# How often a strategy tested buys, as its object ("test a daily 10 dollar doge dca": backtest.test);
# never a name opening with a filler word ("get rid of every last pepe": no object there).
HOW_OFTEN = frozenset({"time.daily", "time.repeat", "pnl.weekly", "pnl.monthly"})
OBJECTS = OBJECTS | HOW_OFTEN
TRADED = frozenset({"amount", "coin"})


class LexiconError(ValueError):
    """A lexicon file that would read words ambiguously or not at all."""


@dataclass(frozen=True, slots=True)
class Concept:
    name: str  # "verb.delete"
    words: tuple[str, ...]  # normalized, every language
    overlaps: frozenset[str]  # concepts of its group that may share a word with it
    before_object: frozenset[str] = frozenset()  # words that are its own only before its object
    objects: frozenset[str] = TRADED  # what its before_object words take (OBJECTS)
    unless: frozenset[str] = frozenset()  # groups ("ask") or concepts that, said, make it none
    unless_later: frozenset[str] = frozenset()  # ... said in a later clause ("割肉了 把eth全卖了")
    unless_earlier: frozenset[str] = frozenset()  # ... said before it ("stop all bots, this is insane")
    after: frozenset[str] = frozenset()  # none unless one of these is said before it ("如果…我就买")
    # ... said in an earlier clause only, never opening its own ("delete rex, it's not working"
    # deletes; "delete failed" tells a failure)
    unless_clause_before: frozenset[str] = frozenset()

    @property
    def group(self) -> str:
        return self.name.partition(".")[0]


@dataclass(frozen=True, slots=True)
class Lexicon:
    concepts: Mapping[str, Concept]

    def words(self) -> Iterable[tuple[str, str]]:
        """(word, concept) for every word of every concept."""
        for concept in self.concepts.values():
            for word in concept.words:
                yield word, concept.name

    def before_object(self) -> dict[str, dict[str, frozenset[str]]]:
        """The words that count only right before an object, each with those concepts and the
        objects each takes ("出": {"verb.sell": {"amount", "coin"}})."""
        out: dict[str, dict[str, frozenset[str]]] = {}
        for concept in self.concepts.values():
            for word in concept.before_object:
                out.setdefault(word, {})[concept.name] = concept.objects
        return out

    def unless(self) -> dict[str, frozenset[str]]:
        """The concepts that are none where one of their ``unless`` groups or concepts is said."""
        return {c.name: c.unless for c in self.concepts.values() if c.unless}

    def unless_later(self) -> dict[str, frozenset[str]]:
        """The concepts that are none where one of their ``unless_later`` is said in a later clause."""
        return {c.name: c.unless_later for c in self.concepts.values() if c.unless_later}

    def unless_earlier(self) -> dict[str, frozenset[str]]:
        """The concepts that are none where one of their ``unless_earlier`` is said before them, in
        an earlier clause or opening the message."""
        return {c.name: c.unless_earlier for c in self.concepts.values() if c.unless_earlier}

    def unless_clause_before(self) -> dict[str, frozenset[str]]:
        """The concepts that are none where one of their ``unless_clause_before`` is said in an
        earlier clause."""
        return {c.name: c.unless_clause_before for c in self.concepts.values() if c.unless_clause_before}

    def after(self) -> dict[str, frozenset[str]]:
        """The concepts that are none unless one of their ``after`` is said before them."""
        return {c.name: c.after for c in self.concepts.values() if c.after}

    def group(self, group: str) -> frozenset[str]:
        """The names of a group's concepts."""
        return frozenset(c.name for c in self.concepts.values() if c.group == group)


def parse_group(group: str, data: Mapping[str, object], *, source: str) -> list[Concept]:
    """The concepts of one group file's data, checked on their own (see ``check``)."""
    concepts: list[Concept] = []
    for key, table in data.items():
        name = f"{group}.{key}"
        if not isinstance(table, dict):
            raise LexiconError(f"{source}: {name} is not a table")
        unknown = set(table) - _KEYS
        if unknown:
            raise LexiconError(f"{source}: {name} has unknown key(s) {sorted(unknown)}")
        words: list[str] = []
        for lang in ("zh", "zh_hant", "en", "before_object"):
            listed = table.get(lang, [])
            if not isinstance(listed, list) or not all(isinstance(w, str) and w.strip() for w in listed):
                raise LexiconError(f"{source}: {name}.{lang} must be a list of non-empty words")
            words += [fold(w) for w in listed]
        before = frozenset(fold(w) for w in table.get("before_object", []))
        if not words:
            raise LexiconError(f"{source}: {name} has no word")
        overlaps, unless = table.get("overlaps", []), table.get("unless", [])
        later, earlier = table.get("unless_later", []), table.get("unless_earlier", [])
        after, clause_before = table.get("after", []), table.get("unless_clause_before", [])
        for key, listed in (
            ("overlaps", overlaps),
            ("unless", unless),
            ("unless_later", later),
            ("unless_earlier", earlier),
            ("after", after),
            ("unless_clause_before", clause_before),
        ):
            if not isinstance(listed, list) or not all(isinstance(o, str) for o in listed):
                raise LexiconError(f"{source}: {name}.{key} must be a list of concept names")
        objects = table.get("objects", sorted(TRADED))
        if (
            not isinstance(objects, list)
            or not objects
            or not all(isinstance(o, str) and o in OBJECTS for o in objects)
        ):
            raise LexiconError(f"{source}: {name}.objects must be a list of {sorted(OBJECTS)}")
        if "objects" in table and not before:
            raise LexiconError(f"{source}: {name}.objects is said of no before_object word")
        kept = tuple(dict.fromkeys(words))
        concepts.append(
            Concept(
                name,
                kept,
                frozenset(overlaps),
                before,
                frozenset(objects),
                frozenset(unless),
                frozenset(later),
                frozenset(earlier),
                frozenset(after),
                frozenset(clause_before),
            )
        )
    return concepts


def check(concepts: Iterable[Concept]) -> Lexicon:
    """The lexicon of these concepts, refused if a word sits in two concepts of one group
    without a declared overlap, or an overlap names a concept that does not exist."""
    by_name: dict[str, Concept] = {}
    for concept in concepts:
        if concept.name in by_name:
            raise LexiconError(f"concept {concept.name} is defined twice")
        by_name[concept.name] = concept
    owner: dict[tuple[str, str], str] = {}
    for concept in by_name.values():
        for other in concept.overlaps:
            if other not in by_name or by_name[other].group != concept.group:
                raise LexiconError(f"{concept.name} overlaps {other!r}, not a concept of its group")
        for word in concept.words:
            first = owner.setdefault((concept.group, word), concept.name)
            if first == concept.name:
                continue
            if other_declared(by_name[first], concept):
                continue
            raise LexiconError(
                f"the word {word!r} is in both {first} and {concept.name}: "
                "declare the overlap in one of them, or keep the word in one"
            )
    return Lexicon(by_name)


def other_declared(a: Concept, b: Concept) -> bool:
    return b.name in a.overlaps or a.name in b.overlaps


@cache  # one per group file shipped: a few, kept for the process
def phrases(group: str) -> Lexicon:
    """The words of one reader's own forms (core/language/lexicon/phrases/<group>.toml: a
    correction's "改成", "rename it to"), checked like the lexicon but never tagged in other
    messages, where they would read as phrases what is none ("the account")."""
    entry = resources.files("core.language") / "lexicon" / "phrases" / f"{group}.toml"
    source = f"phrases/{group}.toml"
    try:
        data = read_toml(entry)
    except tomllib.TOMLDecodeError as exc:
        raise LexiconError(f"{source}: {exc}") from exc
    return check(parse_group(group, data, source=source))


@lru_cache(maxsize=1)
def load() -> Lexicon:
    """Every group file shipped with the package, checked (once per process)."""
    folder = resources.files("core.language") / "lexicon"
    concepts: list[Concept] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        group = entry.name.removesuffix(".toml")
        try:
            data = read_toml(entry)
        except tomllib.TOMLDecodeError as exc:
            raise LexiconError(f"{entry.name}: {exc}") from exc
        concepts += parse_group(group, data, source=entry.name)
    return check(concepts)
