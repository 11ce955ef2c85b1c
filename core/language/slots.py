"""Slots declared as data, read by one engine (issue 21).

An intent's slots are a table, not a reader: each row names a slot and where it comes from (a
constant, the coins named, the first of a table's concepts said, one of the person's own records,
the name after a kind's word, a value of the value grammar with its kinds, units and bounds, and
the refusal when it is not read exactly), and ``Slots`` reads every row of every skill's tables::

    fill=Slots(Coins("symbol", only=True, need=True), Const("amount", "all"))      # "梭哈大饼"
    fill=Slots(Choose("switch", (("off", When(any=OFF)),), default="on"))          # "关闭收益周报"
    fill=Slots(Number("days", ("duration",), units={"d": 1, "w": 7}, whole="whole_days"))  # "最近两周"

A row that reads None or nothing ("", {}, []) sets no slot; one marked ``need`` declines the
message (the fill's None: the next reading's), as does a command ("/…", with ``commands=False``),
a message ``only`` does not hold for (one of its conditions), one ``decline`` holds for, one
``unless`` reads something in (a reader: an error pasted is another diagnosis's), or one where
none of the slots of ``one`` is read; ``given``: a slot set only beside another ("stop_limit"
only with "stop_loss").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.language import fills, typed_names
from core.language.phrases import Words
from core.language.picks import one_value, positive
from core.language.tagger import Reading, Tag
from core.language.values import REFUSED_PREFIX, Kind, Value


def _set(concepts: Iterable[str]) -> frozenset[str]:
    return frozenset((concepts,) if isinstance(concepts, str) else concepts)


@dataclass(frozen=True, slots=True, init=False)
class When:
    """A condition on the concepts said: all of ``all``, one of ``any`` and one of ``also`` (each
    when given), none of ``none``; a concept ending in "." stands for its whole group ("ask.")."""

    all: frozenset[str]
    any: frozenset[str]
    also: frozenset[str]
    none: frozenset[str]
    grouped: bool

    def __init__(
        self,
        all: Iterable[str] = (),
        any: Iterable[str] = (),
        none: Iterable[str] = (),
        also: Iterable[str] = (),
    ) -> None:
        for name, concepts in (("all", all), ("any", any), ("also", also), ("none", none)):
            object.__setattr__(self, name, _set(concepts))
        said = self.all | self.any | self.also | self.none
        object.__setattr__(self, "grouped", "." in {c[-1:] for c in said})

    def __call__(self, concepts: frozenset[str]) -> bool:
        if self.grouped:  # "ask." said by any of its concepts ("ask.why")
            concepts = concepts | {c[: c.find(".") + 1] for c in concepts}
        return (
            self.all <= concepts
            and (not self.any or not self.any.isdisjoint(concepts))
            and (not self.also or not self.also.isdisjoint(concepts))
            and self.none.isdisjoint(concepts)
        )


Rules = Sequence[tuple[str, When]]


# Switched off ("关闭 alpha 的每日汇总", "stop the weekly report", "取消收益周报") or on (also started
# again: "恢复小辣椒的每日总结", "開返每日總結", "resume the daily summary").
SWITCH: Rules = (
    ("off", When(any=["verb.switch_off", "verb.stop", "verb.cancel", "answer.off"])),
    # "每日總結開返" (恢复): back on; "send me a daily summary from rocky": sent, so on; wanted too
    # ("i'd like daily reports from rocky", "我想要rocky的每日总结")
    (
        "on",
        When(any=["verb.switch_on", "answer.on", "verb.start", "verb.start_after", "pnl.send", "verb.want"]),
    ),
)


def first(rules: Rules, concepts: frozenset[str], default: str | None = None) -> str | None:
    """The value of the first rule whose condition holds, else ``default``."""
    return next((value for value, holds in rules if holds(concepts)), default)


class Row(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def need(self) -> bool: ...

    def read(self, reading: Reading) -> Any: ...


@dataclass(frozen=True, slots=True)
class Const:
    """The same value whatever the message says (the intent itself says it: "view": "summary")."""

    name: str
    value: Any
    need: bool = False

    def read(self, reading: Reading) -> Any:
        return self.value


@dataclass(frozen=True, slots=True)
class Coins:
    """The coins named: the first, the only one (two named read none), or all of them (a list)."""

    name: str
    only: bool = False
    all: bool = False
    need: bool = False

    def read(self, reading: Reading) -> Any:
        coins = fills.coins(reading)
        if self.all:
            return coins or None
        return coins[0] if coins and (len(coins) == 1 or not self.only) else None


@dataclass(frozen=True, slots=True)
class Choose:
    """The value of the first rule whose condition holds ("off" when an off word is said)."""

    name: str
    rules: Rules
    default: str | None = None
    need: bool = False

    def read(self, reading: Reading) -> Any:
        return first(self.rules, reading.concepts, self.default)


@dataclass(frozen=True, slots=True)
class Word:
    """The value of the first word said that the table names (its concepts in the table's order)."""

    name: str
    table: Mapping[str, str]
    need: bool = False

    def read(self, reading: Reading) -> Any:
        tag = next((t for t in reading.tags if not t.concepts.isdisjoint(self.table)), None)
        return None if tag is None else next(v for c, v in self.table.items() if c in tag.concepts)


@dataclass(frozen=True, slots=True)
class Own:
    """The stored name of one of the person's own records of ``kind`` the message names."""

    name: str
    kind: str
    need: bool = False

    def read(self, reading: Reading) -> Any:
        tag = reading.first(f"own.{self.kind}")
        return None if tag is None else tag.value


@dataclass(frozen=True, slots=True)
class After:
    """The name typed after a kind's word, whatever words follow it: {"name": ...} ("删除账户 my traders")."""

    name: str
    concept: str
    need: bool = False

    def read(self, reading: Reading) -> Any:
        tag = reading.first(self.concept)
        name = None if tag is None else typed_names.name_after(reading, tag.end, whole=True)
        if name and _WHERE.prefix(name.lower()) is not None:
            return None  # "remove my okx account from the bot": where it is, no name
        return {"name": name} if name else None


_WHERE = Words("record_where.lead")


@dataclass(frozen=True, slots=True)
class Read:
    """What a reader shared by several tables reads ("the account named": one reading of it for
    the balance, the holdings, the trades and the most one can buy)."""

    name: str
    reader: Callable[[Reading], Any]
    need: bool = False

    def read(self, reading: Reading) -> Any:
        return self.reader(reading)


@dataclass(frozen=True, slots=True)
class Number:
    """The one value of ``kinds`` (two are refused as two numbers; ``first``: the first one), as
    its slot text (``amount``: its canonical amount, "quote:100"), or a refusal's marker when it is
    not read exactly, is zero where ``positive``, no whole number where ``whole`` (the refusal's
    reason) or more than ``most`` (or less than ``least``: ``out``'s marker and what was typed).
    ``units``: the units taken and what one of each counts ("d": 1, "w": 7), the slot their whole
    product ("2 weeks" -> "14", "1.5 hours" -> "5400").
    ``after``: only the values said after the first of these words and before the next of ``until``
    ("止盈 200 止损 120": 200 for the take-profit; with ``lead``, when a value comes before the first
    of ``until``, before its word and after the one before: "85000止损 90000止盈"); ``skip``: values
    that are something else ("24小时有效": an expiry)."""

    name: str
    kinds: tuple[Kind, ...]
    amount: bool = False
    positive: bool = False
    first: bool = False
    units: Mapping[str, int] = field(default_factory=dict)
    whole: str = ""
    most: int | None = None
    least: int | None = None
    out: str = f"{REFUSED_PREFIX}too_long"
    priced: bool = False  # a price: an amount of a coin said for it is refused ("止损 120 sol")
    after: frozenset[str] = frozenset()
    until: frozenset[str] = frozenset()
    skip: Callable[[Value, str], bool] | None = None
    lead: bool = False
    need: bool = False

    def read(self, reading: Reading) -> Any:
        values = [v for v in reading.spans() if not self.units or v.unit in self.units]
        if self.skip is not None:
            values = [v for v in values if not self.skip(v, reading.text)]
        if self.after:
            said = [t for t in reading.tags if t.concepts & self.until]
            cue = next((t for t in reading.tags if t.concepts & self.after), None)
            if cue is None:
                return None
            start, end = (
                cue.end,
                min((t.start for t in said if t.start > cue.start), default=len(reading.text)),
            )
            if (
                self.lead
                and said
                and any(v.end <= said[0].start for v in values if v.kind in self.kinds or v.refused)
            ):
                start, end = max((t.end for t in said if t.end <= cue.start), default=0), cue.start
            values = [v for v in values if start <= v.start < end]
        if self.first:
            values = [v for v in values if v.kind in self.kinds or v.refused][:1]
        value = one_value(values, self.kinds, reading.text)
        if value is None:
            return None
        value = positive(value) if self.positive else value
        if self.priced and value.kind == "amount" and value.unit == "base":
            return f"{REFUSED_PREFIX}not_a_price:{value.typed}"
        if value.refused or not (self.units or self.whole):
            return value.amount_slot if self.amount else value.slot
        number = value.number * self.units.get(value.unit, 1)
        if number != number.to_integral_value():  # never cut to a whole number as if typed
            return f"{REFUSED_PREFIX}{self.whole or 'whole'}:{value.typed}"
        if (self.most is not None and number > self.most) or (self.least is not None and number < self.least):
            return f"{self.out}:{value.typed}"
        return str(int(number))


@dataclass(frozen=True, slots=True)
class Take:
    """A field's value among several a sentence gives ("每格50U，总共1000U"): the one said beside
    its word ``near`` (``fills.field_value``: "每格50U", "5000U in total"; ``after``: only right after
    it, "买50"), else the first ``holds`` is true of ("20格": a count; ``sole``: only when it is the
    one); with ``upper``, two joined as a range by one of ``joining`` ("3000到4000"); none once
    ``unless`` is read. ``take`` reads a table of them."""

    name: str
    holds: Callable[[Value], bool] | None = None
    near: str = ""
    joining: Collection[str] = ()
    after: bool = False
    sole: bool = False
    upper: str = ""
    unless: str = ""

    def pick(self, reading: Reading, values: Sequence[Value]) -> Sequence[Value]:
        found = list(values) if self.holds is None else [v for v in values if self.holds(v)]
        if self.upper:
            return fills.ranged(reading, found, self.joining) or ()
        if self.near:
            near = fills.next_to if self.after else fills.field_value
            found = [v for v in (near(reading, found, (self.near,), joining=self.joining),) if v]
        return found[:1] if not self.sole or len(found) == 1 else ()


def take(
    reading: Reading, values: Sequence[Value], rows: Iterable[Take], slots: dict[str, Any]
) -> list[Value]:
    """Each row's value taken in the table's order, each value once, as slot text into ``slots``
    where its slot is not read yet (the grid's amount, then the total); the values none took."""
    left = list(values)
    for row in rows:
        if row.name not in slots and row.unless not in slots:
            for name, value in zip((row.name, row.upper), row.pick(reading, left), strict=False):
                slots[name] = value.slot
                left.remove(value)
    return left


@dataclass(frozen=True, slots=True)
class SetTo:
    """An update's field and new value ("把BTC定投的金额改成100"): {"field": f, f: value}, f the
    first of ``fields`` (name, its concepts) named before the set-to word (``typed_names.set_to``), else
    after it ("bump my btc dca to 40 usdt per buy"; a new name's words are no field there), else
    what ``by_value`` says of the value alone; the value is what is typed after the set-to word, for
    a field of ``numbers`` the one of ``values`` said there ("每次改成买80U": 80), a new name's under
    ``renamed``, or what ``new`` reads for the field after the set-to word. No set-to word: the
    field named alone."""

    name: str
    fields: Sequence[tuple[str, frozenset[str]]]
    numbers: frozenset[str] = frozenset()
    by_value: Callable[[str], str | None] = lambda value: None
    values: Callable[[Reading], Sequence[Value]] = Reading.spans
    renamed: tuple[str, str] = ("name", "new_name")
    new: Callable[[Reading, Tag, str], str | None] | None = None
    need: bool = False

    def read(self, reading: Reading, marker: Tag | None = None) -> Any:
        """``marker``: the word before the new value when the reader found one of its own ("bump my
        btc dca up to 500 usdt": "up to"), else the set-to word."""
        marker, end = marker or typed_names.set_to(reading), len(reading.text)
        field = self.named(fills.within(reading, 0, marker.start) if marker else reading)
        if marker is not None and not field:
            # A set-to word that renames ("改名为") says a new name, whatever it says ("每周定投").
            renames = self.named(fills.within(reading, marker.start, marker.end))
            field = renames if renames == self.renamed[0] else None
        if marker is None:
            return {self.name: field} if field else None
        value = " ".join(reading.norm.typed(marker.end, end).strip(' "“”「」『』').split())
        field = (
            field
            or self.named(fills.within(reading, marker.end, end), self.renamed[0])
            or self.by_value(value)
        )
        if field == self.renamed[0]:  # a new name ends with its clause ("to moon, not the grid": moon)
            value = " ".join(  # and never takes the words closing it ("to max please": max)
                typed_names.without_close(
                    reading.norm.typed(marker.end, typed_names.clause_end(reading.text, marker.end))
                )
                .strip(' "“”「」『』')
                .split()
            )
        said = [v for v in self.values(reading) if v.start >= marker.end]
        if field in self.numbers and len(said) == 1:
            # A count is its number: the field says what it counts ("改成40格", "to 40 grids": 40).
            # A value not read exactly is refused, quoting it ("改成-2000": a sign), never stored.
            value = said[0].slot if said[0].kind == "count" or said[0].refused else said[0].typed
        new = value if self.new is None or field is None else self.new(reading, marker, field)
        slots = {self.renamed[1] if field == self.renamed[0] else field: new} if new else {}
        return {self.name: field, **slots} if field else None

    def named(self, reading: Reading, but: str = "") -> str | None:
        said = {c for t in reading.tags for c in typed_names.concepts_at(reading, t)}
        return next((name for name, concepts in self.fields if concepts & said and name != but), None)


class First:
    """The first of ``rows`` that reads something: one slot said one of several ways (an expiry:
    "good till cancelled", "for 2 hours", "30秒有效")."""

    __slots__ = ("name", "need", "rows")

    def __init__(self, name: str, *rows: Row, need: bool = False) -> None:
        self.name, self.rows, self.need = name, rows, need

    def read(self, reading: Reading) -> Any:
        return next((v for row in self.rows if (v := row.read(reading)) not in (None, "", {}, [])), None)


Unless = Callable[[Reading], object] | None  # a reader whose finding declines a message


class Slots:
    """An intent's slot table, read by ``__call__`` (the intent's fill)."""

    __slots__ = ("commands", "decline", "given", "one", "only", "rows", "unless")

    def __init__(
        self,
        *rows: Row,
        only: Iterable[When] = (),
        decline: When | None = None,
        unless: Unless = None,
        commands: bool = True,
        one: Iterable[str] = (),
        given: Mapping[str, str] | None = None,
    ) -> None:
        self.rows, self.only, self.decline = rows, tuple(only), decline
        self.unless, self.commands, self.one, self.given = unless, commands, tuple(one), given or {}

    def __call__(self, reading: Reading) -> dict[str, Any] | None:
        concepts = reading.concepts
        if (
            (not self.commands and reading.text.startswith("/"))
            or (self.only and not any(w(concepts) for w in self.only))
            or (self.decline is not None and self.decline(concepts))
            or (self.unless is not None and self.unless(reading) is not None)
        ):
            return None
        slots: dict[str, Any] = {}
        for row in self.rows:
            value = row.read(reading)
            if value is None or value in ("", {}, []):  # nothing read
                if row.need:
                    return None
                continue
            if row.name not in self.given or self.given[row.name] in slots:
                slots[row.name] = value
        return None if self.one and not any(s in slots for s in self.one) else slots
