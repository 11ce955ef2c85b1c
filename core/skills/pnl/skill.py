"""pnl: an account's profit and loss, read from its stored fills (core.pnl).

The account named is reported, else every account of the person, each on its own: paper and live
are never added together. A trader named is reported on its own orders alone (its own average
entry), on the account it trades.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any, Literal, cast

from core.clock import Clock
from core.i18n import Locale, t
from core.jobs import JobQueue
from core.language.values import refusal_in, refusal_message
from core.pnl.figures import CoinLine, Totals
from core.pnl.periods import Grain, period
from core.pnl.picture import EquityCharts
from core.pnl.report import AccountReport
from core.pnl.service import PnlService
from core.pnl.weekly import WeeklyReports, next_monday, schedule_weekly
from core.reply import Block, ChartBlock, NoticeBlock, PnlBlock, PnlLine, PnlRow, Reply, RouteInfo, Status
from core.skills.base import OneShotSkill
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Done
from core.tasks.owner import owner_of
from core.tasks.transitions import move
from core.traders.model import Trader
from core.traders.ports import TraderStore
from core.trading.service import kind_of
from core.turn import Turn
from core.workspace.accounts import ExchangeAccount, ExchangeAccountRepository

SKILL = "pnl"
RATIO = Decimal("0.0001")
_GRAINS = ("day", "week", "month")
PICTURED = ("equity", "drawdown")  # the views answered with the equity curve too


class PnlSkill(OneShotSkill):
    name = SKILL

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        accounts: ExchangeAccountRepository,
        traders: TraderStore,
        pnl: PnlService,
        clock: Clock,
        charts: EquityCharts | None = None,
        weekly: WeeklyReports | None = None,
        queue: JobQueue | None = None,
    ) -> None:
        super().__init__(actions)
        self.accounts = accounts
        self.traders = traders
        self.pnl = pnl
        self.clock = clock
        self.charts = charts
        self.weekly_reports = weekly
        self.queue = queue

    def describe(self, turn: Turn, task: Task) -> str:
        return turn.t("pnl.describe.weekly" if task.action == "weekly" else "pnl.describe")

    async def report(self, turn: Turn, task: Task) -> Done:
        move(task, TaskStatus.EXECUTING, turn.now)
        slots = task.slots
        refused = refusal_in(slots.get("days"))
        if refused is not None:  # "the last -7 days": said back, and no other period answered
            notice = NoticeBlock(refusal_message(turn.locale, *refused), "warning", "refused_value")
            return self._done(turn, task, (notice,), failed=True)
        owner = owner_of(turn)
        accounts = await self.accounts.owned(owner)
        traders = await self.traders.owned(owner)
        window = period(str(slots.get("period", "all")), turn.now, _int(slots.get("days")))
        grain_slot = slots.get("grain")
        grain = cast(Grain, grain_slot) if grain_slot in _GRAINS else None
        view = str(slots.get("view", "summary"))
        blocks: list[Block] = []
        if not accounts:
            blocks.append(NoticeBlock(turn.t("pnl.no_accounts"), "info", "no_accounts"))
        elif slots.get("trader"):
            blocks += await self._trader(turn, str(slots["trader"]), accounts, traders, window, grain, view)
        else:
            chosen = _chosen(turn, accounts, slots)
            if isinstance(chosen, NoticeBlock):
                blocks.append(chosen)
            else:
                for account in chosen:
                    found = await self.pnl.report(account, window, grain=grain, traders=traders)
                    blocks.append(block_of(found, view))
                    if view in PICTURED:
                        blocks += await self._picture(turn, found)
                blocks += _notes(turn, chosen)
        # Nothing to report for a newcomer is an answer; a name they do not have is not.
        failed = bool(accounts) and all(isinstance(b, NoticeBlock) for b in blocks)
        return self._done(turn, task, tuple(blocks), failed=failed)

    @staticmethod
    def _done(turn: Turn, task: Task, blocks: tuple[Block, ...], *, failed: bool) -> Done:
        move(task, TaskStatus.FAILED if failed else TaskStatus.COMPLETED, turn.now)
        reply = Reply(
            Status.FAILED if failed else Status.COMPLETED,
            blocks,
            turn.locale,
            route=RouteInfo(SKILL, task.action, dict(task.slots), by=task.origin),
            audience="private",
        )
        return Done(reply, ok=not failed)

    async def _trader(
        self,
        turn: Turn,
        name: str,
        accounts: list[ExchangeAccount],
        traders: list[Trader],
        window: Any,
        grain: Grain | None,
        view: str,
    ) -> list[Block]:
        trader = next((t for t in traders if t.name.casefold() == name.casefold()), None)
        if trader is None:  # the name said back, nothing swapped in for it
            names = ", ".join(t.name for t in traders)
            have = turn.t("pnl.traders_have", names=names) if names else turn.t("pnl.traders_none")
            return [NoticeBlock(turn.t("pnl.no_trader", name=name, have=have), "info", "no_such_trader")]
        account = next((a for a in accounts if a.id == trader.account_id), None)
        if account is None:
            return [NoticeBlock(turn.t("pnl.trader_no_account", name=trader.name), "info", "no_account")]
        found = await self.pnl.report(account, window, grain=grain, only_trader=trader)
        return [block_of(found, view), *_notes(turn, [account])]

    async def weekly(self, turn: Turn, task: Task) -> Done:
        """Turn the weekly report on or off (the job is queued once per person, whoever asks)."""
        move(task, TaskStatus.EXECUTING, turn.now)
        on = task.slots.get("switch", "on") != "off"
        if self.weekly_reports is None or self.queue is None:
            notice = NoticeBlock(turn.t("pnl.weekly.unavailable"), "error", "weekly_unavailable")
            blocks: tuple[Block, ...] = (notice,)
        else:
            owner = owner_of(turn)
            await self.weekly_reports.choose(owner, on, turn.locale, turn.now)
            if on:
                await schedule_weekly(self.queue, owner, turn.locale, turn.now)
            key = "pnl.weekly.on" if on else "pnl.weekly.off"
            due = next_monday(turn.now).strftime("%Y-%m-%d")
            blocks = (NoticeBlock(turn.t(key, due=due), "info", "weekly_on" if on else "weekly_off"),)
        failed = self.weekly_reports is None or self.queue is None
        move(task, TaskStatus.FAILED if failed else TaskStatus.COMPLETED, turn.now)
        route = RouteInfo(SKILL, task.action, dict(task.slots), by=task.origin)
        reply = Reply(
            Status.FAILED if failed else Status.COMPLETED,
            blocks,
            turn.locale,
            route=route,
            audience="private",
        )
        return Done(reply, ok=not failed)

    async def weekly_blocks(self, owner: str, locale: Locale, now: datetime) -> list[Block]:
        """Last week's report of each of the owner's accounts (the weekly job's message)."""
        window = period("last_week", now)
        traders = await self.traders.owned(owner)
        texts = t(locale, "pnl.weekly.header", start=(window.start or now).strftime("%Y-%m-%d"))
        blocks: list[Block] = [NoticeBlock(texts, "info", "pnl_weekly")]
        accounts = await self.accounts.owned(owner)
        for account in accounts:
            found = await self.pnl.report(account, window, grain="day", traders=traders)
            blocks.append(block_of(found, "summary"))
        if not accounts:
            blocks.append(NoticeBlock(t(locale, "pnl.no_accounts"), "info", "no_accounts"))
        return blocks

    async def _picture(self, turn: Turn, report: AccountReport) -> list[Block]:
        """The equity curve, when there are two snapshots to draw a line between."""
        if self.charts is None or len(report.curve) < 2:
            return []
        png = await self.charts.render_equity(
            report.curve, report.drawdown, kind=report.kind, locale=turn.locale
        )
        alt = turn.t("pnl.picture.alt", account=report.account, days=len(report.curve))
        return [ChartBlock(png, report.account, "snapshots", alt)]


def _int(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return 0


def _chosen(
    turn: Turn, accounts: list[ExchangeAccount], slots: dict[str, Any]
) -> list[ExchangeAccount] | NoticeBlock:
    """The account named, else those of the kind or exchange said, else all of them."""
    names = ", ".join(a.name for a in accounts)
    named = str(slots.get("account") or "")
    if named:
        found = [a for a in accounts if a.name.casefold() == named.casefold()]
        if not found:
            return NoticeBlock(turn.t("pnl.no_account", name=named, names=names), "info", "no_such_account")
        return found
    chosen = accounts
    kind = slots.get("kind")
    if kind in ("paper", "live"):
        chosen = [a for a in chosen if kind_of(a) == kind]
    exchange = slots.get("exchange")
    if exchange:
        chosen = [a for a in chosen if a.exchange == exchange]
    if not chosen:
        label = turn.t(f"tbl.{kind}") if kind in ("paper", "live") else str(exchange)
        return NoticeBlock(turn.t("pnl.no_kind", kind=label, names=names), "info", "no_such_account")
    return chosen


def _notes(turn: Turn, accounts: list[ExchangeAccount]) -> list[Block]:
    kinds = {kind_of(a) for a in accounts}
    notes: list[Block] = []
    if len(kinds) > 1:
        notes.append(NoticeBlock(turn.t("pnl.apart"), "info", "paper_live_apart"))
    if "live" in kinds:
        notes.append(NoticeBlock(turn.t("pnl.live_only_ours"), "info", "live_deskmate_orders"))
    return notes


def _line(name: str, totals: Totals) -> PnlLine:
    return PnlLine(name, totals.realized, totals.unrealized, totals.fees, totals.total)


def _coin(line: CoinLine) -> PnlLine:
    total = line.realized + line.unrealized if line.unrealized is not None else line.realized
    return PnlLine(line.symbol, line.realized, line.unrealized, line.fees, total)


def block_of(report: AccountReport, view: str) -> PnlBlock:
    """The report as the pnl block (ratios to 4 places: a share of 0.1 % is the finest shown)."""
    wins, dd = report.wins, report.drawdown
    factor = wins.profit_factor
    kind: Literal["paper", "live"] = report.kind
    return PnlBlock(
        account=report.account,
        kind=kind,
        period=report.period,
        start=report.start,
        end=report.end,
        realized=report.totals.realized,
        unrealized=report.totals.unrealized,
        fees=report.totals.fees,
        total=report.total,
        by_symbol=tuple(_coin(c) for c in report.by_symbol),
        by_trader=tuple(_line(t.name, t.totals) for t in report.by_trader),
        win_rate=wins.win_rate.quantize(RATIO) if wins.win_rate is not None else None,
        profit_factor=factor.quantize(RATIO) if factor is not None else None,
        closed=wins.closed,
        max_drawdown=dd.share.quantize(RATIO) if dd is not None else None,
        max_drawdown_usdt=dd.amount if dd is not None else None,
        snapshots=report.snapshots,
        view=view,
        grain=report.grain,
        rows=tuple(PnlRow(r.start, r.realized, r.fees, r.trades) for r in report.rows),
        trader=report.trader,
        days=report.days,
        unpriced=report.unpriced,
    )


ACTIONS: dict[str, ActionSpec[PnlSkill]] = {
    "report": ActionSpec(run=PnlSkill.report, writes=False),
    "weekly": ActionSpec(run=PnlSkill.weekly, writes=False),  # a preference, not a record: no audit
}
