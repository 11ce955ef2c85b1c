"""orders: resting orders by conversation — a stop-loss / take-profit on a holding ("给我的 BTC 设置
止损 80000", "止盈 200 止损 120"), the open orders ("我的挂单") and cancelling them ("撤销 #12") —
and the order check job that fills paper orders when the book crosses them (core.trading.orders).
Limit orders are read and confirmed by trade_execution and rest here alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.services import Services
from core.skills.orders.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, SkillSpec

if TYPE_CHECKING:
    from core.jobs.kinds import JobKind
    from core.skills.orders.skill import OrdersSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]


ACTIONS = LazyActions.at(
    ("protect", "open_orders", "why_resting", "cancel"), "core.skills.orders.skill:ACTIONS"
)


def _build(services: Services) -> OrdersSkill:
    from core.secrets import SECRET_BOX
    from core.services import CLOCK
    from core.skills.orders.skill import OrdersSkill
    from core.tasks.audit import AUDIT_LOG
    from core.workspace.account_choice import account_deps

    return OrdersSkill(
        ACTIONS,
        account_deps(services),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
    )


def _jobs(services: Services) -> Sequence[JobKind]:
    from core.services import CATALOG
    from core.skills.orders.check import LiveOrderChecker, OrderChecker
    from core.trading.orders import RestingOrders
    from core.trading.ports import ORDERS
    from core.trading.service import TRADING
    from core.workspace.accounts import EXCHANGE_ACCOUNTS

    resting = RestingOrders(services.get(TRADING))
    paper = OrderChecker(resting, services.get(ORDERS), services.get(CATALOG))
    return [paper.kind(), LiveOrderChecker(resting, services.get(EXCHANGE_ACCOUNTS), paper).kind()]


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    private=True,
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec.of("help.orders"),
    jobs=_jobs,
)
