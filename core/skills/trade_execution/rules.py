"""The trade skill's routing rule: buy / sell requests read by core.workspace.trade_reading."""

from __future__ import annotations

from core.markets import MarketCatalog
from core.routing.router import Route
from core.workspace.trade_reading import CoinNames, read_trade

SKILL = "trade_execution"
ACTIONS_EMITTED = frozenset({"buy", "sell", "limit"})


class TradeRule:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        reading = read_trade(text, self.coins)
        if reading is None or reading.kind != "trade":
            return None
        return Route(SKILL, reading.action, reading.slots)
