"""The strategy skill's routing rule: strategy requests read by its own reading (reading.py)."""

from __future__ import annotations

from core.markets import MarketCatalog
from core.routing.router import Route
from core.skills.strategy_management.reading import StrategyReader

SKILL = "strategy_management"
ACTIONS_EMITTED = frozenset({"create", "update", "delete", "activate", "deactivate", "duplicate", "query"})


class StrategyRule:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.reader = StrategyReader(catalog)

    def route(self, text: str) -> Route | None:
        found = self.reader.read(text)
        if found is None:
            return None
        action, slots = found
        return Route(SKILL, action, slots)
