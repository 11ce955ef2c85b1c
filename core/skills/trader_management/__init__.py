"""trader_management: traders that trade by themselves on the job runtime — create ("帮我创建一个
新的 BTC agent"), start (pre-launch checks; live accounts confirmed), stop (confirmed; "把所有
agent 都停了"), update, delete, and "how are my agents doing"; in a private chat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.services import CATALOG, Services
from core.skills.registry import HelpSpec, LazyActions, SkillSpec
from core.skills.trader_management.intents import INTENTS, SKILL
from core.skills.trader_management.tools import TRADER_TASK

if TYPE_CHECKING:
    from core.jobs import JobKind
    from core.skills.trader_management.skill import TraderSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]
_ACTIONS = ("create", "update", "delete", "start", "stop", "query")


ACTIONS = LazyActions.at(_ACTIONS, "core.skills.trader_management.actions:ACTIONS")


def _build(services: Services) -> TraderSkill:
    from core.jobs import JOBS
    from core.markets import MarketCatalog
    from core.secrets import SECRET_BOX
    from core.services import CLOCK
    from core.skills.trader_management.deps import TraderDeps
    from core.skills.trader_management.skill import TraderSkill
    from core.strategies import STRATEGIES
    from core.tasks.audit import AUDIT_LOG
    from core.traders.ports import DECISION_MODELS, TRADERS
    from core.trading.service import TRADING
    from core.workspace.accounts import EXCHANGE_ACCOUNTS
    from core.workspace.model_configs import MODEL_CONFIGS

    catalog: MarketCatalog = services.get(CATALOG)
    deps = TraderDeps(
        traders=services.get(TRADERS),
        strategies=services.get(STRATEGIES),
        accounts=services.get(EXCHANGE_ACCOUNTS),
        model_configs=services.get(MODEL_CONFIGS),
        trading=services.get(TRADING),
        catalog=catalog,
        models=services.find(DECISION_MODELS),
        jobs=services.find(JOBS),
    )
    return TraderSkill(ACTIONS, deps, services.get(SECRET_BOX), services.get(AUDIT_LOG), services.get(CLOCK))


def _jobs(services: Services) -> Sequence[JobKind]:
    from core.strategies import STRATEGIES
    from core.traders.ports import DECISION_MODELS, MODEL_BUDGET, TRADERS
    from core.traders.runtime import TraderRuntime
    from core.trading.service import TRADING
    from core.workspace.accounts import EXCHANGE_ACCOUNTS
    from core.workspace.model_configs import MODEL_CONFIGS

    runtime = TraderRuntime(
        services.get(TRADERS),
        services.get(STRATEGIES),
        services.get(EXCHANGE_ACCOUNTS),
        services.get(MODEL_CONFIGS),
        services.get(TRADING),
        services.get(CATALOG),
        services.find(DECISION_MODELS),
        services.find(MODEL_BUDGET),
    )
    return runtime.kinds()


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.trader_management"),
    tools=(TRADER_TASK,),
    jobs=_jobs,
)
