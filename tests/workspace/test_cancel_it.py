"""A typed cancel with "it" after it ("cancel it", "取消它吧", Hong Kong's "cancel 咗佢") cancels the
confirmation waiting, as "取消" does; a cancel naming something else is no answer to it."""

from __future__ import annotations

import pytest

from core.tasks.answers import is_cancel
from tests.cases import each
from tests.workspace.conftest import Desk, add_binance_account, button, codes

OWNER = "console:user-1"


@pytest.mark.parametrize(
    "text", ["cancel 咗佢", "取消咗佢", "cancel it", "Cancel that!", "取消它吧", "算了吧"]
)
async def test_a_cancel_of_it_cancels_the_confirmation(desk: Desk, text: str) -> None:
    chat = desk.chat
    await add_binance_account(chat)
    confirm = await chat.say("删除交易所 主账户")
    assert codes(await chat.say(text)) == ["cancelled"]
    assert codes(await chat.press(button(confirm, "确认删除"))) == ["button_used"]
    assert len(await desk.workspace.accounts.owned(OWNER)) == 1


@each("text", ["cancel 了他", "取消佢啦", "cancel it pls", "取消掉", "取消"])
def test_a_cancel_word_with_only_it_or_a_particle_after(text: str) -> None:
    assert is_cancel(text)


@each(
    "text",
    ["cancel my btc order", "取消btc单", "cancel that order", "cancellation fee?", "cancel all", "取消订单"],
)
def test_a_cancel_naming_something_is_no_bare_cancel(text: str) -> None:
    assert not is_cancel(text)
