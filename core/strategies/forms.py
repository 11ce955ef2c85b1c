"""A strategy's parameters one field at a time, as a conversation fills them.

Slot values are canonical strings ("BTCUSDT", "50", "1d", "BTCUSDT,ETHUSDT"): ``parse_field``
turns what a person typed into one (or refuses it with InvalidParams), ``check_known`` runs the
checks between fields that the values known so far allow (upper above lower, a grid step not
below the tick, an order not below the minimum notional), and ``build`` makes the parameters
once every required field is there. ``fields_of`` is the asking order of a kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Final

from core.markets import MarketCatalog
from core.strategies.intervals import Interval
from core.strategies.params import (
    AI_MIN_SECONDS,
    AiParams,
    DcaParams,
    GridParams,
    InvalidParams,
    Kind,
    StrategyParams,
    check_notes,
    check_symbol,
    parse_amount,
    parse_grids,
    parse_interval_field,
    parse_percent,
    parse_price,
    parse_symbols,
    plain,
    to_json,
    validate,
)

FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "dca": ("symbol", "quote_amount", "interval", "max_total"),
    "grid": ("symbol", "lower", "upper", "grids", "quote_per_grid"),
    "ai": ("symbols", "interval", "max_position_pct", "max_order_notional", "notes"),
}
OPTIONAL: Final = frozenset({"max_total", "notes"})  # never asked: given in the request, or later
NONE: Final = "none"  # an optional field explicitly cleared ("不限", "no cap")
_CLEAR_WORDS = frozenset(
    {"none", "no", "no cap", "no limit", "unlimited", "不限", "无", "没有", "不设", "取消"}
)


def fields_of(kind: str) -> tuple[str, ...]:
    return FIELDS.get(kind, ())


def parse_field(kind: str, field: str, text: str, catalog: MarketCatalog) -> str:
    """The canonical slot value of a typed answer for ``field`` of a ``kind`` strategy."""
    raw = text.strip()
    if field in OPTIONAL and raw.casefold() in _CLEAR_WORDS:
        return NONE
    if field == "symbol":
        return check_symbol(raw, catalog)
    if field == "symbols":
        return ",".join(parse_symbols(raw, catalog))
    if field in ("quote_amount", "max_total", "quote_per_grid", "max_order_notional"):
        return plain(parse_amount(field, raw))
    if field in ("lower", "upper"):
        return plain(parse_price(field, raw))
    if field == "grids":
        return str(parse_grids(raw))
    if field == "interval":
        return parse_interval_field(raw, AI_MIN_SECONDS if kind == "ai" else 60).text
    if field == "max_position_pct":
        return plain(parse_percent(raw))
    if field == "notes":
        return check_notes(raw)
    raise InvalidParams("strategy.bad.missing", field)


def _dec(values: Mapping[str, str], field: str) -> Decimal | None:
    value = values.get(field)
    return Decimal(value) if value and value != NONE else None


def check_known(kind: str, values: Mapping[str, str], catalog: MarketCatalog) -> None:
    """The checks between fields that ``values`` (canonical, possibly partial) allow."""
    if all(f in values for f in fields_of(kind) if f not in OPTIONAL):
        validate(build(kind, values), catalog)
        return
    if kind == "dca":
        amount, total = _dec(values, "quote_amount"), _dec(values, "max_total")
        if amount is not None and values.get("symbol"):
            validate(DcaParams(values["symbol"], amount, Interval.of("1d"), total), catalog)
    elif kind == "grid":
        lower, upper = _dec(values, "lower"), _dec(values, "upper")
        if lower is not None and upper is not None and values.get("symbol"):
            grids = int(values.get("grids") or 2)
            # The amount is not known yet: check the range and the step with a harmless one.
            probe = GridParams(values["symbol"], lower, upper, grids, Decimal(1_000_000))
            validate(probe, catalog)
    elif kind == "ai":
        notional = _dec(values, "max_order_notional")
        if notional is not None and values.get("symbols"):
            probe_ai = AiParams(tuple(values["symbols"].split(",")), Interval.of("1h"), Decimal(1), notional)
            validate(probe_ai, catalog)


def build(kind: str, values: Mapping[str, str]) -> StrategyParams:
    """The parameters from complete canonical values (KeyError when a required one is missing)."""
    if kind == "dca":
        return DcaParams(
            values["symbol"],
            Decimal(values["quote_amount"]),
            Interval.of(values["interval"]),
            _dec(values, "max_total"),
        )
    if kind == "grid":
        return GridParams(
            values["symbol"],
            Decimal(values["lower"]),
            Decimal(values["upper"]),
            int(values["grids"]),
            Decimal(values["quote_per_grid"]),
        )
    if kind == "ai":
        notes = values.get("notes") or ""
        return AiParams(
            tuple(values["symbols"].split(",")),
            Interval.of(values["interval"]),
            Decimal(values["max_position_pct"]),
            Decimal(values["max_order_notional"]),
            "" if notes == NONE else notes,
        )
    raise InvalidParams("strategy.bad.kind")


def values_of(params: StrategyParams) -> dict[str, str]:
    """The canonical values of stored parameters (what an update starts from)."""
    out: dict[str, str] = {}
    for key, value in to_json(params).items():
        if value is None:
            continue
        out[key] = ",".join(value) if isinstance(value, list) else str(value)
    return out


def kind_of(value: str) -> Kind | None:
    return value if value in FIELDS else None  # type: ignore[return-value]
