"""account_query: "我的余额还有多少", "show my positions", "最近的成交记录", "最多能买多少个ETH"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import Services
from core.skills.account_query.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, SkillSpec

if TYPE_CHECKING:
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


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.account_query"),
)
