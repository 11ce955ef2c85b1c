"""Everyday Mainland phrasings as typed or dictated in a chat (session 41, set D: run-ons,
particles, slang): none shown to the router before. Each failed before its fix, which is a word in
the lexicon data, a rule of the value grammar or a condition in an intent table, never a pattern
for the one phrasing. English where the language matters, to show the same ask reads alike."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.language.numbers import Unreadable, numeral
from core.language.values import find_values
from tests.cases import each
from tests.fakes import route_with_names

_NAMES = {"trader": ["alpha", "beta"], "strategy": ["大饼定投", "ETH网格"]}


_route = route_with_names


@each(
    ("text", "period"),
    [
        ("今年到现在是赚了还是亏了", "year"),  # year to date, "到现在" is no price's "now"
        ("今年至今收益多少", "year"),
        ("how much have i made year to date", "year"),
    ],
)
def test_year_to_date_profit(text: str, period: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("pnl", "report"), route
    assert route.slots.get("period") == period


@each("text", ["回撤最大有多少", "最大的回撤是多少", "what's my max drawdown"])
def test_drawdown_said_after_its_noun(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("pnl", "report"), route
    assert route.slots.get("view") == "drawdown"


@each("text", ["我的机器人们都跑得咋样", "我的交易员们表现怎么样", "how are my traders doing"])
def test_traders_in_the_plural_are_all_of_them(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trader_management", "query"), route
    assert "target_ref" not in route.slots or route.slots["target_ref"] == {"all": "1"}, route.slots


@each("text", ["最近买卖记录给我看看", "我的买卖明细", "show my trade history"])
def test_buy_and_sell_records_are_the_trades(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("account_query", "trades"), route


@each("text", ["帮我把单子撤一下", "挂单撤一下", "cancel my order"])
def test_take_an_order_down(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "cancel"), route


@each("text", ["alpha怎么一单都不下啊", "alpha 一单也没下", "why isn't alpha trading"])
def test_a_trader_that_places_nothing(text: str) -> None:
    route = _route(text, _NAMES)
    assert route is not None and route.skill == "trader_diagnosis", route


@each(
    ("text", "symbol"),
    [
        ("测一下sol网格过去三个月的效果", "SOLUSDT"),
        ("测测大饼定投 每天50u", "BTCUSDT"),
        ("backtest a sol grid", "SOLUSDT"),
    ],
)
def test_try_a_strategy_on_the_past(text: str, symbol: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("backtest", "run"), route
    assert route.slots.get("symbol") == symbol


@each("text", ["收益周报别发了", "每周收益报告不用发了", "stop sending me the weekly pnl report"])
def test_do_not_send_the_weekly_report(text: str) -> None:
    # "别发了" (don't send it any more) was read as the report switched on
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("pnl", "weekly"), route
    assert route.slots.get("switch") == "off"


@each(
    "text",
    [
        "我同事上周买了五千块的比特币 天天跟我炫耀",  # was a daily DCA of 5000 USDT
        "我觉得姨太今年肯定要起飞",
        "昨天跟朋友吃饭聊了半天大饼 哈哈",
        "my coworker bought 5000 bucks of btc and brags every day",
        "i think eth will moon this year",
    ],
)
def test_a_story_or_an_opinion_is_no_request(text: str) -> None:
    assert _route(text) is None


@each(
    ("text", "symbol"),
    [
        ("把bnb都出了吧", "BNBUSDT"),
        ("把以太坊都卖掉", "ETHUSDT"),
        ("sol全出了", "SOLUSDT"),
        ("sell all my bnb", "BNBUSDT"),
    ],
)
def test_all_of_a_coin_sold(text: str, symbol: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "sell"), route
    assert route.slots.get("symbol") == symbol and route.slots.get("amount") == "all"


@each(
    "text",
    ["我都卖了哪些币", "我昨天都卖了什么", "alpha都卖了什么", "what did i sell", "how much eth did i sell"],
)
def test_what_was_sold_is_a_question_never_a_sale(text: str) -> None:
    route = _route(text, _NAMES)
    assert route is not None and route.skill == "account_query", route


@each(
    ("text", "symbol", "side", "price", "amount"),
    [
        # was a buy of 3,200 ETH; then no amount: a count ending the message after the verb is coins
        ("以太坊三千二挂单买一个", "ETHUSDT", "buy", "3200", "base:1"),
        ("以太坊3200挂单买一个", "ETHUSDT", "buy", "3200", "base:1"),
        ("sol涨到两百五挂单卖掉两个", "SOLUSDT", "sell", "250", "base:2"),
        ("以太坊三千二掛單買一個", "ETHUSDT", "buy", "3200", "base:1"),
        ("eth 3200 limit buy", "ETHUSDT", "buy", "3200", None),  # was a buy of 3,200 ETH
        ("狗狗币0.2挂买单 买五千个", "DOGEUSDT", "buy", "0.2", "base:5000"),  # was refused: two numbers
        ("挂单 4000 卖 0.5 eth", "ETHUSDT", "sell", "4000", "base:0.5"),
    ],
)
def test_a_number_beside_the_limit_word_is_its_price(
    text: str, symbol: str, side: str, price: str, amount: str | None
) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit"), route
    assert route.slots.get("symbol") == symbol and route.slots.get("side") == side
    assert route.slots.get("limit_price") == price
    assert route.slots.get("amount") == amount  # not said: asked for, never the price


@each("text", ["帮我建一个", "网格策略 帮我建一个", "btc买一个网格", "buy one more eth at 3200"])
def test_a_chinese_a_is_no_count_of_coins(text: str) -> None:
    route = _route(text)
    assert route is None or route.slots.get("amount") not in ("base:1", "base:2"), route


@each(
    ("text", "number"),
    [("一毛五", "0.15"), ("两毛", "0.2"), ("5毛", "0.5"), ("一毛", "0.1")],
)
def test_tenths_said_as_mao_are_read_exactly(text: str, number: str) -> None:
    assert numeral(text) == Decimal(number)


@each("text", ["毛", "十毛", "一毛零五", "一毛五五", "0.5毛", "毛利"])
def test_mao_that_is_no_price_is_no_numeral(text: str) -> None:
    with pytest.raises(Unreadable):
        numeral(text)


@each("text", ["毛利多少", "羊毛", "毛毛虫"])
def test_mao_in_a_word_is_no_value(text: str) -> None:
    assert find_values(text) == []


@each(
    ("text", "level"),
    [
        ("狗狗币跌到一毛五提醒我", "0.15"),
        ("狗狗币跌破两毛提醒我", "0.2"),
        ("alert me when doge drops below 0.15", "0.15"),
    ],
)
def test_a_dogecoin_level_said_in_mao(text: str, level: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("price_alert", "create"), route
    assert route.slots.get("symbol") == "DOGEUSDT" and route.slots.get("level") == level
