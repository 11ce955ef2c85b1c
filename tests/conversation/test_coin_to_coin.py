"""A coin converted straight into another ("swap 0.5 eth for sol", "把eth换成sol") is refused whole:
deskmate trades each coin against USDT, so the task ends saying to ask it as two orders, nothing
asked, nothing placed; a coin converted to or from USDT is its sale or buy, offered to confirm."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.conversation.conftest import Desk, codes, shown


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("swap 0.5 eth for sol", "two orders"),
        ("把eth换成sol", "分两步"),
    ],
)
async def test_a_coin_into_another_ends_without_a_question(desk: Desk, text: str, said: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED and codes(reply) == ["coin_to_coin"], (codes(reply), reply)
    assert said in shown(reply) and "?" not in shown(reply) and "？" not in shown(reply)
    assert not desk.orders.orders


@pytest.mark.parametrize("text", ["swap 100 usdt for sol", "把100u换成btc"])
async def test_a_coin_converted_with_usdt_is_an_order_to_confirm(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, reply
    assert not desk.orders.orders
