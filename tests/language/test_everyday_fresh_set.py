"""Everyday phrasings from a fresh set written as people type them (session 39), none shown to the
router before: Cantonese and Taiwanese wording, slang and typos, in zh and en, through the full
router. Each failed before its fix."""

from __future__ import annotations

from typing import Any

from core.language.gazetteer import Gazetteer
from core.language.own_names import plain_words
from core.routing.router import RouteContext
from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    ("text", "symbol"),
    [
        ("而家eth幾錢", "ETHUSDT"),  # Hong Kong: "now", "how much"
        ("比特幣而家幾錢", "BTCUSDT"),
        ("幫我睇下sol價", "SOLUSDT"),  # "价" alone after the coin
        ("sol价", "SOLUSDT"),
        ("doge pric", "DOGEUSDT"),  # a typo of "price"
        ("eth prce", "ETHUSDT"),
    ],
)
def test_a_price_asked_in_everyday_words(text: str, symbol: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("price", "current"), route
    assert route.slots["symbols"] == [symbol]


@each("text", ["以太幣這禮拜走勢", "以太坊这个星期的走势", "eth chart this week"])
def test_a_week_said_with_libai_or_xingqi_is_seven_days(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("price", "history"), route
    assert route.slots.get("days") == 7, route


@each("text", ["我都设了啥提醒", "我設了哪幾個提醒"])
def test_which_alerts_asked_with_sha(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("price_alert", "query"), route


@each(
    ("text", "side", "amount", "price"),
    [
        ("在3000挂个买单 买0.1 eth", "buy", "base:0.1", "3000"),
        ("4000挂个卖单 卖0.5个以太坊", "sell", "base:0.5", "4000"),
    ],
)
def test_a_limit_order_said_with_its_side(text: str, side: str, amount: str, price: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit"), route
    slots = route.slots
    assert (slots["side"], str(slots["amount"]), str(slots["limit_price"])) == (side, amount, price)


@each("text", ["我手上都有啥币", "我手里都有哪些币"])
def test_the_coins_in_hand_are_the_positions(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("account_query", "positions"), route


@each("text", ["绑个币安", "绑一下币安"])
def test_binding_an_exchange_said_shortly(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("exchange_management", "create"), route
    assert route.slots.get("exchange") == "binance"


@each(
    ("text", "order_no"),
    [
        ("withdraw order 12", "12"),
        ("取消订单12", "12"),
        ("把订单 7 取消", "7"),
        ("cancel all orders", "all"),
        ("取消所有订单", "all"),
    ],
)
def test_an_order_named_plainly_is_cancelled(text: str, order_no: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "cancel"), route
    assert route.slots.get("order_no") == order_no


@each("text", ["为什么我的订单被取消了", "why was my order cancelled"])
def test_an_order_cancelled_asked_why_is_no_cancel(text: str) -> None:
    route = _route(text)
    assert route is None or route.skill != "orders" or route.action != "cancel", route


def _with_names(text: str) -> Any:
    names = {"trader": ["小明", "alpha"], "strategy": ["ETH网格", "大饼定投", "eth grid"]}
    context = RouteContext(names=Gazetteer.of(names, plain=plain_words()))
    return shared_router().route(text, context)


@each(
    ("text", "name"),
    [("ETH网格不要了", "ETH网格"), ("大饼定投不要了", "大饼定投"), ("cancel the eth grid", "eth grid")],
)
def test_a_strategy_of_theirs_no_longer_wanted_is_deleted(text: str, name: str) -> None:
    route = _with_names(text)
    assert route is not None and (route.skill, route.action) == ("strategy_management", "delete"), route
    assert route.slots["target_ref"] == {"name": name}


def test_the_default_cancelled_is_still_no_delete() -> None:
    route = _with_names("取消 ETH网格 的默认")
    assert route is not None and (route.skill, route.action) == ("strategy_management", "deactivate"), route


@each(
    ("text", "trader", "strategy"),
    [
        ("让小明跑ETH网格", "小明", "ETH网格"),
        ("let alpha run the eth grid", "alpha", "eth grid"),
        ("put alpha on the eth grid strategy", "alpha", "eth grid"),
        ("assign alpha to eth grid", "alpha", "eth grid"),
    ],
)
def test_a_trader_given_a_strategy_to_run_is_moved_onto_it(text: str, trader: str, strategy: str) -> None:
    route = _with_names(text)
    assert route is not None and (route.skill, route.action) == ("trader_management", "update"), route
    assert route.slots["field"] == "strategy" and route.slots["strategy"] == strategy
    assert route.slots["target_ref"] == {"name": trader}


@each("text", ["run alpha", "跑小明", "启动小明"])
def test_a_trader_run_with_no_strategy_is_started(text: str) -> None:
    route = _with_names(text)
    assert route is not None and (route.skill, route.action) == ("trader_management", "start"), route


@each("text", ["put 100u into eth", "assign 50u to btc"])
def test_money_put_into_a_coin_is_no_record_update(text: str) -> None:
    route = _route(text)
    assert route is None or route.action != "update", route


@each(
    ("text", "amount"),
    [
        ("buy 1 million usdt of btc", "quote:1000000"),  # was a buy of 1 BTC
        ("buy 2.5 thousand usdt of eth", "quote:2500"),
        ("buy 2 hundred usdt of sol", "quote:200"),
        ("buy 100 million dollars of doge", "quote:100000000"),
        ("buy 1000000 billion usdt of btc", "refused:magnitude:1000000 billion usdt"),
        ("buy 5 grand of btc", "quote:5000"),  # was a buy of 5 BTC
        ("sell 2 grand of sol", "quote:2000"),
        ("买100万u的btc", "quote:1000000"),
        ("用1万U买大饼", "quote:10000"),
    ],
)
def test_money_with_a_scale_in_words_is_read_exactly(text: str, amount: str) -> None:
    route = _route(text)
    assert route is not None and route.skill == "trade_execution", route
    assert route.slots.get("amount") == amount, route


def test_a_level_with_a_scale_in_words_is_read_exactly() -> None:
    route = _route("alert me when btc hits 1 million")
    assert route is not None and route.skill == "price_alert", route
    assert str(route.slots.get("level")) == "1000000", route


@each(
    ("text", "slots"),
    [
        ("btc跌到85000止损", {"symbol": "BTCUSDT", "stop_loss": "85000"}),
        ("eth 4000止盈", {"symbol": "ETHUSDT", "take_profit": "4000"}),
        ("85000止损 90000止盈", {"stop_loss": "85000", "take_profit": "90000"}),  # was a stop at 90000
        ("eth 2800 stop loss", {"symbol": "ETHUSDT", "stop_loss": "2800"}),
        ("4000 take profit, 3000 stop loss", {"take_profit": "4000", "stop_loss": "3000"}),
        ("止盈 200 止损 120", {"take_profit": "200", "stop_loss": "120"}),  # words first, as before
        ("set a stop loss on eth at 2800", {"symbol": "ETHUSDT", "stop_loss": "2800"}),
    ],
)
def test_a_price_said_before_its_order_word_is_that_word_s(text: str, slots: dict[str, str]) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "protect"), route
    assert {k: route.slots.get(k) for k in slots} == slots, route


@each(("text", "provider"), [("設定 OpenAI 模型", "openai"), ("设定一个 deepseek 模型", "deepseek")])
def test_a_model_set_up_with_sheding_is_created(text: str, provider: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("model_management", "create"), route
    assert route.slots.get("provider") == provider
