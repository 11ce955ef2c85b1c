"""The trade skill's routing rule: buy / sell requests read by core.workspace.trade_reading."""

from __future__ import annotations

from core.language.tagger import Reading
from core.markets import MarketCatalog
from core.routing.router import Route, RouteContext
from core.workspace.trade_reading import CoinNames, read_trade

SKILL = "trade_execution"
ACTIONS_EMITTED = frozenset({"buy", "sell", "limit"})


class TradeRule:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        return self._route(text, None)

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        """The order read with the person's record names (an account of theirs named alone)."""
        return self._route(reading.norm.original, reading)

    def _route(self, text: str, names: Reading | None) -> Route | None:
        reading = read_trade(text, self.coins, names)
        if reading is None or reading.kind != "trade":
            return None
        return Route(SKILL, reading.action, reading.slots)
