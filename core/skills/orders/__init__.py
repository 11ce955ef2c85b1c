"""orders: resting orders by conversation — a stop-loss / take-profit on a holding ("给我的 BTC 设置
止损 80000", "止盈 200 止损 120"), the open orders ("我的挂单") and cancelling them ("撤销 #12") —
and the order check job that fills paper orders when the book crosses them (core.trading.orders).
Limit orders are read and confirmed by trade_execution and rest here alike."""

from __future__ import annotations

from collections.abc import Sequence

from core.jobs.kinds import JobKind
from core.secrets import SECRET_BOX
from core.services import CATALOG, CLOCK, Services
from core.skills.orders.check import LiveOrderChecker, OrderChecker
from core.skills.orders.intents import INTENTS
from core.skills.orders.skill import ACTIONS, OrdersSkill
from core.skills.registry import HelpSpec, SkillSpec
from core.tasks.audit import AUDIT_LOG
from core.trading.orders import RestingOrders
from core.trading.ports import ORDERS
from core.trading.service import TRADING
from core.workspace.account_choice import account_deps
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.order_talk import SKILL

__all__ = ["SPEC", "OrdersSkill"]


def _build(services: Services) -> OrdersSkill:
    return OrdersSkill(
        ACTIONS,
        account_deps(services),
        services.get(SECRET_BOX),
        services.get(AUDIT_LOG),
        services.get(CLOCK),
    )


def _jobs(services: Services) -> Sequence[JobKind]:
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
