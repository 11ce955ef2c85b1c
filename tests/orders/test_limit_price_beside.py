"""A limit price said beside its word is the order's price, and a price refused stays the price
(zh + en). Before session 40: "以85000的价格买0.01个比特币" / "buy 0.01 btc at a price of 85000"
refused the amount as two numbers; "buy 100 usdt of btc at -85000" and "limit buy 0.01 btc at
85000,5" were read as an amount refused (asked again, the price then lost: a market order)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.reply import DetailsBlock, NoticeBlock, Status
from tests.trading.conftest import confirm_button, make_trade_desk, order_of


@pytest.mark.parametrize(
    "text", ["以85000的价格买0.01个比特币", "buy 0.01 btc at a price of 85000", "用85000的价位买入0.01个btc"]
)
async def test_a_price_beside_its_word_is_the_limit(text: str) -> None:
    desk = make_trade_desk()
    summary = await desk.chat.say(text)
    route = summary.route
    assert (route.action, route.slots["limit_price"], route.slots["amount"]) == (
        "limit",
        "85000",
        "base:0.01",
    )
    assert summary.status is Status.AWAITING_CONFIRMATION
    assert any(isinstance(b, DetailsBlock) for b in summary.blocks)
    done = await desk.chat.press(confirm_button(summary))
    assert order_of(done).limit_price == Decimal("85000")
    assert desk.orders.trade_log == {}  # it rests: no market fill


@pytest.mark.parametrize(
    ("text", "amount", "typed"),
    [
        ("buy 100 usdt of btc at -85000", "quote:100", "-85000"),
        ("limit buy 0.01 btc at 85000,5", "base:0.01", "85000,5"),
        ("以-85000的价格买0.01个比特币", "base:0.01", "-85000"),
        ("限价85000,5买0.01个比特币", "base:0.01", "85000,5"),
    ],
)
async def test_a_price_refused_is_the_price_refused_never_a_market_order(
    text: str, amount: str, typed: str
) -> None:
    desk = make_trade_desk()
    reply = await desk.chat.say(text)
    route = reply.route
    assert route.action == "limit" and route.slots["amount"] == amount  # the amount kept as said
    refused, asked = reply.blocks[0], reply.blocks[-1]
    assert isinstance(refused, NoticeBlock) and refused.code == "invalid_slot" and typed in refused.text
    assert isinstance(asked, NoticeBlock) and asked.code == "ask_limit_price"  # the price is asked again
    assert reply.status is Status.NEEDS_INPUT
    assert desk.orders.orders == {} and desk.orders.trade_log == {}
