"""The three kinds of strategy and their parameters: typed, Decimal, validated.

- ``dca``: buy ``quote_amount`` USDT of ``symbol`` every ``interval``, until ``max_total`` (if set)
  has been spent.
- ``grid``: ``grids`` equal steps between ``lower`` and ``upper`` on ``symbol``, ``quote_per_grid``
  USDT bought at a level and sold one level up. Checked against the symbol's filters: a step below
  the tick size, or a level whose order falls below the minimum quantity or notional, is refused.
- ``ai``: a model decides every ``interval`` on ``symbols``, guided by ``notes``, within two risk
  limits: a position at most ``max_position_pct`` % of equity, an order at most
  ``max_order_notional`` USDT.

A parameter that is wrong raises InvalidParams with a message key, the field and the numbers that
explain it; ``InvalidParams.message(locale)`` is the sentence a user reads. Field parsers take
what a person types ("50U", "每天", "3,000"); ``validate`` checks a whole set against the catalog.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar, Final, Literal, TypeAlias, get_args

from core.i18n import Locale, t
from core.language.picks import sole_value
from core.language.values import find_values, refusal_in
from core.markets import MarketCatalog, SymbolRules, rules_key
from core.strategies.intervals import MAX_SECONDS, MIN_SECONDS, Interval, parse_interval, refused_of
from core.trading.sizing import floor_to_step

Kind: TypeAlias = Literal["dca", "grid", "ai"]
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)

MAX_AMOUNT: Final = Decimal(1_000_000)  # USDT: anything above is a typo, not a plan
MAX_PRICE: Final = Decimal(100_000_000)
AMOUNT_PLACES: Final = 8
MIN_GRIDS: Final = 2
MAX_GRIDS: Final = 200
MAX_AI_SYMBOLS: Final = 5
MAX_NOTES: Final = 500
AI_MIN_SECONDS: Final = 5 * 60  # a model asked more often than every 5 minutes only burns tokens


class InvalidParams(ValueError):
    """A refused parameter: the message key, the field it concerns, the numbers that explain it."""

    def __init__(self, code: str, field: str = "", **params: object) -> None:
        super().__init__(f"{code} {field} {params}")
        self.code = code
        self.field = field
        self.params = params

    def message(self, locale: Locale) -> str:
        field = t(locale, f"strategy.field.{self.field}") if self.field else ""
        return t(locale, self.code, field=field, **self.params)


@dataclass(frozen=True, slots=True)
class DcaParams:
    symbol: str
    quote_amount: Decimal
    interval: Interval
    max_total: Decimal | None = None

    kind: ClassVar[Literal["dca"]] = "dca"

    @property
    def symbols(self) -> tuple[str, ...]:
        return (self.symbol,)


@dataclass(frozen=True, slots=True)
class GridParams:
    symbol: str
    lower: Decimal
    upper: Decimal
    grids: int
    quote_per_grid: Decimal

    kind: ClassVar[Literal["grid"]] = "grid"

    @property
    def symbols(self) -> tuple[str, ...]:
        return (self.symbol,)

    @property
    def step(self) -> Decimal:
        return (self.upper - self.lower) / self.grids


@dataclass(frozen=True, slots=True)
class AiParams:
    symbols: tuple[str, ...]
    interval: Interval
    max_position_pct: Decimal
    max_order_notional: Decimal
    notes: str = ""

    kind: ClassVar[Literal["ai"]] = "ai"


StrategyParams: TypeAlias = DcaParams | GridParams | AiParams


# -- one field at a time (what a person types) ----------------------------------------------------


def plain(value: Decimal) -> str:
    """A Decimal as people write it: no exponent, no trailing zeros ("50", "0.01")."""
    text = format(value.normalize(), "f")
    return text


def parse_decimal(field: str, text: str) -> Decimal:
    """A number from what a person typed, read by the one value grammar (core.language.values):
    "50", "50U", "3,000", "100 USDT", "1.5k", "一百", "20%", "20格". A value not read exactly
    ("-50", "1e9", "0,5", two numbers) is refused quoting it; zero and the bounds are checked
    by the caller."""
    refusal = refusal_in(text.strip())
    if refusal is not None:
        raise InvalidParams(f"value.refused.{refusal[0]}", field, typed=refusal[1])
    value = sole_value(text, ("number", "amount", "price", "percent", "count"))
    if value is None or (value.kind == "amount" and value.unit != "quote"):
        raise InvalidParams("strategy.bad.number", field, value=text.strip())
    if value.refused:
        raise InvalidParams(f"value.refused.{value.reason}", field, typed=value.typed)
    return value.number


def check_amount(field: str, value: Decimal, maximum: Decimal = MAX_AMOUNT) -> Decimal:
    """A USDT amount: above zero, at most ``maximum``, at most 8 decimal places."""
    if value <= 0:
        raise InvalidParams("strategy.bad.positive", field, value=plain(value))
    if value > maximum:
        raise InvalidParams("strategy.bad.too_large", field, value=plain(value), max=plain(maximum))
    exponent = value.normalize().as_tuple().exponent
    if isinstance(exponent, int) and -exponent > AMOUNT_PLACES:
        raise InvalidParams("strategy.bad.places", field, value=plain(value), places=AMOUNT_PLACES)
    return value.normalize()


def parse_amount(field: str, text: str, maximum: Decimal = MAX_AMOUNT) -> Decimal:
    return check_amount(field, parse_decimal(field, text), maximum)


def parse_price(field: str, text: str) -> Decimal:
    return check_amount(field, parse_decimal(field, text), MAX_PRICE)


def check_grids(value: Decimal | int) -> int:
    if isinstance(value, Decimal) and value != value.to_integral_value():
        raise InvalidParams("strategy.bad.grids", "grids", value=plain(value), min=MIN_GRIDS, max=MAX_GRIDS)
    count = int(value)
    if not MIN_GRIDS <= count <= MAX_GRIDS:
        raise InvalidParams("strategy.bad.grids", "grids", value=count, min=MIN_GRIDS, max=MAX_GRIDS)
    return count


def parse_grids(text: str) -> int:
    return check_grids(parse_decimal("grids", text))


def check_percent(value: Decimal) -> Decimal:
    if not Decimal(0) < value <= Decimal(100):
        raise InvalidParams("strategy.bad.percent", "max_position_pct", value=plain(value))
    return check_amount("max_position_pct", value, Decimal(100))


def parse_percent(text: str) -> Decimal:
    """A share of equity in percent: "20", "20%" (20 %)."""
    return check_percent(parse_decimal("max_position_pct", text))


def check_interval(value: Interval, minimum: int = MIN_SECONDS) -> Interval:
    if not minimum <= value.seconds <= MAX_SECONDS:
        raise InvalidParams(
            "strategy.bad.interval_range",
            "interval",
            value=value.text,
            min=_duration(minimum),
            max=_duration(MAX_SECONDS),
        )
    return value


def parse_interval_field(text: str, minimum: int = MIN_SECONDS) -> Interval:
    refused = refusal_in(text.strip()) or refused_of(find_values(text))
    if refused is not None:  # "every -2 days": refused quoting it, not asked as if unsaid
        reason, typed = refused if isinstance(refused, tuple) else (refused.reason, refused.typed)
        raise InvalidParams(f"value.refused.{reason}", "interval", typed=typed)
    found = parse_interval(text)
    if found is None:
        raise InvalidParams("strategy.bad.interval", "interval", value=text.strip())
    return check_interval(found, minimum)


def _duration(seconds: int) -> str:
    for unit, size in (("w", 604800), ("d", 86400), ("h", 3600), ("m", 60)):
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"  # pragma: no cover - the bounds are whole minutes


def check_symbol(name: str, catalog: MarketCatalog) -> str:
    """The supported symbol a name means ("btc", "以太坊", "SOLUSDT"); refused otherwise."""
    symbol = catalog.resolve(name.strip())
    if symbol is None or not catalog.is_supported(symbol):
        raise InvalidParams(
            "strategy.bad.symbol", "symbol", value=name.strip(), supported=catalog.supported_bases()
        )
    return symbol


_SEPARATORS = re.compile(r"[\s,，、/;；]+|(?<![a-z])and(?![a-z])|和|与|跟")


def parse_symbols(text: str, catalog: MarketCatalog) -> tuple[str, ...]:
    """Several coins: "BTC, ETH", "btc和eth", "BTC ETH SOL" (each once, in order)."""
    found: list[str] = []
    for part in _SEPARATORS.split(unicodedata.normalize("NFKC", text).casefold()):
        if part.strip():
            symbol = check_symbol(part, catalog)
            if symbol not in found:
                found.append(symbol)
    return check_symbol_count(tuple(found))


def check_symbol_count(symbols: tuple[str, ...]) -> tuple[str, ...]:
    if not 1 <= len(symbols) <= MAX_AI_SYMBOLS:
        raise InvalidParams("strategy.bad.symbols_count", "symbols", count=len(symbols), max=MAX_AI_SYMBOLS)
    return symbols


def check_notes(text: str) -> str:
    notes = " ".join(unicodedata.normalize("NFKC", text).split())
    if len(notes) > MAX_NOTES:
        raise InvalidParams("strategy.bad.notes", "notes", count=len(notes), max=MAX_NOTES)
    return notes


# -- a whole set ----------------------------------------------------------------------------------


def grid_levels(params: GridParams, rules: SymbolRules) -> tuple[Decimal, ...]:
    """The ``grids + 1`` price levels from lower to upper, each down to the tick size."""
    inner = [floor_to_step(params.lower + params.step * i, rules.tick_size) for i in range(params.grids)]
    return (*inner, floor_to_step(params.upper, rules.tick_size))


def grid_quantity(params: GridParams, price: Decimal, rules: SymbolRules) -> Decimal:
    """What one grid's order buys at ``price``: its quote over the price, down to the step size."""
    return floor_to_step(params.quote_per_grid / price, rules.step_size)


def validate(params: StrategyParams, catalog: MarketCatalog) -> StrategyParams:
    """The whole set checked (symbols supported, bounds, the symbol's filters); returns it."""
    for symbol in params.symbols:
        check_symbol(symbol, catalog)
    if isinstance(params, DcaParams):
        _validate_dca(params, catalog)
    elif isinstance(params, GridParams):
        _validate_grid(params, catalog)
    else:
        _validate_ai(params, catalog)
    return params


def _min_notional(field: str, amount: Decimal, symbol: str, catalog: MarketCatalog) -> None:
    rules = catalog.rules(symbol)
    if rules is not None and amount < rules.min_notional:
        raise InvalidParams(
            rules_key("strategy.bad.min_notional", rules),
            field,
            value=plain(amount),
            symbol=catalog.base_of(symbol),
            min=plain(rules.min_notional),
        )


def _validate_dca(p: DcaParams, catalog: MarketCatalog) -> None:
    check_amount("quote_amount", p.quote_amount)
    check_interval(p.interval)
    _min_notional("quote_amount", p.quote_amount, p.symbol, catalog)
    if p.max_total is not None:
        check_amount("max_total", p.max_total, MAX_AMOUNT * 1000)
        if p.max_total < p.quote_amount:
            raise InvalidParams(
                "strategy.bad.max_total", "max_total", value=plain(p.max_total), amount=plain(p.quote_amount)
            )


def _validate_grid(p: GridParams, catalog: MarketCatalog) -> None:
    check_amount("lower", p.lower, MAX_PRICE)
    check_amount("upper", p.upper, MAX_PRICE)
    check_grids(p.grids)
    check_amount("quote_per_grid", p.quote_per_grid)
    if p.upper <= p.lower:
        raise InvalidParams("strategy.bad.range", "upper", lower=plain(p.lower), upper=plain(p.upper))
    base = catalog.base_of(p.symbol)
    rules = catalog.rules(p.symbol)
    if rules is None:
        raise InvalidParams("strategy.bad.no_rules", "symbol", symbol=base)
    if p.step < rules.tick_size:
        raise InvalidParams(
            rules_key("strategy.bad.grid_tick", rules),
            "grids",
            step=plain(p.step),
            tick=plain(rules.tick_size),
            symbol=base,
        )
    _min_notional("quote_per_grid", p.quote_per_grid, p.symbol, catalog)
    for price in grid_levels(p, rules)[:-1]:  # every level a grid buys at
        quantity = grid_quantity(p, price, rules)
        numbers = {"price": plain(price), "quote": plain(p.quote_per_grid), "symbol": base}
        if quantity < rules.min_qty:
            raise InvalidParams(
                rules_key("strategy.bad.grid_quantity", rules),
                "quote_per_grid",
                quantity=plain(quantity),
                min=plain(rules.min_qty),
                **numbers,
            )
        if quantity * price < rules.min_notional:
            raise InvalidParams(
                rules_key("strategy.bad.grid_notional", rules),
                "quote_per_grid",
                quantity=plain(quantity),
                notional=plain(quantity * price),
                min=plain(rules.min_notional),
                **numbers,
            )


def _validate_ai(p: AiParams, catalog: MarketCatalog) -> None:
    check_symbol_count(p.symbols)
    check_interval(p.interval, AI_MIN_SECONDS)
    check_percent(p.max_position_pct)
    check_amount("max_order_notional", p.max_order_notional)
    for symbol in p.symbols:
        _min_notional("max_order_notional", p.max_order_notional, symbol, catalog)
    check_notes(p.notes)


# -- stored form ---------------------------------------------------------------------------------


def to_json(params: StrategyParams) -> dict[str, Any]:
    """The stored form: strings for every Decimal and interval, so nothing passes through float."""
    if isinstance(params, DcaParams):
        return {
            "symbol": params.symbol,
            "quote_amount": plain(params.quote_amount),
            "interval": params.interval.text,
            "max_total": plain(params.max_total) if params.max_total is not None else None,
        }
    if isinstance(params, GridParams):
        return {
            "symbol": params.symbol,
            "lower": plain(params.lower),
            "upper": plain(params.upper),
            "grids": params.grids,
            "quote_per_grid": plain(params.quote_per_grid),
        }
    return {
        "symbols": list(params.symbols),
        "interval": params.interval.text,
        "max_position_pct": plain(params.max_position_pct),
        "max_order_notional": plain(params.max_order_notional),
        "notes": params.notes,
    }


def from_json(kind: str, data: Mapping[str, Any]) -> StrategyParams:
    """The parameters of a stored strategy (as stored: not re-validated against today's catalog).
    ValueError when the kind is unknown or a field is missing or malformed."""
    try:
        if kind == "dca":
            total = data.get("max_total")
            return DcaParams(
                symbol=str(data["symbol"]),
                quote_amount=Decimal(str(data["quote_amount"])),
                interval=Interval.of(str(data["interval"])),
                max_total=Decimal(str(total)) if total is not None else None,
            )
        if kind == "grid":
            return GridParams(
                symbol=str(data["symbol"]),
                lower=Decimal(str(data["lower"])),
                upper=Decimal(str(data["upper"])),
                grids=int(data["grids"]),
                quote_per_grid=Decimal(str(data["quote_per_grid"])),
            )
        if kind == "ai":
            return AiParams(
                symbols=tuple(str(s) for s in data["symbols"]),
                interval=Interval.of(str(data["interval"])),
                max_position_pct=Decimal(str(data["max_position_pct"])),
                max_order_notional=Decimal(str(data["max_order_notional"])),
                notes=str(data.get("notes") or ""),
            )
    except (KeyError, TypeError, InvalidOperation) as exc:
        raise ValueError(f"malformed {kind} parameters: {exc!r}") from None
    raise ValueError(f"unknown strategy kind {kind!r}")
