"""pnl: "我的盈亏是多少", "this month's P&L", "每个币赚了多少", "胜率多少", "最大回撤",
"trader alpha 赚了多少", "show my daily profit for the last 7 days"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.services import Services
from core.skills.pnl.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, SkillSpec

if TYPE_CHECKING:
    from core.jobs import JobKind
    from core.skills.pnl.skill import PnlSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]


ACTIONS = LazyActions.at(("report", "weekly"), "core.skills.pnl.skill:ACTIONS")


def _build(services: Services) -> PnlSkill:
    from core.jobs import JOBS
    from core.pnl.picture import EQUITY_CHARTS
    from core.pnl.ports import SNAPSHOTS
    from core.pnl.service import PnlService
    from core.pnl.weekly import WEEKLY_REPORTS
    from core.services import CLOCK
    from core.skills.pnl.skill import PnlSkill
    from core.traders.ports import TRADERS
    from core.trading.service import TRADING
    from core.workspace.accounts import EXCHANGE_ACCOUNTS

    trading = services.get(TRADING)
    traders = services.get(TRADERS)
    pnl = PnlService(trading.orders, trading.books, traders, services.find(SNAPSHOTS))
    charts, weekly, queue = services.find(EQUITY_CHARTS), services.find(WEEKLY_REPORTS), services.find(JOBS)
    accounts = services.get(EXCHANGE_ACCOUNTS)
    return PnlSkill(ACTIONS, accounts, traders, pnl, services.get(CLOCK), charts, weekly, queue)


def _jobs(services: Services) -> Sequence[JobKind]:
    """The daily equity snapshot and the weekly report, where the process keeps what they need
    (bot.wiring provides the stores)."""
    from core.pnl.ports import SNAPSHOTS
    from core.pnl.snapshots import SnapshotJob
    from core.pnl.weekly import WEEKLY_REPORTS, WeeklyJob
    from core.trading.service import TRADING

    kinds = []
    store = services.find(SNAPSHOTS)
    if store is not None:
        kinds.append(SnapshotJob(store, services.get(TRADING)).kind())
    weekly = services.find(WEEKLY_REPORTS)
    if weekly is not None:
        kinds.append(WeeklyJob(weekly, _build(services).weekly_blocks).kind())
    return kinds


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    private=True,
    actions=ACTIONS,
    jobs=_jobs,
    help=HelpSpec.of("help.pnl"),
)
