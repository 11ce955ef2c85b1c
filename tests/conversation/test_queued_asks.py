"""A second risky ask in one message waits behind the first ("停掉alpha然后删除它"): it is not
checked or offered before the first has run; once the first is confirmed and done, it is checked
against the state after it and offered with its own confirmation; cancelling the first drops it
(and says so). The queue is kept with the conversation's state: a new process on the same SQLite
file goes on, and pressing the first confirmation again never runs the second."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from core.engine import Core
from core.jobs import JOBS, JobKinds, JobQueue
from core.planner.budget import TokenBudget
from core.reply import OrderBlock, Status
from core.services import Services
from core.traders.model import TraderState
from core.traders.ports import DECISION_MODELS, MODEL_BUDGET
from tests.fakes import full_skills
from tests.traders.conftest import OWNER, TraderDesk, codes, dca, make_desk, text_of
from tests.workspace.conftest import Chat

STOP_THEN_DELETE = [("停掉alpha然后删除它", "zh"), ("stop alpha then delete it", "en")]


@pytest.fixture
def desk() -> TraderDesk:
    """A desk of traders (this module's, over the conversation tests' plain one)."""
    return make_desk()


async def traders(desk: TraderDesk, *running: str) -> None:
    """alpha and beta on a paper account, the ones named running."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    for name in ("alpha", "beta"):
        await desk.chat.say(f"create a trader named {name}")
    for name in running:
        await desk.chat.say(f"start trader {name}")


async def states(desk: TraderDesk) -> dict[str, TraderState]:
    return {t.name: t.state for t in await desk.traders.owned(OWNER)}


@pytest.mark.parametrize(("text", "locale"), STOP_THEN_DELETE)
async def test_the_delete_waits_for_the_stop_then_asks_its_own_confirmation(
    desk: TraderDesk, text: str, locale: str
) -> None:
    await traders(desk, "alpha")
    asked = await desk.chat.say(text)
    assert asked.status is Status.AWAITING_CONFIRMATION and asked.locale == locale
    assert codes(asked) == ["confirm_stop", "confirm_hint", "ask_queued"]  # not refused as running
    assert "alpha" in text_of(asked).split("\n")[-1]  # the queued ask named
    assert len(asked.buttons) == 2  # the stop's confirm and cancel only

    stopped = await desk.chat.press(asked.buttons[0])
    assert codes(stopped) == ["trader_stopped", "ask_next", "confirm_delete", "confirm_hint"]
    assert stopped.status is Status.AWAITING_CONFIRMATION
    assert await states(desk) == {"alpha": TraderState.STOPPED, "beta": TraderState.STOPPED}
    assert len(stopped.buttons) == 2 and {b.token for b in stopped.buttons}.isdisjoint(
        {b.token for b in asked.buttons}
    )  # its own buttons

    deleted = await desk.chat.press(stopped.buttons[0])
    assert codes(deleted) == ["trader_deleted"]
    assert await states(desk) == {"beta": TraderState.STOPPED}


@pytest.mark.parametrize(
    ("text", "confirm"), [("停掉alpha然后删除它", "确认"), ("stop alpha then delete it", "yes")]
)
async def test_a_typed_confirmation_offers_the_next_one_too(
    desk: TraderDesk, text: str, confirm: str
) -> None:
    await traders(desk, "alpha")
    await desk.chat.say(text)
    stopped = await desk.chat.say(confirm)
    assert codes(stopped)[:3] == ["trader_stopped", "ask_next", "confirm_delete"]
    assert "alpha" in await states(desk)  # offered, not run


@pytest.mark.parametrize(
    ("text", "cancel"), [("停掉alpha然后删除它", "取消"), ("stop alpha then delete it", "cancel")]
)
async def test_cancelling_the_first_drops_the_queued_one(desk: TraderDesk, text: str, cancel: str) -> None:
    await traders(desk, "alpha")
    await desk.chat.say(text)
    cancelled = await desk.chat.say(cancel)
    assert codes(cancelled) == ["cancelled", "ask_dropped"]
    assert "alpha" in text_of(cancelled).split("\n")[-1]
    assert cancelled.buttons == ()
    assert await states(desk) == {"alpha": TraderState.RUNNING, "beta": TraderState.STOPPED}
    nothing = await desk.chat.say(cancel.replace("取消", "确认").replace("cancel", "yes"))
    assert codes(nothing) == ["nothing_to_confirm"]  # nothing was left waiting


@pytest.mark.parametrize(("text", "locale"), STOP_THEN_DELETE)
async def test_the_cancel_button_drops_it_too(desk: TraderDesk, text: str, locale: str) -> None:
    await traders(desk, "alpha")
    asked = await desk.chat.say(text)
    cancelled = await desk.chat.press(asked.buttons[1])
    assert codes(cancelled) == ["cancelled", "ask_dropped"] and cancelled.locale == locale
    assert await states(desk) == {"alpha": TraderState.RUNNING, "beta": TraderState.STOPPED}


@pytest.mark.parametrize(("text", "locale"), STOP_THEN_DELETE)
async def test_pressing_the_first_confirm_twice_never_runs_the_second(
    desk: TraderDesk, text: str, locale: str
) -> None:
    await traders(desk, "alpha")
    asked = await desk.chat.say(text)
    once = await desk.chat.press(asked.buttons[0])
    twice = await desk.chat.press(asked.buttons[0])
    assert "confirm_delete" in codes(once)
    assert codes(twice) == ["button_used"] and twice.locale == locale
    assert await states(desk) == {"alpha": TraderState.STOPPED, "beta": TraderState.STOPPED}
    deleted = await desk.chat.press(once.buttons[0])  # the delete's own button does
    assert codes(deleted) == ["trader_deleted"]


@pytest.mark.parametrize(("text", "locale"), STOP_THEN_DELETE)
async def test_an_expired_first_confirmation_drops_the_queued_one(
    desk: TraderDesk, text: str, locale: str
) -> None:
    await traders(desk, "alpha")
    await desk.chat.say(text)
    desk.clock.advance(6 * 60)  # the stop's confirmation lasts 5 minutes
    later = await desk.chat.say("BTC price" if locale == "en" else "比特币价格")
    assert codes(later)[0] == "confirm_expired" and codes(later)[-1] == "ask_dropped"
    assert await states(desk) == {"alpha": TraderState.RUNNING, "beta": TraderState.STOPPED}


async def test_the_queued_one_follows_its_first_through_a_pause(desk: TraderDesk) -> None:
    """Another request in between pauses the stop; the delete waits for it, not for the other
    request, and comes once the stop is resumed and confirmed."""
    await traders(desk, "alpha")
    await desk.chat.say("stop alpha then delete it")
    other = await desk.chat.say("delete trader beta")
    assert codes(other) == ["confirm_delete", "confirm_hint", "task_parked"]
    beta_gone = await desk.chat.press(other.buttons[0])
    assert codes(beta_gone) == ["trader_deleted", "offer_resume"]  # the delete of alpha still waits
    resumed = await desk.chat.press(beta_gone.buttons[0])
    assert codes(resumed)[0] == "confirm_stop"
    stopped = await desk.chat.press(resumed.buttons[0])
    assert codes(stopped)[:3] == ["trader_stopped", "ask_next", "confirm_delete"]


async def test_discarding_the_paused_first_drops_the_queued_one(desk: TraderDesk) -> None:
    await traders(desk, "alpha")
    await desk.chat.say("停掉alpha然后删除它")
    other = await desk.chat.press((await desk.chat.say("删除交易员 beta")).buttons[0])
    discarded = await desk.chat.press(other.buttons[1])
    assert codes(discarded) == ["discarded", "ask_dropped"]
    assert await states(desk) == {"alpha": TraderState.RUNNING}


async def test_the_cancel_command_drops_it_too(desk: TraderDesk) -> None:
    await traders(desk, "alpha")
    await desk.chat.say("stop alpha then delete it")
    cancelled = await desk.chat.command("cancel")
    assert codes(cancelled) == ["cancelled", "ask_dropped"]


@pytest.mark.parametrize(
    "text", ["删除交易员 alpha，然后停止交易员 alpha", "delete trader alpha, then stop trader alpha"]
)
async def test_the_queued_ask_is_checked_against_the_state_after_the_first(
    desk: TraderDesk, text: str
) -> None:
    await traders(desk)  # both stopped: the delete is offered, the stop waits behind it
    asked = await desk.chat.say(text)
    assert codes(asked) == ["confirm_delete", "confirm_hint", "ask_queued"]
    done = await desk.chat.press(asked.buttons[0])
    assert codes(done)[:2] == ["trader_deleted", "ask_next"]
    assert "not_found" in codes(done) and done.status is Status.PARTIAL  # alpha is gone by then
    assert done.buttons == ()  # nothing left to confirm


@pytest.mark.parametrize(
    "text", ["卖掉所有以太坊，然后删除交易员 beta", "sell all my eth, then delete trader beta"]
)
async def test_a_sale_then_a_delete_are_confirmed_one_after_the_other(desk: TraderDesk, text: str) -> None:
    await traders(desk)
    bought = await desk.chat.press((await desk.chat.say("buy 0.1 ETH")).buttons[0])
    assert "order_filled" in codes(bought)
    asked = await desk.chat.say(text)
    assert asked.status is Status.AWAITING_CONFIRMATION and codes(asked)[-1] == "ask_queued"
    sold = await desk.chat.press(asked.buttons[0])
    (order,) = [b for b in sold.blocks if isinstance(b, OrderBlock)]
    assert isinstance(order, OrderBlock) and order.side == "sell"
    assert "confirm_delete" in codes(sold) and "beta" in await states(desk)
    assert codes(await desk.chat.press(sold.buttons[0])) == ["trader_deleted"]


@pytest.mark.parametrize(
    "text", ["卖掉所有狗狗币，然后删除交易员 beta", "sell all my doge, then delete trader beta"]
)
async def test_two_asks_that_each_route_are_no_did_you_mean(desk: TraderDesk, text: str) -> None:
    await traders(desk)
    reply = await desk.chat.say(text)
    assert "did_you_mean" not in codes(reply)
    assert any(s.name == "several_asks" for s in reply.trace)


# -- a new process on the same SQLite file between the two confirmations --------------------------


@asynccontextmanager
async def process(desk: TraderDesk, url: str) -> AsyncIterator[Chat]:
    """What one deskmate process builds on ``desk``'s stores: its own skills, Core and state
    store on its own connection to the database file."""
    queue = JobQueue(desk.jobs, JobKinds(), desk.clock)
    extra = Services().provide(JOBS, queue).provide(DECISION_MODELS, desk.models)
    extra.provide(MODEL_BUDGET, TokenBudget(desk.ledger, None, None))
    skills = full_skills(
        desk.market, desk.clock, accounts=desk.workspace.accounts, models=desk.workspace.models,
        strategies=desk.strategies, traders=desk.traders, audit=desk.workspace.audit, orders=desk.orders,
        extra=extra,
    )  # fmt: skip
    queue.kinds.add(skills.job_kinds)
    engine = create_engine(url)
    store = SqlStateStore(engine)
    try:
        yield Chat(Core(store=store, skills=skills, clock=desk.clock), desk.key)
    finally:
        await store.close()
        await engine.dispose()


@pytest.mark.parametrize(("text", "locale"), STOP_THEN_DELETE)
async def test_a_restart_between_the_two_confirmations_loses_nothing(
    desk: TraderDesk, tmp_path: Path, text: str, locale: str
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}"
    await migrate.upgrade_async(url)
    await traders(desk, "alpha")
    async with process(desk, url) as chat:
        asked = await chat.say(text)
        assert codes(asked)[-1] == "ask_queued"
    async with process(desk, url) as chat:
        stopped = await chat.press(asked.buttons[0])
        assert codes(stopped)[:3] == ["trader_stopped", "ask_next", "confirm_delete"]
        assert stopped.locale == locale
    async with process(desk, url) as chat:
        assert codes(await chat.press(asked.buttons[0])) == ["button_used"]  # the stop's, again
        assert "alpha" in await states(desk)
    async with process(desk, url) as chat:
        deleted = await chat.press(stopped.buttons[0])
        assert codes(deleted) == ["trader_deleted"]
    assert await states(desk) == {"beta": TraderState.STOPPED}
