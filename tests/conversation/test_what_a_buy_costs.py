"""What a coin costs to buy, asked ("how much money do i need to buy 1 eth", "买一个eth要多少钱"): its
price, the ask a buy pays, shown on the quote card (with the worth of an amount other than one), and
nothing offered for confirmation. Was: a buy of 1 ETH offered, or no reply at all for the Chinese
phrasings. "buy 1 eth" stays the buy."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.reply import QuoteBlock, Status
from tests.conversation.conftest import Desk, codes, of, shown


@pytest.mark.parametrize(
    "text",
    [
        "how much money do i need to buy 1 eth",
        "how much usdt do i need to buy 1 eth",
        "多少钱能买一个eth",
        "买一个eth要多少钱",
        "買一顆eth要多少錢",
    ],
)
async def test_the_cost_of_one_coin_is_its_ask(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.route is not None and (reply.route.skill, reply.route.action) == ("price", "current"), reply
    quotes = [b for b in of(reply, QuoteBlock) if isinstance(b, QuoteBlock)]
    assert [(q.symbol, q.price, q.price_type) for q in quotes] == [("ETHUSDT", Decimal("3500.00"), "ask")]
    assert reply.status is not Status.AWAITING_CONFIRMATION, shown(reply)
    assert not desk.orders.orders


@pytest.mark.parametrize(
    "text", ["what would 0.5 btc cost me", "how much would it cost to buy 0.5 btc", "买0.5个btc要多少钱"]
)
async def test_the_cost_of_an_amount_is_shown_exactly(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.route is not None and reply.route.skill == "price", reply
    assert "amount_worth" in codes(reply), shown(reply)
    assert "45,000" in shown(reply), shown(reply)  # 0.5 x 90,000.00, the ask
    assert reply.status is not Status.AWAITING_CONFIRMATION, shown(reply)
    assert not desk.orders.orders


async def test_a_buy_asked_stays_a_buy(desk: Desk) -> None:
    reply = await desk.chat.say("buy 1 eth")
    assert reply.route is not None and (reply.route.skill, reply.route.action) == ("trade_execution", "buy")
    assert reply.status is Status.AWAITING_CONFIRMATION, shown(reply)
