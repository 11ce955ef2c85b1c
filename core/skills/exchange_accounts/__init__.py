"""The exchange account skill (exchange_management): add, update, delete and list exchange
accounts, in a private chat, with credentials sealed the moment they arrive."""

from __future__ import annotations

from core.secrets import SECRET_BOX
from core.services import CLOCK, Services
from core.skills.exchange_accounts.intents import INTENTS
from core.skills.exchange_accounts.kinds import Kind, by_name
from core.skills.exchange_accounts.rules import ACTIONS_EMITTED, SKILL, ExchangeAccountRule
from core.skills.exchange_accounts.skill import ACTIONS, ExchangeSkill
from core.skills.exchange_accounts.tools import EXCHANGE_ACCOUNT_TASK
from core.skills.registry import HelpSpec, RuleSpec, SkillSpec
from core.strategies import STRATEGIES
from core.tasks.audit import AUDIT_LOG
from core.traders.ports import TRADERS
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.model_configs import MODEL_CONFIGS

__all__ = ["SPEC", "ExchangeSkill"]


def _other_kinds(services: Services) -> list[Kind]:
    """The other records a bare "delete main" may name, where this process keeps them."""
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
    return ExchangeSkill(
        ACTIONS,
        services.get(EXCHANGE_ACCOUNTS),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
        _other_kinds(services),
    )


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "exchange accounts",
            priority=210,
            build=lambda services: ExchangeAccountRule(),
            emits=ACTIONS_EMITTED,
        ),
    ),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.exchange_management"),
    tools=(EXCHANGE_ACCOUNT_TASK,),
)
