"""Strategies: what a trader does, as data. This package is the contract the trader runtime uses.

- ``params``: the three kinds (``DcaParams``, ``GridParams``, ``AiParams``), all Decimal, their
  field parsers, ``validate(params, catalog)`` against the symbols' filters, ``grid_levels`` and
  ``grid_quantity`` (what a grid trades at each level), and the stored JSON form;
  ``InvalidParams.message(locale)`` says why a parameter is refused (zh + en).
- ``intervals``: ``Interval`` ("1h", "1d"; ``.seconds``, ``.delta``), ``parse_interval`` for a
  typed answer and ``find_interval`` for a sentence ("每天买50U" -> 1d).
- ``model``: the ``Strategy`` record, ``NewStrategy`` / ``StrategyChanges`` and the
  ``StrategyStore`` port (services key ``STRATEGIES``): owned / get / get_by_name / default /
  create / update / delete / set_default / traders_using. Names are unique per owner; one default
  per owner; delete is refused (InUse) while a trader uses the strategy.

A trader reads its strategy with ``store.get(owner, strategy_id)`` at each tick and acts on
``strategy.params`` (dispatch on ``strategy.kind``); it never writes strategies.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.strategies.intervals import Interval, find_interval, parse_interval
    from core.strategies.model import STRATEGIES, NewStrategy, Strategy, StrategyChanges, StrategyStore
    from core.strategies.params import (
        KINDS,
        AiParams,
        DcaParams,
        GridParams,
        InvalidParams,
        Kind,
        StrategyParams,
        from_json,
        grid_levels,
        grid_quantity,
        to_json,
        validate,
    )

__all__ = [
    "KINDS",
    "STRATEGIES",
    "AiParams",
    "DcaParams",
    "GridParams",
    "Interval",
    "InvalidParams",
    "Kind",
    "NewStrategy",
    "Strategy",
    "StrategyChanges",
    "StrategyParams",
    "StrategyStore",
    "find_interval",
    "from_json",
    "grid_levels",
    "grid_quantity",
    "parse_interval",
    "to_json",
    "validate",
]

# Each name is imported from its module when first asked for: reading "每天" as an interval (the
# language layer) loads ``intervals`` alone, not the parameters' and records' models.
_FROM = {
    **dict.fromkeys(("Interval", "find_interval", "parse_interval"), "intervals"),
    **dict.fromkeys(("STRATEGIES", "NewStrategy", "Strategy", "StrategyChanges", "StrategyStore"), "model"),
}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_FROM.get(name, 'params')}"), name)
    globals()[name] = value
    return value
