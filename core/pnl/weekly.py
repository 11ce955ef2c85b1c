"""The weekly P&L report a person turns on ("每周给我发收益报告"): each Monday 00:00 UTC, last
week's P&L of each of their accounts, in a private message through the outbound port.

Turned on, the person's preference is stored and their job (kind ``pnl.weekly``, dedupe key
``pnl.weekly:<owner>``: one live job per person, whoever queues it) is due at the next Monday. Each
run claims the week in the store before sending (a compare-and-set: a second job or process finds
the week taken and sends nothing), then comes back a week later. Turned off, the preference says so
and the job ends at its next run without sending.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Final, Protocol

from core.i18n import Locale
from core.jobs import DONE, Job, JobContext, JobKind, JobQueue, JobResult, Reschedule, Retry
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryStatus
from core.reply import Block, NoticeBlock, Reply, Status
from core.services import ServiceKey

WEEKLY: Final = "pnl.weekly"


@dataclass(frozen=True, slots=True)
class WeeklyChoice:
    owner: str
    on: bool
    locale: Locale
    last_week: str | None  # the Monday (ISO) of the last week reported


class WeeklyReports(Protocol):
    """Who wants the weekly report, and which week each was last sent. Safe across processes."""

    async def choose(self, owner: str, on: bool, locale: Locale, now: datetime) -> None: ...

    async def get(self, owner: str) -> WeeklyChoice | None: ...

    async def claim_week(self, owner: str, week: str) -> bool:
        """Mark ``week`` sent unless it (or a later one) is: True when this call marked it."""
        ...

    async def release_week(self, owner: str, week: str) -> None:
        """Undo a claim whose message could not be delivered (it is tried again)."""
        ...


WEEKLY_REPORTS: Final = ServiceKey[WeeklyReports]("weekly P&L reports")


def next_monday(now: datetime) -> datetime:
    today = now.astimezone(UTC).date()
    return datetime.combine(today + timedelta(days=7 - today.weekday()), time(), tzinfo=UTC)


def weekly_key(owner: str) -> str:
    return f"{WEEKLY}:{owner}"


async def schedule_weekly(queue: JobQueue, owner: str, locale: Locale, now: datetime) -> None:
    payload = {"owner": owner, "locale": locale}
    await queue.enqueue(WEEKLY, payload, due_at=next_monday(now), owner=owner, dedupe_key=weekly_key(owner))


class Report(Protocol):
    async def __call__(self, owner: str, locale: Locale, now: datetime) -> list[Block]:
        """Last week's blocks of the owner's accounts (what the message shows)."""
        ...


class WeeklyJob:
    def __init__(self, store: WeeklyReports, report: Report) -> None:
        self.store = store
        self.report = report

    def kind(self) -> JobKind:
        return JobKind(WEEKLY, self.run, timeout=120.0, max_attempts=5)

    async def run(self, job: Job, ctx: JobContext) -> JobResult:
        owner = str(job.payload.get("owner", ""))
        choice = await self.store.get(owner)
        platform, _, user = owner.partition(":")
        if choice is None or not choice.on or not platform or not user:
            return DONE  # turned off: the subscription ends here
        week = _last_monday(ctx.now).isoformat()
        if await self.store.claim_week(owner, week):
            blocks = await self.report(owner, choice.locale, ctx.now)
            reply = Reply(Status.COMPLETED, tuple(blocks), choice.locale, audience="private")
            sent = await ctx.send(Destination.direct(platform, user), reply, kind="pnl_weekly")
            if sent.status is DeliveryStatus.FAILED and sent.retryable:
                await self.store.release_week(owner, week)
                return Retry(f"weekly report not delivered: {sent.error_code}")
        return Reschedule(next_monday(ctx.now))


def _last_monday(now: datetime) -> date:
    """The Monday of the week before ``now``'s: the week a Monday-midnight report covers."""
    today = now.astimezone(UTC).date()
    return today - timedelta(days=today.weekday() + 7)


def header(text: str) -> NoticeBlock:
    return NoticeBlock(text, "info", "pnl_weekly")
