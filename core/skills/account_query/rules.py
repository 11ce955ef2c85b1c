"""The account question rule: balance, positions, trades, the most one can buy."""

from __future__ import annotations

from core.markets import MarketCatalog
from core.routing.router import Route
from core.workspace.trade_reading import CoinNames, read_trade

SKILL = "account_query"
ACTIONS_EMITTED = frozenset({"balance", "positions", "trades", "max_buy"})


class AccountQueryRule:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        reading = read_trade(text, self.coins)
        if reading is None or reading.kind != "query":
            return None
        return Route(SKILL, reading.action, reading.slots)
