"""A strategy's change read from its values with no field's word before them (the strategy reader's,
core/skills/strategy_management/reading.py): a DCA's money ("bump my btc dca to 500 usdt"), a
field's value said beside its word with no set-to word ("make stacker 25 usdt every buy", "make eth
ladder 30 grids instead"), a grid count ("up to 25 grids"), a field's value said of one of theirs
with no verb at all ("cap lazy stack at 2000 total")."""

from __future__ import annotations

from collections.abc import Sequence

from core.language.tagger import Reading, Tag
from core.language.values import Value
from core.strategies.words import kind_of

# The unit of a field's value said with no set-to word ("make stacker 25 usdt every buy").
MADE_UNITS = {
    "quote_amount": "quote", "quote_per_grid": "quote", "max_order_notional": "quote", "max_total": "quote",
    "max_position_pct": "%",
}  # fmt: skip


def money_of_dca(reading: Reading, values: Sequence[Value], start: int) -> dict[str, str]:
    """A DCA's new value that is one sum of USDT and no field named ("bump my btc dca to 500
    usdt"): its amount per buy, as a new DCA's money is ("weekly btc dca 100u"). Of another kind
    (a grid's money is per grid or its total) no field is read: the skill asks which."""
    said = [v for v in values if v.start >= start]
    if kind_of(reading) != "dca" or len(said) != 1 or said[0].unit != "quote" or said[0].refused:
        return {}
    return {"field": "quote_amount", "quote_amount": said[0].typed}


def made_value(values: Sequence[Value], field: str) -> dict[str, str]:
    """The one value of a field named with no set-to word, in the field's unit or a bare number, as
    after one ("make stacker 25 usdt every buy": 25 usdt; "cap lazy stack at 2000 total": 2000;
    "-25 usdt" refused as typed); none otherwise."""
    if len(values) != 1 or not (values[0].unit == MADE_UNITS[field] or _bare(values[0])):
        return {}
    return {field: values[0].slot if values[0].refused else values[0].typed}


def _bare(value: Value) -> bool:
    """A number with no unit (read as a price, or refused as one: "-2000", "1e9")."""
    return value.kind in ("number", "price", "refused") and value.unit in ("", "price")


def grid_count(values: Sequence[Value]) -> Value | None:
    """The one value of a change, when it is a count of grids or levels ("up to 25 grids", "最多
    30格"): the grid count, whatever cap's word is said before it (a total cap is money)."""
    found = values[0] if len(values) == 1 else None
    return found if found is not None and found.kind == "count" and found.unit == "grid" else None


# The fields whose value is one number (a grid's count, its bounds, a sum, a share).
_VALUED = frozenset(f"strategy.{f}" for f in (*MADE_UNITS, "grids", "lower", "upper"))


def valued_field(reading: Reading, values: Sequence[Value]) -> bool:
    """One of theirs said with a field's word and a value and nothing else but filler, no verb nor
    question ("cap lazy stack at 2000 total", "eth grid: 30 grids pls", "大饼定投总共最多投2000"): that
    field changed. A word more ("大饼定投总共投了2000": told) or a question (吗, "?") changes nothing."""
    if "own.strategy" not in reading.concepts or not values or reading.concepts.isdisjoint(_VALUED):
        return False
    if reading.text.rstrip().endswith(("?", "？")):
        return False
    said = {i for t in reading.tags if _only_said(t.concepts) for i in range(t.start, t.end)}
    said.update(i for v in values for i in range(v.start, v.end))
    return all(i in said or not c.isalnum() for i, c in enumerate(reading.text))


def _only_said(concepts: frozenset[str]) -> bool:
    """Their strategy, a field's word, or a filler (not a whether)."""
    fills = all(c.startswith("filler.") for c in concepts) and "filler.whether" not in concepts
    return "own.strategy" in concepts or not concepts.isdisjoint(_VALUED) or fills


RAISED_TO = "strategy.raised_to"  # "up to" after a change: where it goes ("bump it up to 500u")


def raised_to(reading: Reading) -> Tag | None:
    """ "up to" after the change's verb, a value after it ("bump my btc dca up to 500 usdt",
    "increase my eth grid up to 30 levels"): where the change goes, as "to" is; a field's word
    before it still says which ("raise the cap up to 2000": the total)."""
    change = reading.first("verb.update")
    if change is None:
        return None
    return next(
        (
            t
            for t in reading.tags
            if RAISED_TO in t.concepts
            and t.start >= change.end
            and any(c.isalnum() for c in reading.text[t.end :])
        ),
        None,
    )
