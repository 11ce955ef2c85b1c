"""Money and orders from blind set s58 NC, through the conversation engine and the full router (zh +
en): money paid in a currency deskmate does not count in is the buy's amount refused (quoting it),
never a limit price; "liquidate" sells; an order told done too early or too late, someone else's
stop-loss or news of others selling place, protect or cancel nothing; a weak ticker said right before
its stop-loss is the coin; how many orders are open is asked of the open orders."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cases import each
from tests.fakes import shared_router
from tests.trading.conftest import TradeDesk, codes, make_trade_desk, notices


@pytest.fixture
def desk() -> TradeDesk:
    return make_trade_desk()


def _route(text: str) -> Any:
    return shared_router().route(text)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("用200蚊買sol", "「200蚊」"),  # was a limit order, its price refused
        ("用200港币买sol", "「200港币」"),
        ("拿50欧元买btc", "「50欧元」"),
    ],
)
async def test_money_paid_in_another_currency_is_the_amount_refused_never_a_price(
    desk: TradeDesk, text: str, quoted: str
) -> None:
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trade_execution", "buy"), reply.route
    assert "limit_price" not in reply.route.slots
    assert codes(reply)[0] == "invalid_slot" and codes(reply)[-1] == "ask_amount", notices(reply)
    assert quoted in notices(reply)
    assert desk.orders.orders == {}


@each(
    ("text", "symbol", "amount"),
    [
        ("liquidate all my doge", "DOGEUSDT", "all"),
        ("liquidate half my sol", "SOLUSDT", "fraction:0.5"),
    ],
)
def test_liquidate_sells(text: str, symbol: str, amount: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "sell"), route
    assert route.slots.get("symbol") == symbol and route.slots.get("amount") == amount


@each(
    "text",
    [
        "昨天撤单撤晚了，亏死",
        "昨天撤單撤太晚，虧爛",
        "cancelled too late, lost a ton",
        "eth卖早了",
        "sold eth too early, rip",
        "阿哥話佢止蝕咗喺58000",
        "my brother said he got stopped out at 58000",
        "币圈新闻：某交易所被盗，黑客在卖eth",
        "breaking news: hackers dumping eth",
    ],
)
def test_a_story_places_protects_or_cancels_nothing(text: str) -> None:
    route = _route(text)
    assert route is None or route.action not in ("buy", "sell", "limit", "protect", "cancel"), route


@each(
    ("text", "slot", "level"),
    [
        ("帮我的link设止损12", "stop_loss", "12"),
        ("我嘅link設個止蝕11", "stop_loss", "11"),
        ("link止盈30", "take_profit", "30"),
    ],
)
def test_a_weak_ticker_said_before_its_stop_is_the_coin(text: str, slot: str, level: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "protect"), route
    assert route.slots.get("symbol") == "LINKUSDT" and route.slots.get(slot) == level, route


@each("text", ["我仲有幾多張單未成交？", "我有多少个挂单", "how many open orders do i have"])
def test_how_many_orders_asks_the_open_orders(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "open_orders"), route


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("buy 1 sat of btc", "“1 sat of btc”"),  # was a buy of 1 BTC
        ("买10万聪的比特币", "「10万聪的比特币」"),  # was a buy of 100,000 BTC
    ],
)
async def test_a_unit_not_known_before_a_coin_is_refused_never_that_many_coins(
    desk: TradeDesk, text: str, quoted: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.route.skill == "trade_execution", reply.route
    assert codes(reply)[0] == "invalid_slot" and codes(reply)[-1] == "ask_amount", notices(reply)
    assert quoted in notices(reply)
    assert desk.orders.orders == {}


def test_satoshis_are_a_hundred_millionth_of_a_bitcoin() -> None:
    route = _route("buy 1 satoshi of btc")
    assert route is not None and route.slots.get("amount") == "base:0.00000001", route


@each("text", ["cancel the btc order i placed yesterday", "撤掉我昨天挂的单", "取消我今天下的eth单"])
def test_an_order_said_with_its_day_is_cancelled_never_its_fills_listed(text: str) -> None:
    route = _route(text)  # was account_query.trades (yesterday's fills)
    assert route is not None and (route.skill, route.action) == ("orders", "cancel"), route
