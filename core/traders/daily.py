"""The daily summary: its own job (kind ``trader_management.daily``), one per owner per UTC day.

A trader with the daily summary on queues its owner's job for the day on its first tick of that
day (dedupe key ``trader_management.daily:<owner>:<day>``: the owner's other traders, and other
processes, find the live job instead of queueing a second one). The job is due at the next UTC
midnight and sends one private message through the outbound port: per trader with the summary
on that acted that day or still runs, that day's decisions, orders and fills and its run's P&L so
far. The job runner's claim gives the job to one process; a runner that dies after sending and
before recording the job can send it again after the lease (the job runtime's at-least-once).
"""

from __future__ import annotations

import contextlib
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Final

from core.i18n import Locale, stored_locale, t
from core.jobs import DONE, Job, JobContext, JobKind, JobQueue, JobResult, Retry
from core.market import MarketError
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryStatus
from core.reply import NoticeBlock, Reply, Status
from core.traders.model import Tally, Trader
from core.traders.ports import TraderStore
from core.trading.service import TradingService

DAILY: Final = "trader_management.daily"


def daily_key(owner: str, day: date) -> str:
    return f"{DAILY}:{owner}:{day.isoformat()}"


async def schedule_daily(queue: JobQueue, owner: str, day: date, locale: Locale) -> None:
    """Queue the owner's summary of ``day``, due at the next UTC midnight (once, whoever calls)."""
    due = datetime.combine(day + timedelta(days=1), time(), tzinfo=UTC)
    payload = {"owner": owner, "day": day.isoformat(), "locale": locale}
    await queue.enqueue(DAILY, payload, due_at=due, owner=owner, dedupe_key=daily_key(owner, day))


class DailySummary:
    def __init__(self, traders: TraderStore, trading: TradingService) -> None:
        self.traders = traders
        self.trading = trading

    def kind(self) -> JobKind:
        return JobKind(DAILY, self.run, timeout=60, max_attempts=5)

    async def run(self, job: Job, ctx: JobContext) -> JobResult:
        owner = str(job.payload.get("owner", ""))
        day = str(job.payload.get("day", ""))
        locale: Locale = stored_locale(job.payload.get("locale"))
        platform, _, user = owner.partition(":")
        if not platform or not user:
            return DONE
        blocks = []
        for trader in await self.traders.owned(owner):
            if trader.daily_summary:
                text = await self._of(trader, day, locale)
                if text is not None:
                    blocks.append(NoticeBlock(text, "info", "trader_summary"))
        if not blocks:
            return DONE
        reply = Reply(Status.COMPLETED, tuple(blocks), locale, audience="private")
        result = await ctx.send(Destination.direct(platform, user), reply, kind="trader_summary")
        if result.status is DeliveryStatus.FAILED and result.retryable:
            return Retry(f"summary not delivered: {result.error_code}")
        return DONE

    async def _of(self, trader: Trader, day: str, locale: Locale) -> str | None:
        """One trader's line; None when it neither acted that day nor runs."""
        tally = Tally()  # that day's decisions and orders; the P&L is the run's so far
        run_tally = Tally()
        for d in await self.traders.decisions(trader.id, run=trader.run):
            run_tally = run_tally.add(d)
            if d.at.date().isoformat() == day:
                tally = tally.add(d)
        if tally.decisions == 0 and not trader.state.active:
            return None
        prices: dict[str, Decimal] = {}
        for symbol in run_tally.net_base:
            with contextlib.suppress(MarketError):
                prices[symbol] = (await self.trading.books.get_book(symbol)).bid
        pnl = run_tally.pnl(prices)
        shown = format(pnl.quantize(Decimal("0.01")).normalize(), "f") if pnl is not None else "?"
        return t(
            locale, "trader.note.daily", name=trader.name, day=day, decisions=tally.decisions,
            orders=tally.orders, fills=tally.fills, pnl=shown,
        )  # fmt: skip
