"""The exchange account skill (exchange_management): add, update, delete and list exchange
accounts, in a private chat, with credentials sealed the moment they arrive."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import Services
from core.skills.exchange_accounts.intents import INTENTS, SKILL
from core.skills.exchange_accounts.tools import EXCHANGE_ACCOUNT_TASK
from core.skills.registry import HelpSpec, LazyActions, RuleSpec, SkillSpec

if TYPE_CHECKING:
    from core.routing.router import Rule
    from core.skills.exchange_accounts.kinds import Kind
    from core.skills.exchange_accounts.skill import ExchangeSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]
_ACTIONS = ("create", "update", "delete", "query")


ACTIONS = LazyActions.at(_ACTIONS, "core.skills.exchange_accounts.skill:ACTIONS")


def _other_kinds(services: Services) -> list[Kind]:
    """The other records a bare "delete main" may name, where this process keeps them."""
    from core.skills.exchange_accounts.kinds import Kind, by_name
    from core.strategies import STRATEGIES
    from core.traders.ports import TRADERS
    from core.workspace.model_configs import MODEL_CONFIGS

    kinds: list[Kind] = []
    strategies, traders, models = (
        services.find(STRATEGIES),
        services.find(TRADERS),
        services.find(MODEL_CONFIGS),
    )
    if strategies is not None:
        kinds.append(Kind("strategy", "strategy_management", by_name(strategies.owned)))
    if traders is not None:
        kinds.append(Kind("trader", "trader_management", by_name(traders.owned)))
    if models is not None:
        kinds.append(Kind("model", "model_management", by_name(models.owned)))
    return kinds


def _build(services: Services) -> ExchangeSkill:
    from core.secrets import SECRET_BOX
    from core.services import CLOCK
    from core.skills.exchange_accounts.skill import ExchangeSkill
    from core.tasks.audit import AUDIT_LOG
    from core.workspace.accounts import EXCHANGE_ACCOUNTS

    return ExchangeSkill(
        ACTIONS,
        services.get(EXCHANGE_ACCOUNTS),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
        _other_kinds(services),
    )


def _rule(services: Services) -> Rule:
    from core.skills.exchange_accounts.rules import ExchangeAccountRule

    return ExchangeAccountRule()


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(RuleSpec("exchange accounts", priority=210, build=_rule, emits=frozenset(_ACTIONS)),),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.exchange_management"),
    tools=(EXCHANGE_ACCOUNT_TASK,),
)
