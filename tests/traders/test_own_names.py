"""The person's own trader names route without the word "trader" (issue 21): after creating
机器人一号, "启动机器人一号" starts it and "停一下机器人一号" stops it; the same in English; a name
that also belongs to another kind of record is still asked about, never guessed."""

from __future__ import annotations

import pytest

from core.reply import BalanceBlock, Status
from core.traders.model import TraderState
from tests.traders.conftest import OWNER, TraderDesk, codes, dca, text_of


async def _state(desk: TraderDesk, name: str) -> TraderState:
    return next(t for t in await desk.traders.owned(OWNER) if t.name == name).state


@pytest.mark.parametrize(
    ("create", "start", "stop", "name"),
    [
        ("创建一个交易员 叫 机器人一号", "启动机器人一号", "停一下机器人一号", "机器人一号"),
        ("create a trader named Robo One", "start Robo One", "pause robo one", "Robo One"),
    ],
)
async def test_a_trader_named_by_its_own_name_starts_and_stops(
    desk: TraderDesk, create: str, start: str, stop: str, name: str
) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    created = await desk.chat.say(create)
    assert created.status is Status.COMPLETED, text_of(created)
    started = await desk.chat.say(start)
    assert (started.route.skill, started.route.action) == ("trader_management", "start"), text_of(started)
    assert "trader_started" in codes(started), text_of(started)
    assert await _state(desk, name) is TraderState.RUNNING
    stopped = await desk.chat.say(stop)
    assert (stopped.route.skill, stopped.route.action) == ("trader_management", "stop"), text_of(stopped)
    if stopped.status is Status.AWAITING_CONFIRMATION:
        stopped = await desk.chat.press(stopped.buttons[0].token)
    assert await _state(desk, name) is TraderState.STOPPED, text_of(stopped)


async def test_traditional_characters_name_the_same_trader(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say("创建一个交易员 叫 机器人一号")
    started = await desk.chat.say("啟動機器人一號")
    assert "trader_started" in codes(started), text_of(started)


@pytest.mark.parametrize("text", ["启动机器人一号", "start robo one"])
async def test_a_name_nobody_has_is_not_a_trader_request(desk: TraderDesk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.route is None or reply.route.skill != "trader_management", text_of(reply)


@pytest.mark.parametrize(
    ("text", "said"), [("机器人一号运行得怎么样", "机器人一号"), ("how is Robo One doing", "Robo One")]
)
async def test_how_one_of_their_traders_is_doing(desk: TraderDesk, text: str, said: str) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say(f"创建一个交易员 叫 {said}")
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "query"), text_of(reply)
    assert reply.route.slots.get("target_ref") == {"name": said}, reply.route


@pytest.mark.parametrize(
    ("create", "name", "text", "new"),
    [
        ("创建一个交易员 叫 机器人一号", "机器人一号", "把机器人一号改名为机器人二号", "机器人二号"),
        ("create a trader named Robo One", "Robo One", "rename robo one to bot two", "bot two"),
    ],
)
async def test_one_of_their_traders_renamed_to_a_name_with_the_word_for_bot(
    desk: TraderDesk, create: str, name: str, text: str, new: str
) -> None:
    """ "把机器人一号改名为机器人二号" was "I can't help with that yet": the 机器人 of the new name
    was taken for the everyday word of a name nobody has."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say(create)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "update"), text_of(reply)
    if reply.status is Status.AWAITING_CONFIRMATION:
        reply = await desk.chat.press(reply.buttons[0].token)
    assert [t.name for t in await desk.traders.owned(OWNER)] == [new], text_of(reply)


@pytest.mark.parametrize(
    ("create", "text"),
    [
        ("创建一个交易员 叫 机器人一号", "把机器人一号的策略换成ETH网格"),
        ("create a trader named beta", "change beta's strategy to ETH网格"),
    ],
)
async def test_their_traders_strategy_changed_by_the_traders_name(
    desk: TraderDesk, create: str, text: str
) -> None:
    """It was read as renaming a strategy called 机器人一号 to ETH网格 ("the name ETH网格 is taken")."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    grid = await desk.strategy("ETH网格", dca("ETHUSDT"))
    await desk.chat.say(create)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "update"), text_of(reply)
    if reply.status is Status.AWAITING_CONFIRMATION:
        reply = await desk.chat.press(reply.buttons[0].token)
    (trader,) = await desk.traders.owned(OWNER)
    assert trader.strategy_id == grid.id, text_of(reply)


@pytest.mark.parametrize(
    ("create", "text", "shown"),
    [
        ("创建一个交易员 叫 机器人一号", "机器人一号用的哪个策略", "定投"),
        ("create a trader named beta", "which strategy does beta use", "定投"),
    ],
)
async def test_which_strategy_one_of_their_traders_runs(
    desk: TraderDesk, create: str, text: str, shown: str
) -> None:
    """Both were "I can't help with that yet"."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say(create)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "query"), text_of(reply)
    assert shown in text_of(reply)


@pytest.mark.parametrize(
    ("text", "said"), [("删除交易员 机器人一号", "机器人一号"), ("delete trader robo one", "robo one")]
)
async def test_a_trader_they_do_not_have_is_said_back_by_the_whole_name(
    desk: TraderDesk, text: str, said: str
) -> None:
    """ "删除交易员 机器人一号" looked for a trader "一号" (the 机器人 taken for the word for a bot)."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say("创建一个交易员 叫 alpha")
    reply = await desk.chat.say(text)
    assert reply.route.slots.get("target_ref") == {"name": said}, reply.route
    assert said in text_of(reply) and "alpha" in text_of(reply)


@pytest.mark.parametrize(
    ("create", "text", "name"),
    [
        ("创建一个交易员 叫 机器人一号", "启动机器人一号，然后查一下我的余额", "机器人一号"),
        ("create a trader named Robo One", "start robo one, then show my balance", "Robo One"),
    ],
)
async def test_their_trader_named_in_one_of_several_asks(
    desk: TraderDesk, create: str, text: str, name: str
) -> None:
    """Each ask of a message is read with the person's own names, as a message alone is: the
    start of 机器人一号 was lost (its piece routed without the names, so the message was read as
    the balance alone)."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say(create)
    reply = await desk.chat.say(text)
    assert "trader_started" in codes(reply), text_of(reply)
    assert any(isinstance(b, BalanceBlock) for b in reply.blocks), text_of(reply)
    assert await _state(desk, name) is TraderState.RUNNING


@pytest.mark.parametrize(
    ("create", "text", "name"),
    [
        ("创建一个交易员 叫 机器人一号", "停掉机器人一号然后删除它", "机器人一号"),
        ("create a trader named Robo One", "stop robo one then delete it", "Robo One"),
    ],
)
async def test_stop_their_trader_then_delete_it(desk: TraderDesk, create: str, text: str, name: str) -> None:
    """ "它" / "it" in the second ask is the trader the first ask named (before: an exchange account
    called "它" to delete, or the stop lost). The stop waits for its confirmation; the deletion waits
    behind it, naming it, never another record deleted, and is offered once the stop ran."""
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say(create)
    await desk.chat.say("启动" + name if create.startswith("创建") else "start " + name)
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, text_of(reply)
    assert [r.action for r in (reply.route,)] == ["stop"], reply.route
    assert text_of(reply).count(name) >= 2, text_of(reply)  # the stop's and the deletion's answer
    assert "它" not in text_of(reply)
    stopped = await desk.chat.press(reply.buttons[0].token)
    assert await _state(desk, name) is TraderState.STOPPED
    assert "confirm_delete" in codes(stopped) and name in text_of(stopped), text_of(stopped)
