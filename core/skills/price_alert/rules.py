"""The price alert skill's routing rules: its own command (/alert) and typed requests."""

from __future__ import annotations

import copy
from typing import Any
from weakref import WeakKeyDictionary

from core.markets import MarketCatalog
from core.routing.router import Route
from core.skills.price_alert.reading import Action, AlertReading, read_alert
from core.workspace.trade_reading import CoinNames

SKILL = "price_alert"
ACTIONS_EMITTED = frozenset({"create", "query", "delete"})


class AlertReader:
    """``read_alert`` with the last message's reading kept. The skill's three rules (list, delete,
    create: one each, for their priorities) read a message in turn, and each read it whole: an
    alert being set was read three times, the slowest messages the router sees (its p99). The
    reading depends on the text and the catalog's coins only, so it is kept for the same text while
    the catalog's list is the same (``MarketCatalog.version``)."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.coins = CoinNames(catalog)
        self.reads = 0  # messages read, not served from the kept one
        self._last: tuple[str, int, AlertReading | None] | None = None

    def read(self, text: str) -> AlertReading | None:
        version = self.coins.catalog.version
        last = self._last
        if last is not None and last[0] == text and last[1] == version:
            return last[2]
        found = read_alert(text, self.coins)
        self.reads += 1
        self._last = (text, version, found)
        return found


_READERS: WeakKeyDictionary[MarketCatalog, AlertReader] = WeakKeyDictionary()


def reader_for(catalog: MarketCatalog) -> AlertReader:
    """The one reader the rules over ``catalog`` share."""
    found = _READERS.get(catalog)
    if found is None:
        found = _READERS[catalog] = AlertReader(catalog)
    return found


def _own(slots: dict[str, Any]) -> dict[str, Any]:
    """The route's own slots: a kept reading's lists and dicts are not handed out to be changed."""
    return {k: copy.deepcopy(v) if isinstance(v, (list, dict)) else v for k, v in slots.items()}


class AlertRule:
    """Routes the readings of one kind (create, query or delete), so each has its own priority."""

    def __init__(self, catalog: MarketCatalog, actions: frozenset[Action]) -> None:
        self.reader = reader_for(catalog)
        self.actions = actions

    def route(self, text: str) -> Route | None:
        reading = self.reader.read(text)
        if reading is None or reading.action not in self.actions:
            return None
        return Route(SKILL, reading.action, _own(reading.slots))
