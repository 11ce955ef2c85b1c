"""The rule router: the first rule that recognises a message decides its route."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from core.markets import MarketCatalog
from core.routing.coins import CoinFinder
from core.routing.price_rules import PriceRules


@dataclass(frozen=True, slots=True)
class Route:
    skill: str
    action: str | None  # None only for a bare follow-up ("那 ETH 呢"): context decides
    slots: dict[str, Any] = field(default_factory=dict)
    followup: bool = False  # True: this message only fills or varies the current context


class Rule(Protocol):
    def route(self, text: str) -> Route | None: ...


class PriceRule:
    def __init__(self, catalog: MarketCatalog) -> None:
        self.rules = PriceRules(CoinFinder(catalog))

    def route(self, text: str) -> Route | None:
        intent = self.rules.match(text)
        if intent is None:
            return None
        slots: dict[str, Any] = {"symbols": list(intent.symbols)}
        if intent.notes:
            slots["notes"] = list(intent.notes)
        return Route("price", intent.action, slots, followup=intent.followup)


class Router:
    """Rules in priority order: specific workspace phrasings come before the price rule,
    since "create a BTC agent" names a coin but is not a price request."""

    def __init__(self, rules: list[Rule]) -> None:
        self.rules = rules

    def route(self, text: str) -> Route | None:
        for rule in self.rules:
            found = rule.route(text)
            if found is not None:
                return found
        return None
