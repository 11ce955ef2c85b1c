"""A strategy named in a start ("重启BTC定投", "restart my btc dca", "resume my eth grid") starts the
trader running it: a strategy has no start of its own, it runs in its traders (as a stop of it
stops them). Several stopped traders with it are asked about; none with it, or all of them running
already, is said, with how to run it; a question or a new one ("start a btc dca") starts nothing.
Was: no reading ("I can't help with that yet")."""

from __future__ import annotations

import pytest

from core.reply import Reply, Status
from core.traders.model import NewTrader, TraderState
from tests.traders.conftest import AUDIT, OWNER, TraderDesk, codes, dca, grid, text_of


async def _states(desk: TraderDesk) -> dict[str, TraderState]:
    return {t.name: t.state for t in await desk.traders.owned(OWNER)}


async def _setup(desk: TraderDesk, strategy: str, mine: tuple[str, ...] = ("alpha",)) -> None:
    account = await desk.account()
    chosen = await desk.strategy(strategy, dca(), default=True)
    other = await desk.strategy("eth grid", grid())
    for name, picked in ((n, chosen) for n in mine):
        await desk.traders.create(
            NewTrader(OWNER, name, account.id, picked.id, None, False, False, desk.clock.now()), AUDIT
        )
    await desk.traders.create(
        NewTrader(OWNER, "gamma", account.id, other.id, None, False, False, desk.clock.now()), AUDIT
    )


async def _confirmed(desk: TraderDesk, reply: Reply) -> Reply:
    if reply.status is Status.AWAITING_CONFIRMATION:
        return await desk.chat.press(reply.buttons[0].token)
    return reply


STARTS = [
    ("BTC定投", "重启BTC定投"),
    ("BTC定投", "启动BTC定投"),
    ("BTC定投", "重啟BTC定投"),
    ("BTC DCA", "restart my btc dca"),
    ("BTC DCA", "resume BTC DCA"),
    ("steady stacker", "重启我的定投"),
]


@pytest.mark.parametrize(("strategy", "text"), STARTS)
async def test_the_trader_running_a_strategy_is_started(desk: TraderDesk, strategy: str, text: str) -> None:
    await _setup(desk, strategy)
    asked = await desk.chat.say(text)
    assert (asked.route.skill, asked.route.action) == ("trader_management", "start"), text_of(asked)
    await _confirmed(desk, asked)
    states = await _states(desk)
    assert states["alpha"] is TraderState.RUNNING, text_of(asked)
    assert states["gamma"] is TraderState.STOPPED  # another strategy's trader


@pytest.mark.parametrize("text", ["重启BTC定投", "restart my btc dca"])
async def test_several_stopped_traders_are_asked_about(desk: TraderDesk, text: str) -> None:
    await _setup(desk, "BTC定投" if "定投" in text else "BTC DCA", mine=("alpha", "beta"))
    asked = await desk.chat.say(text)
    assert asked.status is Status.NEEDS_INPUT, text_of(asked)
    assert sorted(b.label for b in asked.buttons) == ["alpha", "beta"]
    assert (await _states(desk))["alpha"] is TraderState.STOPPED  # nothing before the choice
    chosen = next(b for b in asked.buttons if b.label == "beta")
    await _confirmed(desk, await desk.chat.press(chosen.token))
    states = await _states(desk)
    assert states["beta"] is TraderState.RUNNING and states["alpha"] is TraderState.STOPPED


@pytest.mark.parametrize("text", ["重启BTC定投", "restart my btc dca"])
async def test_no_trader_with_the_strategy_says_how_to_run_it(desk: TraderDesk, text: str) -> None:
    strategy = "BTC定投" if "定投" in text else "BTC DCA"
    await _setup(desk, strategy, mine=())
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "start"), text_of(reply)
    assert "none_on_strategy" in codes(reply), text_of(reply)
    assert strategy in text_of(reply)
    assert reply.status is not Status.AWAITING_CONFIRMATION and not reply.buttons
    assert (await _states(desk))["gamma"] is TraderState.STOPPED  # no other strategy's trader


@pytest.mark.parametrize("text", ["重启BTC定投", "restart my btc dca"])
async def test_all_running_already_is_said(desk: TraderDesk, text: str) -> None:
    await _setup(desk, "BTC定投" if "定投" in text else "BTC DCA")
    await _confirmed(desk, await desk.chat.say("start trader alpha"))
    assert (await _states(desk))["alpha"] is TraderState.RUNNING
    reply = await desk.chat.say(text)
    assert "already_running" in codes(reply), text_of(reply)
    assert "alpha" in text_of(reply)
    assert (await _states(desk))["gamma"] is TraderState.STOPPED


# A question, a supposition or a new one asked starts nothing.
NO_START = ["什么时候重启我的BTC定投", "what if i restart my btc dca", "start a btc dca", "启动一个btc定投"]


@pytest.mark.parametrize("text", NO_START)
async def test_no_start_is_made_of_a_question_or_a_new_one(desk: TraderDesk, text: str) -> None:
    await _setup(desk, "BTC定投" if "定投" in text else "BTC DCA")
    reply = await desk.chat.say(text)
    assert reply.route is None or (reply.route.skill, reply.route.action) != ("trader_management", "start")
    assert (await _states(desk))["alpha"] is TraderState.STOPPED
