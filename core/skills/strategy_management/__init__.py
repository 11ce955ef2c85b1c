"""The strategy skill (strategy_management): create, change, delete, activate, deactivate, copy and
list strategies (core.strategies: dca, grid, ai), in a private chat."""

from __future__ import annotations

from core.markets import MarketCatalog
from core.secrets import SECRET_BOX
from core.services import CATALOG, CLOCK, Services
from core.skills.registry import HelpSpec, RuleSpec, SkillSpec
from core.skills.strategy_management.actions import ACTIONS
from core.skills.strategy_management.intents import INTENTS
from core.skills.strategy_management.rules import ACTIONS_EMITTED, SKILL, StrategyRule
from core.skills.strategy_management.skill import StrategySkill
from core.skills.strategy_management.tools import STRATEGY_TASK
from core.strategies import STRATEGIES
from core.tasks.audit import AUDIT_LOG

__all__ = ["SPEC", "StrategySkill"]


def _catalog(services: Services) -> MarketCatalog:
    return services.find(CATALOG) or MarketCatalog()


def _build(services: Services) -> StrategySkill:
    return StrategySkill(
        ACTIONS,
        services.get(STRATEGIES),
        _catalog(services),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
    )


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "strategies",
            priority=230,
            build=lambda services: StrategyRule(_catalog(services)),
            emits=ACTIONS_EMITTED,
        ),
    ),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.strategy_management"),
    tools=(STRATEGY_TASK,),
)
