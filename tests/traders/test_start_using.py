"""A start told what to use ("start rex using main", "用main启动rex"): rex is started and its account is
not changed, and the reply says so plainly, with the words that change it. Was: rex started and
nothing said of main, so the person believed rex now traded on main."""

from __future__ import annotations

import pytest

from tests.conversation.conftest import codes, shown
from tests.traders.conftest import dca, make_desk


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("start rex using main", "set rex's account to main"),
        ("用main启动rex", "把rex的账户改成main"),
    ],
)
async def test_the_account_is_said_unchanged(text: str, said: str) -> None:
    desk = make_desk()
    paper = await desk.account("模拟账户")
    await desk.account("main")
    await desk.strategy("定投", dca(), default=True)
    asked = await desk.chat.say("创建一个交易员 叫 rex")
    await desk.chat.press(asked.buttons[0])  # its account: 模拟账户
    reply = await desk.chat.say(text)
    assert "trader_started" in codes(reply), shown(reply)
    assert "field_not_changed" in codes(reply), shown(reply)
    assert said in shown(reply) and "模拟账户" in shown(reply), shown(reply)
    [rex] = await desk.traders.owned(desk.owner)
    assert rex.account_id == paper.id  # unchanged


async def test_a_plain_start_says_nothing_of_it() -> None:
    desk = make_desk()
    await desk.account("模拟账户")
    await desk.account("main")
    await desk.strategy("定投", dca(), default=True)
    asked = await desk.chat.say("创建一个交易员 叫 rex")
    await desk.chat.press(asked.buttons[0])
    reply = await desk.chat.say("start rex")
    assert "trader_started" in codes(reply) and "field_not_changed" not in codes(reply), shown(reply)
