"""The price skill: a coin's current price (best ask) and its last 7 daily closes, with a chart.

Rules read the request (zh + en, /price and /history too); the skill asks for a missing coin
with buttons and answers with validated cards; the planner gets the same data through its fact
tools (get_current_price, get_price_history).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.i18n import Locale, t
from core.markets import MarketCatalog
from core.services import CATALOG, CATALOG_SOURCE, CATALOG_STORE, CHARTS, CLOCK, MARKET, Services
from core.skills.price.intents import INTENTS, SKILL
from core.skills.registry import (
    CommandArg,
    CommandSpec,
    FactTools,
    HelpSpec,
    LazyActions,
    LocalText,
    RuleSpec,
    SkillSpec,
)

if TYPE_CHECKING:
    from core.jobs import JobKind
    from core.planner.tooling import Toolset
    from core.routing.router import Rule
    from core.skills.price.service import PriceService
    from core.skills.price.skill import PriceSkill

# What routing and the registry need is declared here; the skill's implementation (its rule,
# service and cards) is imported when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]


def prices(services: Services) -> PriceService:
    from core.skills.price.service import PriceService

    return PriceService(services.get(MARKET), services.get(CATALOG), services.get(CLOCK))


ACTIONS = LazyActions.at(("current", "history", "both"), "core.skills.price.skill:ACTIONS")


def _build(services: Services) -> PriceSkill:
    from core.skills.price.skill import PriceSkill

    return PriceSkill(ACTIONS, prices(services), services.find(CHARTS))


def _rule(services: Services) -> Rule:
    from core.skills.price.rules import PriceRule

    return PriceRule(services.get(CATALOG))


def _tools(services: Services) -> Toolset:
    from core.skills.price.skill import CHART_TIMEOUT_SECONDS
    from core.skills.price.tools import PriceTools

    return PriceTools(prices(services), services.find(CHARTS), CHART_TIMEOUT_SECONDS)


def _jobs(services: Services) -> list[JobKind]:
    """The daily catalog refresh, where the market has a list to refresh from (not the demo)."""
    source, store = services.find(CATALOG_SOURCE), services.find(CATALOG_STORE)
    if source is None or store is None:
        return []
    from core.skills.price.catalog_refresh import CatalogRefresh

    return [CatalogRefresh(services.get(CATALOG), source, store).kind()]


def _summary(locale: Locale, services: Services) -> str:
    catalog: MarketCatalog = services.get(CATALOG)
    return t(locale, "price.help", count=len(catalog))


_COIN = CommandArg(
    "coin",
    LocalText.of("price.arg.coin.title"),
    LocalText.of("price.arg.coin.description"),
)

SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "price",
            priority=100,  # after every workspace phrasing: "create a BTC agent" names a coin too
            build=_rule,
            emits=frozenset({"current", "history", "both", None}),
        ),
    ),
    actions=ACTIONS,
    default_action="current",  # "那 ETH 呢" with nothing asked before: its price
    help=HelpSpec.of("help.price", _summary),
    commands=(
        CommandSpec(
            "price",
            LocalText.of("cmd.price.title"),
            LocalText.of("cmd.price.description"),
            _COIN,
            order=20,
        ),
        CommandSpec(
            "history",
            LocalText.of("cmd.history.title"),
            LocalText.of("cmd.history.description"),
            _COIN,
            order=30,
        ),
    ),
    jobs=_jobs,
    facts=FactTools(("get_current_price", "get_price_history"), _tools),
)
