"""The strategy skill (strategy_management): create, change, delete, activate, deactivate, copy and
list strategies (core.strategies: dca, grid, ai), in a private chat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.markets import MarketCatalog
from core.services import CATALOG, Services
from core.skills.registry import HelpSpec, LazyActions, RuleSpec, SkillSpec
from core.skills.strategy_management.intents import INTENTS, SKILL
from core.skills.strategy_management.tools import STRATEGY_TASK

if TYPE_CHECKING:
    from core.routing.router import Rule
    from core.skills.strategy_management.skill import StrategySkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]
_ACTIONS = ("create", "update", "delete", "activate", "deactivate", "duplicate", "query")


ACTIONS = LazyActions.at(_ACTIONS, "core.skills.strategy_management.actions:ACTIONS")


def _catalog(services: Services) -> MarketCatalog:
    return services.find(CATALOG) or MarketCatalog()


def _build(services: Services) -> StrategySkill:
    from core.secrets import SECRET_BOX
    from core.services import CLOCK
    from core.skills.strategy_management.skill import StrategySkill
    from core.strategies import STRATEGIES
    from core.tasks.audit import AUDIT_LOG

    return StrategySkill(
        ACTIONS,
        services.get(STRATEGIES),
        _catalog(services),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
    )


def _rule(services: Services) -> Rule:
    from core.skills.strategy_management.reading import StrategyReader

    return StrategyReader(_catalog(services))


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(RuleSpec("strategies", priority=230, build=_rule, emits=frozenset(_ACTIONS)),),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.strategy_management"),
    tools=(STRATEGY_TASK,),
)
