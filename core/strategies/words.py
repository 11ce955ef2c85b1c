"""A strategy's kind as people name it ("定投", "grid", "dollar cost averaging"): the lexicon's
words (core/language/lexicon/strategy.toml), read by the one tagger; and the values of a grid
as the strategy and backtest readers both read them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Final, cast

from core.language import fills
from core.language.lexicon import load, phrases
from core.language.phrases import Words
from core.language.slots import Word
from core.language.tagger import Reading, Tag
from core.language.values import Value

if TYPE_CHECKING:  # the parameters' module (their models) is not needed to read a kind's name
    from core.strategies.params import Kind

KINDS: Final[tuple[Kind, ...]] = ("dca", "grid", "ai")
KIND_CONCEPTS: Final = frozenset(f"strategy.{k}" for k in KINDS)
# A strategy's fields an update may name, each the lexicon's concept "strategy.<field>", in the
# order an update's words are matched ("每格金额" before "金额"). A trader has none of them.
FIELDS: Final[tuple[str, ...]] = (
    "quote_per_grid", "max_order_notional", "max_position_pct", "max_total", "quote_amount", "interval",
    "grids", "lower", "upper", "symbols", "symbol", "notes",
)  # fmt: skip


KIND: Final = Word("kind", {f"strategy.{k}": k for k in KINDS})


def kind_of(reading: Reading) -> Kind | None:
    """The kind a message names first, if any."""
    return cast("Kind | None", KIND.read(reading))


@cache
def joined(concept: str) -> frozenset[str]:
    """The words that join values (phrases/strategy_value.toml: "range_join", "between")."""
    return frozenset(phrases("strategy_value").concepts[f"strategy_value.{concept}"].words)


def in_coins(
    reading: Reading, values: Sequence[Value], buys: tuple[str, ...] = ("verb.buy",)
) -> Value | None:
    """An amount of a coin bought ("每天买0.001个BTC", "buy 0.001 btc daily"; ``buys``: the words of
    buying, a backtest's "buying" too): a DCA buys USDT, so it is refused quoting it ("创建一个BTC定投":
    一个 is no amount, no buy word before it)."""
    for value in values:
        buy = fills.tag_before(reading, value.start, buys) if value.unit == "base" else None
        if buy is not None and value.kind == "amount" and not fills.between(reading, buy.end, value.start):
            return value
    return None


def kind_word(kind: str) -> str:
    """A kind's first word (its name in a list)."""
    return load().concepts[f"strategy.{kind}"].words[0]


def grid_values(reading: Reading, values: list[Value]) -> list[Value]:
    """``values`` (offsets into ``reading.text``), a count whose unit is the start of the grid
    count's word read as the number it is (see _unglued)."""
    field = [t for t in reading.tags if "strategy.grids" in t.concepts]
    if not field:
        return values
    return [_counted(reading, _unglued(reading.text, values, i, field)) for i in range(len(values))]


_COUNTERS: Final = Words("values.coin_join")  # 个 / 枚 …: what counts things, a coin's when one follows


def _counted(reading: Reading, value: Value) -> Value:
    """Where the grid count's word is said, a number with a counter and no coin ("格子改成40个") is the
    count: its number, as "40格" is; never an amount of a coin."""
    if value.kind != "amount" or value.unit != "base" or value.coin:
        return value
    at = _COUNTERS.before(reading.text, value.end, space=False)
    if at is None or at <= value.start:
        return value
    number = value.number
    if number is None or number != number.to_integral_value():
        return value  # "2.5个": no count of grids
    return replace(value, kind="number", unit="", end=at, typed=str(int(number)))


def _unglued(text: str, values: list[Value], i: int, field: Sequence[Tag]) -> Value:
    """A count whose unit is the word of the grid count naming the number after it ("100-200 格数
    30", "3000 to 4000 grids 20"): the number before that word (a range's end), not 200 grids."""
    value = values[i]
    for tag in field:
        if value.kind != "count" or not value.start < tag.start < value.end:
            continue
        after = values[i + 1] if i + 1 < len(values) else None
        named = (
            after is not None and after.kind == "number" and not text[value.end : after.start].strip(" :：")
        )
        ranged = i > 0 and text[values[i - 1].end : value.start].strip() in joined("range_join")
        if value.end < tag.end or (named and ranged):
            typed = value.typed[: tag.start - value.start].strip()
            return replace(value, kind="number", unit="", end=tag.start, typed=typed)
    return value
