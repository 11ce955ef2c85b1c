"""How the strategy skill shows a strategy: its rows, its one-line summary, values as people read
them ("50 USDT", "每天", "BTC, ETH", "20%")."""

from __future__ import annotations

from core.markets import MarketCatalog
from core.strategies import forms
from core.strategies.intervals import Interval
from core.strategies.model import Strategy
from core.strategies.params import AiParams, DcaParams, GridParams, grid_levels, plain
from core.turn import Turn

_USDT_FIELDS = frozenset(
    {"quote_amount", "max_total", "quote_per_grid", "max_order_notional", "lower", "upper"}
)


def label(text: str) -> str:
    """A field's name as a row label: "Amount per buy" (the sentences use it lower-case)."""
    return text[:1].upper() + text[1:]


def describe_interval(turn: Turn, interval: Interval) -> str:
    if interval.count == 1:
        return turn.t(f"strategy.sm.every_one.{interval.unit}")
    unit = turn.t(f"strategy.sm.unit.{interval.unit}")
    return turn.t("strategy.sm.every", count=interval.count, unit=unit)


def shown(turn: Turn, catalog: MarketCatalog, field: str, value: str) -> str:
    """A canonical slot value as people read it."""
    if value == forms.NONE:
        return turn.t("strategy.sm.no_cap")
    if field in _USDT_FIELDS:
        return f"{value} USDT"
    if field == "interval":
        return describe_interval(turn, Interval.of(value))
    if field == "symbol":
        return catalog.base_of(value)
    if field == "symbols":
        return ", ".join(catalog.base_of(s) for s in value.split(","))
    if field == "max_position_pct":
        return f"{value}%"
    return value


def rows(turn: Turn, catalog: MarketCatalog, rec: Strategy) -> tuple[tuple[str, str], ...]:
    """Every setting of a strategy, the grid's step, and whether it is the default one."""
    out = [
        (turn.t("ws.field.name"), rec.name),
        (turn.t("strategy.sm.field.kind"), turn.t(f"strategy.kind.{rec.kind}")),
    ]
    for field, value in forms.values_of(rec.params).items():
        if field in forms.OPTIONAL and not value:
            continue
        out.append((label(turn.t(f"strategy.field.{field}")), shown(turn, catalog, field, value)))
    if isinstance(rec.params, GridParams):
        rules = catalog.rules(rec.params.symbol)
        if rules is not None:
            levels = grid_levels(rec.params, rules)
            out.append((turn.t("strategy.sm.field.levels"), f"≈ {plain(levels[1] - levels[0])} USDT"))
    yes = turn.t("strategy.sm.yes" if rec.is_default else "strategy.sm.no")
    out.append((turn.t("strategy.sm.field.default"), yes))
    return tuple(out)


def line(turn: Turn, catalog: MarketCatalog, rec: Strategy) -> str:
    """One strategy in a list: "DCA · BTC · 50 USDT · daily · ★ default"."""
    p = rec.params
    parts = [turn.t(f"strategy.kind.{rec.kind}"), "/".join(catalog.base_of(s) for s in rec.symbols)]
    if isinstance(p, DcaParams):
        parts += [f"{plain(p.quote_amount)} USDT", describe_interval(turn, p.interval)]
    elif isinstance(p, GridParams):
        grids = turn.t("strategy.sm.grids_short", grids=p.grids, quote=plain(p.quote_per_grid))
        parts += [f"{plain(p.lower)}–{plain(p.upper)} USDT", grids]
    elif isinstance(p, AiParams):
        limits = turn.t(
            "strategy.sm.ai_limits", pct=plain(p.max_position_pct), cap=plain(p.max_order_notional)
        )
        parts += [describe_interval(turn, p.interval), limits]
    if rec.is_default:
        parts.append(f"★ {turn.t('strategy.sm.default')}")
    return " · ".join(parts)
