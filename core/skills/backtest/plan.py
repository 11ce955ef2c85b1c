"""What to backtest: a saved strategy (by name, by kind and coin, the conversation's) or the
parameters given inline, checked like a strategy's own (core.strategies.params); and the window.

Inline parameters are never saved here: the ▶ button saves them when pressed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, Final

from core.backtest.model import DAILY, DEFAULT_INTERVAL, INTERVALS, Window, window_before
from core.language.values import refusal_in
from core.markets import MarketCatalog
from core.strategies import AiParams, DcaParams, GridParams, Strategy, StrategyParams
from core.strategies.intervals import Interval
from core.strategies.params import (
    InvalidParams,
    from_json,
    parse_amount,
    parse_grids,
    parse_interval_field,
    parse_price,
    to_json,
    validate,
)

DEFAULT_DAYS: Final = 90
DEFAULT_AI_DAYS: Final = 7  # an ai strategy's window when none is said: every decision is a model call
MAX_DAYS: Final = 1000
DEFAULT_GRIDS: Final = 10
DEFAULT_PER_GRID: Final = Decimal(100)
_UNIT_DAYS: Final = {"d": 1, "w": 7, "mo": 30}


class Unclear(Exception):
    """What to backtest cannot be told: ``key`` is the reply text, ``params`` its values."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class Plan:
    params: DcaParams | GridParams | AiParams
    strategy: Strategy | None  # the saved one; None: inline
    assumed: tuple[str, ...]  # reply keys of defaults taken ("backtest.assumed.grids")
    days: int
    interval: str

    @property
    def symbol(self) -> str:
        p = self.params
        return p.symbols[0] if isinstance(p, AiParams) else p.symbol

    def window(self, now: datetime) -> Window:
        return window_before(self.symbol, self.interval, now, self.days)

    def as_slots(self) -> dict[str, Any]:
        """The plan as route slots (a button's payload): the saved name, else the parameters."""
        slots: dict[str, Any] = {"days": f"{self.days}d", "candles": self.interval}
        if self.strategy is not None:
            slots["strategy"] = self.strategy.name
        else:
            slots["inline"] = {"kind": self.params.kind, **to_json(self.params)}
        return slots


def inline_params(
    slots: Mapping[str, Any], catalog: MarketCatalog
) -> tuple[StrategyParams, list[str]] | None:
    """The strategy the slots spell out, checked; None when they do not give a whole one."""
    given = slots.get("inline")
    if isinstance(given, dict):  # a button's payload: stored form
        stored = str(given.get("kind", ""))
        return validate(from_json(stored, {k: v for k, v in given.items() if k != "kind"}), catalog), []
    kind, symbol = slots.get("kind"), slots.get("symbol")
    if symbol is None or kind not in ("dca", "grid"):
        return None
    assumed: list[str] = []
    if kind == "dca":
        if "amount" not in slots:
            return None
        interval = parse_interval_field(str(slots["interval"])) if "interval" in slots else Interval.of("1d")
        if "interval" not in slots:
            assumed.append("backtest.assumed.interval")
        params: StrategyParams = DcaParams(
            str(symbol), parse_amount("quote_amount", str(slots["amount"])), interval
        )
    else:
        if "lower" not in slots or "upper" not in slots:
            return None
        grids = parse_grids(str(slots["grids"])) if "grids" in slots else DEFAULT_GRIDS
        per = parse_amount("quote_per_grid", str(slots["amount"])) if "amount" in slots else DEFAULT_PER_GRID
        if "grids" not in slots:
            assumed.append("backtest.assumed.grids")
        if "amount" not in slots:
            assumed.append("backtest.assumed.per_grid")
        lower, upper = parse_price("lower", str(slots["lower"])), parse_price("upper", str(slots["upper"]))
        params = GridParams(str(symbol), lower, upper, grids, per)
    return validate(params, catalog), assumed


def window_days(slots: Mapping[str, Any], default: int = DEFAULT_DAYS) -> int:
    """The window's days ("90d", "2w", "3mo"); ``default`` when none was said."""
    text = str(slots.get("days", ""))
    if not text:
        return default
    if text.startswith("refused:"):
        raise InvalidParams("backtest.bad.days", "", value=text.rpartition(":")[2])
    unit = next((u for u in ("mo", "d", "w") if text.endswith(u)), None)
    number = text[: -len(unit)] if unit else ""
    if unit is None or not number.isdigit():
        raise InvalidParams("backtest.bad.days", "", value=text)
    days = int(number) * _UNIT_DAYS[unit]
    if not 1 <= days <= MAX_DAYS:
        raise InvalidParams("backtest.bad.days", "", value=text)
    return days


def candle_interval(slots: Mapping[str, Any], params: DcaParams | GridParams | AiParams) -> str:
    """The candles asked for ("1h candles"), else an ai strategy's own decision interval when it
    is a kline interval, 1d for a dca (or ai) deciding daily or less often, 1h."""
    asked = str(slots.get("candles", ""))
    refused = refusal_in(asked)
    if refused is not None:  # "-1h candles": refused quoting it, never its marker said back
        raise InvalidParams(f"value.refused.{refused[0]}", "", typed=refused[1])
    if asked:
        if asked not in INTERVALS:
            raise InvalidParams("backtest.bad.candles", "", value=asked, allowed=", ".join(INTERVALS))
        return asked
    if isinstance(params, AiParams) and params.interval.text in INTERVALS:
        return params.interval.text
    if isinstance(params, DcaParams | AiParams) and params.interval.seconds >= INTERVALS[DAILY]:
        return DAILY
    return DEFAULT_INTERVAL
