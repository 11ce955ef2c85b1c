"""A second ask said without a verb asks what the first asks, of something else: "buy 50u of btc
and 50u of eth", "买0.1个eth和0.2个sol", "買 100U 的 SOL 同埋 100U 的 ETH" are two buys, each
confirmed on its own (the second piece once routed nowhere, so the whole was one buy with its
two numbers refused, or a buy of the first coin alone). A list of coins for one request stays one
ask ("比特币和以太坊的价格", "btc and eth chart")."""

from __future__ import annotations

import pytest

from core.conversation.reading import read_asks
from core.reply import OrderBlock, Status
from tests.cases import each
from tests.conversation.conftest import Desk, codes, of
from tests.fakes import shared_router


@each(
    ("text", "action", "first", "second"),
    [
        ("buy 50u of btc and 50u of eth", "buy", ("BTCUSDT", "quote:50"), ("ETHUSDT", "quote:50")),
        ("买0.1个eth和0.2个sol", "buy", ("ETHUSDT", "base:0.1"), ("SOLUSDT", "base:0.2")),
        ("買 100U 的 SOL 同埋 100U 的 ETH", "buy", ("SOLUSDT", "quote:100"), ("ETHUSDT", "quote:100")),
        ("sell 0.1 btc and 0.2 eth", "sell", ("BTCUSDT", "base:0.1"), ("ETHUSDT", "base:0.2")),
        ("卖0.1个btc，0.2个eth", "sell", ("BTCUSDT", "base:0.1"), ("ETHUSDT", "base:0.2")),
    ],
)
def test_a_second_ask_without_a_verb_takes_the_first_asks(
    text: str, action: str, first: tuple[str, str], second: tuple[str, str]
) -> None:
    asks = read_asks(text, shared_router())
    assert [(a.skill, a.action) for a in asks] == [("trade_execution", action)] * 2, asks
    assert [(a.slots["symbol"], a.slots["amount"]) for a in asks] == [first, second], asks


@each(
    ("text", "skill"),
    [("比特币和以太坊的价格", "price"), ("btc and eth chart", "price"), ("BTC and ETH prices", "price")],
)
def test_a_list_of_coins_for_one_request_stays_one_ask(text: str, skill: str) -> None:
    asks = read_asks(text, shared_router())
    assert [a.skill for a in asks] == [skill], asks


@pytest.mark.parametrize(
    ("text", "confirm"), [("buy 50u of btc and 50u of eth", "yes"), ("买0.01个btc和0.02个eth", "确认")]
)
async def test_each_order_is_confirmed_on_its_own(desk: Desk, text: str, confirm: str) -> None:
    first = await desk.chat.say(text)
    assert first.status is Status.AWAITING_CONFIRMATION and codes(first)[-1] == "ask_queued"
    assert first.route.slots["symbol"] == "BTCUSDT" and len(first.buttons) == 2
    done = await desk.chat.say(confirm)
    assert codes(done)[:3] == ["order_filled", "ask_next", "confirm_buy"]  # the ETH order, its own buttons
    assert done.status is Status.AWAITING_CONFIRMATION and len(done.buttons) == 2
    assert len(desk.orders.orders) == 1  # the second waits for its own confirmation
    second = await desk.chat.press(done.buttons[0])
    (order,) = of(second, OrderBlock)
    assert isinstance(order, OrderBlock) and order.symbol == "ETHUSDT" and len(desk.orders.orders) == 2
