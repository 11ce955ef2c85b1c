"""account_query: "我的余额还有多少", "show my positions", "最近的成交记录", "最多能买多少个ETH"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import CATALOG, Services
from core.skills.account_query.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, RuleSpec, SkillSpec

if TYPE_CHECKING:
    from core.routing.router import Rule
    from core.skills.account_query.skill import AccountQuerySkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]
_ACTIONS = ("balance", "positions", "trades", "max_buy")


ACTIONS = LazyActions.at(_ACTIONS, "core.skills.account_query.skill:ACTIONS")


def _build(services: Services) -> AccountQuerySkill:
    from core.secrets import SECRET_BOX
    from core.services import CLOCK
    from core.skills.account_query.skill import AccountQuerySkill
    from core.tasks.audit import AUDIT_LOG
    from core.workspace.account_choice import account_deps

    return AccountQuerySkill(
        ACTIONS,
        account_deps(services),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
    )


def _rule(services: Services) -> Rule:
    from core.skills.account_query.rules import AccountQueryRule

    return AccountQueryRule(services.get(CATALOG))


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "account questions",
            priority=290,  # before the trade rule: "最多能买多少个ETH" is a question, not an order
            build=_rule,
            emits=frozenset(_ACTIONS),
        ),
    ),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.account_query"),
)
