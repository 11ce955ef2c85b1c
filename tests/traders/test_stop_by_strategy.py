"""A strategy named in a stop ("停掉BTC定投", "stop my btc dca") stops the traders running it, after a
confirmation listing them; others (another strategy's, stopped ones) are left as they are; none
running it is said so (zh + en). Was: "I can't help with that yet"."""

from __future__ import annotations

import pytest

from core.reply import Status
from core.traders.model import NewTrader, TraderState
from tests.traders.conftest import AUDIT, OWNER, TraderDesk, codes, dca, grid, text_of


async def _states(desk: TraderDesk) -> dict[str, TraderState]:
    return {t.name: t.state for t in await desk.traders.owned(OWNER)}


async def _setup(desk: TraderDesk, strategy: str) -> None:
    account = await desk.account()
    mine = await desk.strategy(strategy, dca(), default=True)
    other = await desk.strategy("grid one", dca("ETHUSDT"))
    for name, chosen in (("alpha", mine), ("beta", mine), ("gamma", other), ("delta", mine)):
        await desk.traders.create(
            NewTrader(OWNER, name, account.id, chosen.id, None, False, False, desk.clock.now()), AUDIT
        )
    for name in ("alpha", "beta", "gamma"):
        started = await desk.chat.say(f"start trader {name}")
        if started.status is Status.AWAITING_CONFIRMATION:
            await desk.chat.press(started.buttons[0].token)
    assert (await _states(desk))["alpha"] is TraderState.RUNNING


@pytest.mark.parametrize(("strategy", "text"), [("BTC定投", "停掉BTC定投"), ("BTC DCA", "stop my btc dca")])
async def test_the_traders_running_a_strategy_are_stopped(desk: TraderDesk, strategy: str, text: str) -> None:
    await _setup(desk, strategy)
    asked = await desk.chat.say(text)
    assert (asked.route.skill, asked.route.action) == ("trader_management", "stop"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION, text_of(asked)
    assert strategy in text_of(asked)
    assert (await _states(desk))["alpha"] is TraderState.RUNNING  # nothing before the confirmation
    done = await desk.chat.press(asked.buttons[0].token)
    assert "traders_stopped" in codes(done), text_of(done)
    states = await _states(desk)
    assert states["alpha"] is TraderState.STOPPED and states["beta"] is TraderState.STOPPED
    assert states["gamma"] is TraderState.RUNNING  # another strategy's


@pytest.mark.parametrize(("strategy", "text"), [("BTC定投", "停掉BTC定投"), ("BTC DCA", "stop my btc dca")])
async def test_no_trader_running_the_strategy_is_said(desk: TraderDesk, strategy: str, text: str) -> None:
    await desk.account()
    await desk.strategy(strategy, dca(), default=True)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "stop"), text_of(reply)
    assert "none_running" in codes(reply), text_of(reply)
    assert strategy in text_of(reply)


# A strategy said by its coin and kind ("停掉ETH定投", "stop my eth dca") and not by its name.
# Was: no route unless a strategy was named exactly so ("I can't help with that yet").
BY_KIND = [("停掉ETH定投", "ETH定投"), ("幫我停掉ETH定投", "ETH定投"), ("stop my eth dca", "eth dca")]


@pytest.mark.parametrize(("text", "said"), BY_KIND)
async def test_no_strategy_of_that_coin_and_kind_is_said_back_with_theirs(
    desk: TraderDesk, text: str, said: str
) -> None:
    account = await desk.account()
    mine = await desk.strategy("BTC定投", dca(), default=True)
    await desk.strategy("eth grid", grid())  # another kind: no DCA on ETH
    await desk.traders.create(
        NewTrader(OWNER, "alpha", account.id, mine.id, None, False, False, desk.clock.now()), AUDIT
    )
    await desk.chat.say("start trader alpha")
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "stop"), text_of(reply)
    assert "not_found" in codes(reply), text_of(reply)
    assert said in text_of(reply) and "BTC定投" in text_of(reply), text_of(reply)
    assert reply.status is not Status.AWAITING_CONFIRMATION and not reply.buttons
    assert (await _states(desk))["alpha"] is TraderState.RUNNING  # no other record acted on


@pytest.mark.parametrize("text", ["停掉BTC定投", "幫我停掉BTC定投", "stop my btc dca"])
async def test_their_one_strategy_of_that_coin_and_kind_is_stopped(desk: TraderDesk, text: str) -> None:
    await _setup(desk, "steady stacker")  # a DCA on BTC under a name of its own
    asked = await desk.chat.say(text)
    assert (asked.route.skill, asked.route.action) == ("trader_management", "stop"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION, text_of(asked)
    assert "steady stacker" in text_of(asked)
    done = await desk.chat.press(asked.buttons[0].token)
    assert "traders_stopped" in codes(done), text_of(done)
    states = await _states(desk)
    assert states["alpha"] is TraderState.STOPPED and states["gamma"] is TraderState.RUNNING


@pytest.mark.parametrize("text", ["停掉BTC定投", "幫我停掉BTC定投", "stop my btc dca"])
async def test_several_strategies_of_that_coin_and_kind_are_asked_about(desk: TraderDesk, text: str) -> None:
    await _setup(desk, "steady stacker")
    await desk.strategy("slow stacker", dca(interval="1w"))
    asked = await desk.chat.say(text)
    assert asked.status is Status.NEEDS_INPUT, text_of(asked)
    assert sorted(b.label for b in asked.buttons) == ["slow stacker", "steady stacker"]
    chosen = next(b for b in asked.buttons if b.label == "steady stacker")
    confirm = await desk.chat.press(chosen.token)
    assert confirm.status is Status.AWAITING_CONFIRMATION, text_of(confirm)
    assert "steady stacker" in text_of(confirm)
    done = await desk.chat.press(confirm.buttons[0].token)
    assert "traders_stopped" in codes(done), text_of(done)
    assert (await _states(desk))["alpha"] is TraderState.STOPPED


async def test_which_strategy_may_be_answered_by_its_name(desk: TraderDesk) -> None:
    await _setup(desk, "steady stacker")
    await desk.strategy("slow stacker", dca(interval="1w"))
    asked = await desk.chat.say("stop my btc dca")
    assert asked.status is Status.NEEDS_INPUT, text_of(asked)
    confirm = await desk.chat.say("steady stacker")
    assert confirm.status is Status.AWAITING_CONFIRMATION, text_of(confirm)
    assert "steady stacker" in text_of(confirm)


# A question about when to stop is no stop: "什么时候该停止定投" was a stop of a strategy called
# "什么时候 定投" ("you have no strategy called …"); it is no request of the trader skill, as
# "停止定投会怎样" and "how do i stop a dca" are not (the planner answers it).
WHEN = [
    "什么时候该停止定投",
    "什么时候停掉我的BTC定投",
    "什麼時候該停止定投",
    "停止定投會怎樣",
    "when should I stop my dca",
    "when to stop my btc dca",
]


@pytest.mark.parametrize("text", WHEN)
async def test_a_question_about_when_to_stop_stops_nothing(desk: TraderDesk, text: str) -> None:
    account = await desk.account()
    mine = await desk.strategy("BTC定投", dca(), default=True)
    await desk.traders.create(
        NewTrader(OWNER, "alpha", account.id, mine.id, None, False, False, desk.clock.now()), AUDIT
    )
    await desk.chat.say("start trader alpha")
    reply = await desk.chat.say(text)
    assert reply.route is None or reply.route.skill != "trader_management", text_of(reply)
    assert "not_found" not in codes(reply) and reply.status is not Status.AWAITING_CONFIRMATION
    assert (await _states(desk))["alpha"] is TraderState.RUNNING


# "How do I stop my BTC DCA" asks for it done, as "how do i stop trader alpha" is: the stop is
# offered with its confirmation (or none running said). Was: the strategy's card, or nothing read.
# Without "my" ("how do i stop a dca") it is a question about DCAs, not a stop (WHEN above).
HOW = ["怎么停掉我的BTC定投", "怎麼停掉我的BTC定投", "how do I stop my btc dca"]


@pytest.mark.parametrize("text", HOW)
async def test_how_do_i_stop_my_strategy_offers_the_stop(desk: TraderDesk, text: str) -> None:
    await _setup(desk, "BTC定投" if "定投" in text else "BTC DCA")
    asked = await desk.chat.say(text)
    assert (asked.route.skill, asked.route.action) == ("trader_management", "stop"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION, text_of(asked)
    assert (await _states(desk))["alpha"] is TraderState.RUNNING  # nothing before the confirmation
    done = await desk.chat.press(asked.buttons[0].token)
    assert "traders_stopped" in codes(done), text_of(done)
    states = await _states(desk)
    assert states["alpha"] is TraderState.STOPPED and states["gamma"] is TraderState.RUNNING


@pytest.mark.parametrize("text", HOW)
async def test_how_do_i_stop_my_strategy_with_none_running_says_so(desk: TraderDesk, text: str) -> None:
    await desk.account()
    await desk.strategy("BTC定投" if "定投" in text else "BTC DCA", dca(), default=True)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "stop"), text_of(reply)
    assert "none_running" in codes(reply), text_of(reply)


@pytest.mark.parametrize("text", ["how do i stop a dca", "怎么停止定投", "如何停止定投"])
async def test_how_to_stop_a_dca_in_general_stops_nothing(desk: TraderDesk, text: str) -> None:
    await _setup(desk, "BTC定投")
    reply = await desk.chat.say(text)
    assert reply.route is None or reply.route.skill != "trader_management", text_of(reply)
    assert (await _states(desk))["alpha"] is TraderState.RUNNING


# "How do I start alpha" names one of their traders: the start is offered, never run at once, even
# on a paper account (a plain "start trader alpha" there starts it). Was: started unasked.
@pytest.mark.parametrize("text", ["how do i start alpha", "怎么开始alpha", "alpha怎么启动"])
async def test_how_do_i_start_my_trader_offers_the_start(desk: TraderDesk, text: str) -> None:
    await _setup(desk, "BTC定投")
    assert (await _states(desk))["delta"] is not TraderState.RUNNING
    asked = await desk.chat.say(text.replace("alpha", "delta"))
    assert (asked.route.skill, asked.route.action) == ("trader_management", "start"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION, text_of(asked)
    assert (await _states(desk))["delta"] is not TraderState.RUNNING  # nothing before the confirmation
    await desk.chat.press(asked.buttons[0].token)
    assert (await _states(desk))["delta"] is TraderState.RUNNING
