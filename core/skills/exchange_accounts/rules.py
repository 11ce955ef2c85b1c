"""The exchange account skill's routing rule: the workspace readings about exchange accounts."""

from __future__ import annotations

from core.routing.router import Route
from core.workspace.reading import read

SKILL = "exchange_management"
ACTIONS_EMITTED = frozenset({"create", "update", "delete", "query"})


class ExchangeAccountRule:
    def route(self, text: str) -> Route | None:
        reading = read(text)
        if reading is None or reading.problem or reading.domain != "exchange":
            return None
        return Route(SKILL, reading.action, reading.slots)
