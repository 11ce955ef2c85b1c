"""account_query: "我的余额还有多少", "show my positions", "最近的成交记录", "最多能买多少个ETH"."""

from __future__ import annotations

from core.secrets import SECRET_BOX
from core.services import CATALOG, CLOCK, Services
from core.skills.account_query.intents import INTENTS
from core.skills.account_query.rules import ACTIONS_EMITTED, SKILL, AccountQueryRule
from core.skills.account_query.skill import ACTIONS, AccountQuerySkill
from core.skills.registry import HelpSpec, RuleSpec, SkillSpec
from core.tasks.audit import AUDIT_LOG
from core.workspace.account_choice import account_deps

__all__ = ["SPEC", "AccountQuerySkill"]


def _build(services: Services) -> AccountQuerySkill:
    return AccountQuerySkill(
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
            "account questions",
            priority=290,  # before the trade rule: "最多能买多少个ETH" is a question, not an order
            build=lambda services: AccountQueryRule(services.get(CATALOG)),
            emits=ACTIONS_EMITTED,
        ),
    ),
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.account_query"),
)
