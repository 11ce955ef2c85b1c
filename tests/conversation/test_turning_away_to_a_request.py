"""A request led by a word that turns away from what came before ("算了，查一下BTC价格", "never
mind, what's the btc price") is that request. Before, its "算了" / "never mind" read as a cancel
kept the price intents away, and while a create asked for a name the whole message was taken as
the name ("不是有效的名称")."""

from __future__ import annotations

import pytest

from core.routing.router import after_lead
from tests.fakes import full_router
from tests.workspace.conftest import codes, make_desk


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        ("算了，查一下BTC价格", "BTCUSDT"),
        ("算了，查一下BTC價格", "BTCUSDT"),
        ("never mind, what's the btc price", "BTCUSDT"),
        ("btw, eth price", "ETHUSDT"),
    ],
)
def test_the_request_after_the_lead_is_routed(text: str, symbol: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("price", "current"), route
    assert route.slots["symbols"] == [symbol]


@pytest.mark.parametrize("text", ["算了", "算了，", "never mind", "算了吧", "先不用了"])
def test_a_lead_alone_is_no_request_of_its_own(text: str) -> None:
    assert after_lead(text) is None


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        ("添加一个模拟账户", "算了，查一下BTC价格"),
        ("新增一個模擬帳戶", "算了，查一下BTC價格"),
        ("add a paper account", "never mind, what's the btc price"),
    ],
)
async def test_a_price_asked_while_a_create_asks_a_name(first: str, turn: str) -> None:
    desk = make_desk()
    assert "ask_name" in codes(await desk.chat.say(first))
    reply = await desk.chat.say(turn)
    assert reply.route is not None and reply.route.skill == "price", (reply.route, codes(reply))
