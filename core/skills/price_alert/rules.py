"""The price alert skill's routing rule: its own command (/alert) and typed requests, each read
once (core.skills.price_alert.reading) into the one action it asks for (create, query, delete)."""

from __future__ import annotations

from core.markets import MarketCatalog
from core.routing.router import Route
from core.skills.price_alert.reading import read_alert
from core.workspace.trade_reading import CoinNames

SKILL = "price_alert"


class AlertRule:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinNames(catalog)

    def route(self, text: str) -> Route | None:
        found = read_alert(text, self.coins)
        return None if found is None else Route(SKILL, *found)
