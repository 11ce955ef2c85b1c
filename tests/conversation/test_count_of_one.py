"""A "one" said where a coin would go ("sell one", "buy one please") is how many, of a coin not said:
the coin is asked (nothing placed), never the coin ONE. Typed as the ticker ("buy ONE", "$one") or
with a number ("sell 100 one") it stays the coin. Was: an order of the coin ONE offered."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.conversation.conftest import Desk, shown


@pytest.mark.parametrize("text", ["sell one", "buy one", "sell one please", "Sell one"])
async def test_one_alone_asks_the_coin(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.route is not None and reply.route.skill == "trade_execution", reply
    assert reply.route.slots.get("amount") == "base:1", reply.route  # one, of the coin asked
    assert reply.status is not Status.AWAITING_CONFIRMATION, shown(reply)
    assert "ONE" not in shown(reply), shown(reply)  # never the coin ONE
    assert not desk.orders.orders


@pytest.mark.parametrize("text", ["buy ONE", "sell 100 one", "buy $one"])
async def test_the_ticker_stays_the_coin(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert "ONE" in shown(reply), shown(reply)  # the coin ONE (its rules not loaded in the test)
    assert not desk.orders.orders
