"""trade_execution: buy and sell by conversation ("买 100 USDT 的 BTC", "sell half my SOL"), on a
paper account (the default) or a live one, each order confirmed from a summary, executed once."""

from __future__ import annotations

from core.secrets import SECRET_BOX
from core.services import CATALOG, CLOCK, Services
from core.skills.registry import HelpSpec, RuleSpec, SkillSpec
from core.skills.trade_execution.intents import INTENTS
from core.skills.trade_execution.rules import ACTIONS_EMITTED, SKILL, TradeRule
from core.skills.trade_execution.skill import ACTIONS, TradeSkill
from core.tasks.audit import AUDIT_LOG
from core.workspace.account_choice import account_deps

__all__ = ["SPEC", "TradeSkill"]


def _build(services: Services) -> TradeSkill:
    return TradeSkill(
        ACTIONS,
        account_deps(services),
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
            "buy and sell",
            priority=285,  # before every workspace reading: "用模拟账户买" names an account
            build=lambda services: TradeRule(services.get(CATALOG)),
            emits=ACTIONS_EMITTED,
        ),
    ),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.trade_execution"),
)
