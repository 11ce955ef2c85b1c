"""A limit order with one bare number after its coin and no price read ("limit buy btc 60000",
"挂单买入btc 6万"): the size or the price, refused as a market order's is and asked, never 60,000
BTC; below 1 ("limit buy eth 0.5") it stays the size."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.trading.conftest import codes, make_trade_desk


@pytest.mark.parametrize("text", ["limit buy btc 60000", "挂单买入btc 6万"])
async def test_a_lone_bare_number_of_a_limit_is_refused_and_asked(text: str) -> None:
    desk = make_trade_desk()
    reply = await desk.chat.say(text)
    assert "limit_price" not in reply.route.slots and "amount" not in reply.route.slots
    assert reply.status is Status.NEEDS_INPUT and "invalid_slot" in codes(reply)
    assert not desk.orders.orders


async def test_a_lone_number_below_one_is_still_the_size() -> None:
    reply = await make_trade_desk().chat.say("limit buy eth 0.5")
    assert reply.route.slots["amount"] == "base:0.5"
