"""The weekly P&L report, turned on and off in conversation (zh and en), sent through the outbound
port each Monday 00:00 UTC with last week's figures, once per week per person."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from core.clock import FixedClock
from core.engine import Core
from core.jobs import JOBS, JobKinds, JobQueue, JobRunner
from core.jobs.memory import MemoryJobStore
from core.memory_store import MemoryStateStore
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryResult
from core.pnl.weekly import WEEKLY, WEEKLY_REPORTS, next_monday
from core.pnl.weekly_memory import MemoryWeeklyReports
from core.reply import NoticeBlock, PnlBlock, Reply
from core.services import Services
from core.trading.memory import MemoryOrderStore
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from tests.fakes import NOW, ScriptedMarket, full_skills
from tests.trading.conftest import ASK, BID, confirm_button
from tests.workspace.conftest import Chat

MONDAY = next_monday(NOW)  # 2026-07-20 00:00 UTC: the first report, of the week of 07-13


@dataclass
class Sent:
    messages: list[tuple[Destination, Reply, str]]

    async def send(
        self, destination: Destination, reply: Reply, *, kind: str, job_id: str | None = None
    ) -> DeliveryResult:
        self.messages.append((destination, reply, kind))
        return DeliveryResult.sent()


@dataclass
class Desk:
    chat: Chat
    clock: FixedClock
    store: MemoryJobStore
    queue: JobQueue
    reports: MemoryWeeklyReports
    sent: Sent

    def runner(self) -> JobRunner:
        return JobRunner(self.store, self.queue.kinds, self.sent, self.clock)


@pytest.fixture
def desk() -> Iterator[Desk]:
    clock = FixedClock(NOW)
    market = ScriptedMarket(source="demo", prices=dict(ASK), bids=dict(BID), clock=clock)
    workspace = MemoryWorkspace()
    store = MemoryJobStore()
    queue = JobQueue(store, JobKinds(), clock)
    reports = MemoryWeeklyReports()
    extra = Services().provide(JOBS, queue).provide(WEEKLY_REPORTS, reports)
    skills = full_skills(
        market, clock, secrets=MemorySecretBox(), accounts=workspace.accounts, models=workspace.models,
        audit=workspace.audit, orders=MemoryOrderStore(workspace.audit), extra=extra,
    )  # fmt: skip
    queue.kinds.add(skills.job_kinds)
    core = Core(store=MemoryStateStore(), skills=skills, clock=clock)
    yield Desk(Chat(core), clock, store, queue, reports, Sent([]))


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def at(desk: Desk, when: datetime) -> None:
    desk.clock.advance((when - desk.clock.now()).total_seconds())


def weekly_jobs(desk: Desk) -> list[Any]:
    return [j for j in desk.store.jobs.values() if j.kind == WEEKLY]


async def test_turned_on_in_zh_it_sends_last_weeks_report_once_a_week(desk: Desk) -> None:
    summary = await desk.chat.say("buy 0.01 BTC")
    await desk.chat.press(confirm_button(summary))
    reply = await desk.chat.say("每周给我发收益报告")
    assert reply.route.skill == "pnl" and reply.route.action == "weekly" and codes(reply) == ["weekly_on"]
    assert "2026-07-20" in reply.blocks[0].text  # type: ignore[union-attr]
    await desk.chat.say("每周给我发收益报告")  # asked twice: still one job
    assert len(weekly_jobs(desk)) == 1
    at(desk, MONDAY)
    await desk.runner().run_due()
    await desk.runner().run_due()  # a second runner at the same instant: nothing more
    [(destination, message, kind)] = desk.sent.messages
    assert destination == Destination.direct("console", "user-1") and kind == "pnl_weekly"
    assert message.audience == "private" and message.locale == "zh"
    [block] = [b for b in message.blocks if isinstance(b, PnlBlock)]
    assert block.period == "last_week" and block.start == datetime(2026, 7, 13, tzinfo=UTC)
    assert block.fees == Decimal("0.9")  # the paper buy's fee: bought on 07-13, inside last week
    assert [r.start.day for r in block.rows] == [13, 14, 15, 16, 17, 18, 19]  # Monday to Sunday
    at(desk, MONDAY + timedelta(days=7))
    await desk.runner().run_due()
    assert len(desk.sent.messages) == 2  # the next week's


async def test_a_week_already_sent_is_not_sent_again(desk: Desk) -> None:
    await desk.chat.say("send me a weekly pnl report")
    week = "2026-07-13"
    assert await desk.reports.claim_week("console:user-1", week)
    at(desk, MONDAY)
    await desk.runner().run_due()  # another process sent this week already
    assert desk.sent.messages == []
    assert [j.due_at for j in weekly_jobs(desk)] == [MONDAY + timedelta(days=7)]


async def test_turned_off_in_en_nothing_more_is_sent(desk: Desk) -> None:
    await desk.chat.say("send me a weekly pnl report")
    reply = await desk.chat.say("stop the weekly pnl report")
    assert codes(reply) == ["weekly_off"]
    at(desk, MONDAY)
    runs = await desk.runner().run_due()
    assert [r.outcome.value for r in runs] == ["done"] and desk.sent.messages == []
