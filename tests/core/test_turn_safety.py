"""Turns of one conversation handled by two Cores (two processes) on one store: one at a time,
no update lost, a lost compare-and-set run again, a held conversation waited for, and /cancel
reaching a model task running in the other Core."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from core.clock import FixedClock
from core.conversation import unrouted
from core.conversation.leases import LeasePolicy
from core.engine import Core
from core.events import ConversationKey, TextMessage
from core.i18n import Locale
from core.market import DailyCloses, HistoryWindow, Quote
from core.memory_store import MemoryStateStore
from core.ports import Lease
from core.reply import NoticeBlock, QuoteBlock, Reply, RouteInfo, Status, TextBlock
from core.state import ConversationState
from tests.fakes import NOW, Chat, price_skills
from tests.workspace.conftest import add_binance_account, button, make_desk

KEY = ConversationKey("console", "chat-1", "user-1")


class SlowMarket:
    source = "binance"

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.calls = 0
        self.quoting = asyncio.Event()  # set once a quote is under way (a turn holds its lease)

    async def get_quote(self, symbol: str) -> Quote:
        self.calls += 1
        self.quoting.set()
        await asyncio.sleep(self.latency)
        return Quote(symbol, Decimal("100.5"), "ask", self.source, NOW)

    async def get_daily_closes(self, symbol: str, window: HistoryWindow) -> DailyCloses:
        raise NotImplementedError


THINKING = 60.0  # seconds the slow model would take


class SlowPlanner:
    """A model that would think for a minute: only a cancel ends it sooner. ``thinking`` is set
    once it has started, so a test acts on a task known to be running, not after a guessed sleep."""

    def __init__(self) -> None:
        self.thinking = asyncio.Event()

    async def run(self, *, text: str, locale: Locale, user_id: str) -> Reply:
        self.thinking.set()
        await asyncio.sleep(THINKING)
        return Reply(Status.COMPLETED, (TextBlock("a story"),), locale, route=RouteInfo(None, by="model"))


def core_on(store: MemoryStateStore, market: object, **options: object) -> Core:
    clock = FixedClock(NOW)
    return Core(
        store=store,
        skills=price_skills(market, clock),
        clock=clock,
        **options,  # type: ignore[arg-type]
    )


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def waited(reply: Reply) -> float:
    return sum(s.latency_ms for s in reply.trace if s.name == "wait_for_conversation")


async def test_two_cores_on_one_store_lose_no_update() -> None:
    store = MemoryStateStore()
    a, b = Chat(core_on(store, SlowMarket(0.005))), Chat(core_on(store, SlowMarket(0.005)))
    for _ in range(10):
        await a.command("lang", "en")
        chose, quoted = await asyncio.gather(a.command("lang", "zh"), b.say("BTC price"))
        assert codes(chose) == ["locale_set"] and isinstance(quoted.blocks[0], QuoteBlock)
        assert (await store.load_state(KEY)).locale == "zh"


class OverwrittenOnce(MemoryStateStore):
    """A store where, once, another process saves the conversation just before our save."""

    def __init__(self, *, at_release: bool) -> None:
        super().__init__()
        self.at_release = at_release
        self.armed = False

    async def save_turn(
        self, key: ConversationKey, state: ConversationState, revision: int, holder: str, *, release: bool
    ) -> int:
        if self.armed and release == self.at_release:
            self.armed = False
            other = await self.load_state(key)
            other.recent_refs["elsewhere"] = "saved meanwhile"
            await self.save_state(key, other)
        return await super().save_turn(key, state, revision, holder, release=release)


async def test_a_turn_that_loses_its_save_runs_again_on_the_newer_state() -> None:
    store = OverwrittenOnce(at_release=True)
    market = SlowMarket(0)
    chat = Chat(core_on(store, market))
    store.armed = True
    reply = await chat.say("BTC price")
    assert isinstance(reply.blocks[0], QuoteBlock)
    assert market.calls == 2  # it ran twice: the first result was never saved
    state = await store.load_state(KEY)
    assert state.recent_refs == {"elsewhere": "saved meanwhile"}  # the other save is kept ...
    assert state.last_completed is not None and state.last_completed.skill == "price"  # ... and ours


async def test_after_an_irreversible_step_a_lost_save_keeps_its_reply_and_runs_once() -> None:
    store = OverwrittenOnce(at_release=True)
    desk = make_desk(states=store)
    await add_binance_account(desk.chat)
    confirm = await desk.chat.say("删除交易所 主账户")
    store.armed = True
    done = await desk.chat.press(button(confirm, "确认删除"))
    assert [b.code for b in done.blocks if isinstance(b, NoticeBlock)] == ["account_deleted"]
    audit = await desk.workspace.audit.recent("console:user-1")
    assert [e.action for e in audit if e.action == "delete"] == ["delete"]


async def test_a_conversation_held_by_a_dead_process_is_taken_over_when_its_lease_lapses() -> None:
    store = MemoryStateStore()
    now = datetime.now(UTC)
    await store.begin_turn(KEY, Lease("dead", now, now + timedelta(seconds=0.3)))
    reply = await Chat(core_on(store, SlowMarket(0))).say("BTC price")
    assert isinstance(reply.blocks[0], QuoteBlock)
    assert 200 <= waited(reply) < 2000


async def test_a_conversation_held_too_long_answers_busy_and_records_nothing() -> None:
    store = MemoryStateStore()
    now = datetime.now(UTC)
    await store.begin_turn(KEY, Lease("slow", now, now + timedelta(seconds=30)))
    core = core_on(store, SlowMarket(0), leases=LeasePolicy(max_wait=timedelta(seconds=0.2)))
    busy = await core.handle(TextMessage("ev-1", KEY, text="BTC price"))
    assert busy.status is Status.FAILED and codes(busy) == ["busy"]
    await store.release_lease(KEY, "slow")
    again = await core.handle(TextMessage("ev-1", KEY, text="BTC price"))  # the retry of that update
    assert isinstance(again.blocks[0], QuoteBlock)


async def test_a_long_turn_keeps_its_lease_past_the_ttl() -> None:
    store = MemoryStateStore()
    policy = LeasePolicy(ttl=timedelta(seconds=0.3))
    market = SlowMarket(1.0)
    a, b = Chat(core_on(store, market, leases=policy)), Chat(core_on(store, SlowMarket(0), leases=policy))

    async def later() -> Reply:
        await asyncio.wait_for(market.quoting.wait(), 30)  # the slow turn holds the lease
        return await b.command("lang", "zh")

    quoted, chose = await asyncio.gather(a.say("BTC price"), later())
    assert isinstance(quoted.blocks[0], QuoteBlock) and codes(chose) == ["locale_set"]
    assert waited(chose) >= 700  # it waited for the whole slow turn, not just one TTL
    assert market.calls == 1  # the slow turn was never taken over and run again
    state = await store.load_state(KEY)
    assert state.locale == "zh" and state.last_completed is not None


@pytest.fixture
def quick_cancel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(unrouted, "CANCEL_POLL", 0.05)


@pytest.mark.usefixtures("quick_cancel")
async def test_cancel_in_another_core_stops_the_running_model_task() -> None:
    store = MemoryStateStore()
    planner = SlowPlanner()
    thinking = Chat(core_on(store, SlowMarket(0), planner=planner))
    other = Chat(core_on(store, SlowMarket(0)))
    started = time.monotonic()
    running = asyncio.create_task(thinking.say("tell me a story"))
    await asyncio.wait_for(planner.thinking.wait(), 30)
    stopped = await other.command("cancel")
    answered = await running
    assert codes(stopped) == ["cancelled"]
    assert answered.status is Status.FAILED and codes(answered) == ["cancelled"]
    assert time.monotonic() - started < THINKING / 2  # cut short, with room for a busy machine


@pytest.mark.usefixtures("quick_cancel")
async def test_the_cancel_button_pressed_in_another_core_stops_it_too() -> None:
    store = MemoryStateStore()
    shown: list[Reply] = []
    progressed = asyncio.Event()

    async def progress(reply: Reply) -> None:
        shown.append(reply)
        progressed.set()

    planner = SlowPlanner()
    thinking_core = core_on(store, SlowMarket(0), planner=planner)
    running = asyncio.create_task(
        # An id of its own: the press below is another event, never a redelivery of this one.
        thinking_core.handle(TextMessage("story-1", KEY, text="tell me a story"), progress)
    )
    await asyncio.wait_for(planner.thinking.wait(), 30)
    await asyncio.wait_for(progressed.wait(), 30)
    (cancel,) = shown[0].buttons
    stopped = await Chat(core_on(store, SlowMarket(0))).press(cancel.token)
    assert codes(stopped) == ["cancelled"]
    assert codes(await running) == ["cancelled"]


async def test_nothing_running_anywhere_nothing_to_cancel() -> None:
    store = MemoryStateStore()
    assert codes(await Chat(core_on(store, SlowMarket(0))).command("cancel")) == ["nothing_to_cancel"]


class SlowRenewals(MemoryStateStore):
    """Renewing a lease takes ``seconds`` (a busy database); records how each renewal ended and
    when the lease was given back."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.events: list[str] = []

    async def renew_lease(self, key: ConversationKey, holder: str, until: datetime) -> bool:
        self.events.append("renew started")
        try:
            await asyncio.sleep(self.seconds)
        except asyncio.CancelledError:
            self.events.append("renew cancelled")
            raise
        self.events.append("renew done")
        return await super().renew_lease(key, holder, until)

    async def release_lease(self, key: ConversationKey, holder: str) -> None:
        self.events.append("released")
        await super().release_lease(key, holder)


async def test_a_renewal_under_way_when_the_turn_ends_is_finished_not_cancelled() -> None:
    """A statement cancelled mid-flight can leave its pooled connection unusable for the next
    turn (asyncpg: "another operation is in progress"): the turn waits for it instead."""
    store = SlowRenewals(0.3)
    policy = LeasePolicy(ttl=timedelta(seconds=0.6))  # the renewal starts after 0.2 s
    reply = await Chat(core_on(store, SlowMarket(0.3), leases=policy)).say("BTC price")
    assert isinstance(reply.blocks[0], QuoteBlock)
    assert "renew cancelled" not in store.events
    assert store.events.index("renew done") < store.events.index("released")  # then given back
