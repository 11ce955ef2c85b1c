"""The price alert skill's routing rules: its own command (/alert) and typed requests."""

from __future__ import annotations

from core.markets import MarketCatalog
from core.routing.router import Route
from core.skills.price_alert.reading import Action, read_alert
from core.workspace.trade_reading import CoinNames

SKILL = "price_alert"
ACTIONS_EMITTED = frozenset({"create", "query", "delete"})


class AlertRule:
    """Routes the readings of one kind (create, query or delete), so each has its own priority."""

    def __init__(self, catalog: MarketCatalog, actions: frozenset[Action]) -> None:
        self.coins = CoinNames(catalog)
        self.actions = actions

    def route(self, text: str) -> Route | None:
        reading = read_alert(text, self.coins)
        if reading is None or reading.action not in self.actions:
            return None
        return Route(SKILL, reading.action, dict(reading.slots))
