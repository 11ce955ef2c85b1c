"""A protective order's price said as an amount of a coin ("止盈 200 止损 120 sol") is refused,
quoting it, and nothing rests: before session 40 the stop-loss was dropped without a word and the
take-profit alone offered. A price said in USDT ("止损 80000u") is that price (was not read)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.reply import Status
from core.trading.model import OrderStatus
from tests.trading.conftest import confirm_button, make_trade_desk


def notices(reply: object) -> str:
    return " ".join(getattr(b, "text", "") for b in getattr(reply, "blocks", ()))


@pytest.mark.parametrize(
    ("text", "typed"),
    [("止盈 200 止损 120 sol", "120 sol"), ("take profit 200, stop loss 120 sol", "120 sol")],
)
async def test_a_price_said_as_a_coin_amount_is_refused_and_nothing_rests(text: str, typed: str) -> None:
    desk = make_trade_desk()
    bought = await desk.chat.say("buy 1 SOL")
    await desk.chat.press(confirm_button(bought))
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("orders", "protect")
    assert reply.status is not Status.AWAITING_CONFIRMATION
    assert typed in notices(reply)
    assert [o for o in desk.orders.orders.values() if o.status is OrderStatus.OPEN] == []


@pytest.mark.parametrize("text", ["给我的 BTC 设置止损 80000u", "stop loss at 80000 usdt on my btc"])
async def test_a_price_said_in_usdt_is_that_price(text: str) -> None:
    desk = make_trade_desk()
    bought = await desk.chat.say("buy 0.01 BTC")
    await desk.chat.press(confirm_button(bought))
    summary = await desk.chat.say(text)
    assert (summary.route.skill, summary.route.action) == ("orders", "protect")
    assert summary.route.slots["stop_loss"] == "80000"
    assert summary.status is Status.AWAITING_CONFIRMATION
    done = await desk.chat.press(confirm_button(summary))
    (order,) = [o for o in desk.orders.orders.values() if o.status is OrderStatus.OPEN]
    assert order.trigger_price == Decimal(80000) and done.status is Status.COMPLETED
