"""An amount said for each of several coins is one order per coin: "帮我买btc和eth各100u", "buy 100u
each of btc and eth", "把sol和doge各卖一半" are two asks, each confirmed on its own (the whole was once
a buy of the first coin alone, the second coin dropped). Where the coins' orders are not one order
with one amount each, the amount is refused, quoting the message, never the first coin's order alone."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.reply import OrderBlock, Status
from tests.cases import each
from tests.conversation.conftest import Desk, codes, of
from tests.fakes import shared_router


@each(
    ("text", "action", "coins", "amount"),
    [
        ("帮我买btc和eth各100u", "buy", ["BTCUSDT", "ETHUSDT"], "quote:100"),
        ("幫我買btc同eth各100u", "buy", ["BTCUSDT", "ETHUSDT"], "quote:100"),
        ("buy 100u each of btc and eth", "buy", ["BTCUSDT", "ETHUSDT"], "quote:100"),
        ("buy btc and eth, 50 usdt each", "buy", ["BTCUSDT", "ETHUSDT"], "quote:50"),
        ("把sol和doge各卖一半", "sell", ["SOLUSDT", "DOGEUSDT"], "fraction:0.5"),
        ("btc和eth分别买100u", "buy", ["BTCUSDT", "ETHUSDT"], "quote:100"),  # 分别's 别 is no "don't"
    ],
)
def test_one_ask_per_coin(text: str, action: str, coins: list[str], amount: str) -> None:
    asks = read_asks(text, shared_router())
    assert [(a.skill, a.action) for a in asks] == [("trade_execution", action)] * len(coins), asks
    assert [(a.slots["symbol"], a.slots["amount"]) for a in asks] == [(c, amount) for c in coins], asks


@each("text", ["sell btc and buy eth, 100u each", "buy btc and eth 100 each"])
def test_no_clean_order_per_coin_is_refused(text: str) -> None:
    (ask,) = read_asks(text, shared_router())
    assert ask.slots["amount"] == f"refused:each_coin:{text}", ask


@each("text", ["btc和eth各自多少钱", "btc和eth分别涨了多少"])
def test_each_of_a_question_is_no_order(text: str) -> None:
    assert [a.skill for a in read_asks(text, shared_router())] == ["price"]


async def test_each_coins_order_is_confirmed_on_its_own(desk: Desk) -> None:
    first = await desk.chat.say("帮我买btc和eth各100u")
    assert first.status is Status.AWAITING_CONFIRMATION and codes(first)[-1] == "ask_queued"
    assert first.route.slots["symbol"] == "BTCUSDT" and len(first.buttons) == 2
    done = await desk.chat.say("确认")
    assert codes(done)[:3] == ["order_filled", "ask_next", "confirm_buy"]  # the ETH order, its own buttons
    assert len(desk.orders.orders) == 1  # the second waits for its own confirmation
    second = await desk.chat.press(done.buttons[0])
    (order,) = of(second, OrderBlock)
    assert isinstance(order, OrderBlock) and order.symbol == "ETHUSDT" and len(desk.orders.orders) == 2


async def test_the_refusal_says_why(desk: Desk) -> None:
    reply = await desk.chat.say("sell btc and buy eth, 100u each")
    assert "one coin's order at a time" in str(reply), reply
    assert not desk.orders.orders
