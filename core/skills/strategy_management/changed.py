"""A strategy's change read from its values with no field's word before them (the strategy reader's,
core/skills/strategy_management/reading.py): a DCA's money ("bump my btc dca to 500 usdt"), a
field's value said beside its word with no set-to word ("make stacker 25 usdt every buy", "make eth
ladder 30 grids instead"), a grid count ("up to 25 grids")."""

from __future__ import annotations

from collections.abc import Sequence

from core.language.tagger import Reading
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
    """The one value of a field named with no set-to word, in the field's unit ("make stacker 25
    usdt every buy": 25 usdt; "-25 usdt" refused as typed); none otherwise."""
    if len(values) != 1 or values[0].unit != MADE_UNITS[field]:
        return {}
    return {field: values[0].slot if values[0].refused else values[0].typed}


def grid_count(values: Sequence[Value]) -> Value | None:
    """The one value of a change, when it is a count of grids or levels ("up to 25 grids", "最多
    30格"): the grid count, whatever cap's word is said before it (a total cap is money)."""
    found = values[0] if len(values) == 1 else None
    return found if found is not None and found.kind == "count" and found.unit == "grid" else None
