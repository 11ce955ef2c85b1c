"""Everyday trade phrasings from a fresh set (session 40, freshc, 100 messages), through the full
router, zh and en. Each failed before its fix."""

from __future__ import annotations

from typing import Any

from core.language.values import refusal_in, refusal_message
from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    ("text", "side", "amount", "price"),
    [
        ("buy 0.01 btc for 85000 each", "buy", "base:0.01", "85000"),
        ("sell 0.5 eth at 4000 each", "sell", "base:0.5", "4000"),
        ("sell 2 sol for 250 apiece", "sell", "base:2", "250"),
        ("买0.01个btc，每个85000", "buy", "base:0.01", "85000"),
        ("卖0.5个eth 每个4000", "sell", "base:0.5", "4000"),
    ],
)
def test_the_price_of_each_coin_is_the_limit_price_not_a_second_amount(
    text: str, side: str, amount: str, price: str
) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit"), route
    assert (route.slots["side"], route.slots["amount"], route.slots["limit_price"]) == (side, amount, price)


@each("text", ["buy 100 each day", "每个月买100u btc", "每个币的盈亏"])
def test_each_without_a_coin_price_is_no_limit_order(text: str) -> None:
    route = _route(text)
    assert route is None or route.action != "limit", route


@each(
    ("text", "side", "price", "amount"),
    [
        ("buy btc if it drops to 80000", "buy", "80000", None),  # was a buy of 80000 BTC
        ("sell 0.5 eth when it rises to 4000", "sell", "4000", "base:0.5"),
        ("btc跌到80000就买0.01个", "buy", "80000", "base:0.01"),  # was refused as two numbers
        ("比特幣跌到80000就買0.01顆", "buy", "80000", "base:0.01"),
        ("eth涨到4000挂单卖0.5个", "sell", "4000", "base:0.5"),
    ],
)
def test_the_price_a_coin_moves_to_is_the_limit_price_never_an_amount(
    text: str, side: str, price: str, amount: str | None
) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit"), route
    slots = route.slots
    assert (slots["side"], slots["limit_price"], slots.get("amount")) == (side, price, amount)


@each(
    ("text", "typed"),
    [("sell btc if it falls to 80000", "80000"), ("buy 0.1 btc if it goes above 90000", "90000"),
     ("btc跌破80000就卖掉", "80000")],
)  # fmt: skip
def test_a_stop_order_said_as_a_trade_is_refused_quoting_its_price(text: str, typed: str) -> None:
    route = _route(text)
    # an order at that level still (its price refused, then asked), never one at the market now
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit"), route
    assert refusal_in(route.slots["limit_price"]) == ("stop_trigger", typed)
    assert typed in refusal_message("zh", "stop_trigger", typed) and "stop order" in refusal_message(
        "en", "stop_trigger", typed
    )


@each("text", ["现在该买btc吗", "btc能买吗", "我應該賣eth嗎", "能不能买sol"])
def test_advice_asked_is_never_an_order(text: str) -> None:
    route = _route(text)
    assert route is None or route.skill != "trade_execution", route


@each(
    ("text", "skill", "action"),
    [
        ("btc停損 80000", "orders", "protect"),  # Taiwan's stop-loss word
        ("我有哪些没成交的单", "orders", "open_orders"),
        ("how much have i lost this month", "pnl", "report"),
        ("sel 2 sol", "trade_execution", "sell"),
    ],
)
def test_everyday_words_route(text: str, skill: str, action: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == (skill, action), route


@each(
    ("text", "order_no"),
    [("把3号挂单撤了", "3"), ("撤掉2号单", "2"), ("撤銷3號掛單", "3"), ("cancel order 3", "3"),
     ("撤掉所有挂单", "all")],
)  # fmt: skip
def test_an_order_cancelled_by_its_number_is_that_order_never_all(text: str, order_no: str) -> None:
    route = _route(text)  # "把3号挂单撤了" cancelled every open order
    assert route is not None and (route.skill, route.action) == ("orders", "cancel"), route
    assert route.slots["order_no"] == order_no
