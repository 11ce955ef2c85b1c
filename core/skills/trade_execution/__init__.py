"""trade_execution: buy and sell by conversation ("买 100 USDT 的 BTC", "sell half my SOL"), on a
paper account (the default) or a live one, each order confirmed from a summary, executed once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import CATALOG, Services
from core.skills.registry import HelpSpec, LazyActions, RuleSpec, SkillSpec
from core.skills.trade_execution.intents import INTENTS, SKILL

if TYPE_CHECKING:
    from core.routing.router import Rule
    from core.skills.trade_execution.skill import TradeSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]
_ACTIONS = ("buy", "sell", "limit")


ACTIONS = LazyActions.at(_ACTIONS, "core.skills.trade_execution.skill:ACTIONS")


def _build(services: Services) -> TradeSkill:
    from core.secrets import SECRET_BOX
    from core.services import CLOCK
    from core.skills.trade_execution.skill import TradeSkill
    from core.tasks.audit import AUDIT_LOG
    from core.workspace.account_choice import account_deps

    return TradeSkill(
        ACTIONS,
        account_deps(services),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
    )


def _rule(services: Services) -> Rule:
    from core.workspace.trade_reading import TradeRule

    return TradeRule(services.get(CATALOG))


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "buy and sell",
            priority=285,  # before every workspace reading: "用模拟账户买" names an account
            build=_rule,
            emits=frozenset(_ACTIONS),
        ),
    ),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.trade_execution"),
)
