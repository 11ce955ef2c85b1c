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
        reading = read_trade(text, self.coins)
        if reading is None or reading.kind != "trade":
            return None
        return Route(SKILL, reading.action, reading.slots)

    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        """The order read from its text; the account named by the person's own account name
        when the words around it did not ("用测试买0.01 btc": their account 测试)."""
        found = self.route(reading.norm.original)
        own = reading.first("own.account")
        if found is None or own is None or "target_ref" in found.slots:
            return found
        return Route(SKILL, found.action, {**found.slots, "target_ref": {"name": own.value}})
