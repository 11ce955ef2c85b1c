"""Everyday English as typed in a chat (session 41, set E: terse, slang, non-native, polite long
forms): none shown to the router before. Each failed before its fix, which is a word in the lexicon
data, a rule of the value grammar or a condition in an intent table, never a pattern for the one
phrasing. Chinese where the same gap was there."""

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
    ("text", "skill", "action", "slots"),
    [
        # "tell me" asks to be told what follows: an alert only when told of a crossing
        (
            "could you please tell me the current price of solana",
            "price",
            "current",
            {"symbols": ["SOLUSDT"]},
        ),
        ("tell me the btc price", "price", "current", {"symbols": ["BTCUSDT"]}),
        ("告诉我比特币现在的价格", "price", "current", {"symbols": ["BTCUSDT"]}),
        ("tell me my balance", "account_query", "balance", {}),
        (
            "告诉我eth跌破3000",
            "price_alert",
            "create",
            {"symbol": "ETHUSDT", "condition": "below", "level": "3000"},
        ),
        (
            "when eth drops below 3000 tell me",
            "price_alert",
            "create",
            {"symbol": "ETHUSDT", "level": "3000"},
        ),
        ("tell me if eth drops below 3000", "price_alert", "create", {"symbol": "ETHUSDT", "level": "3000"}),
        # chat shorthand: px, bags, sl / tp, wtf is, an API "returning" an error, "for the year"
        ("px sol", "price", "current", {"symbols": ["SOLUSDT"]}),
        ("btc px?", "price", "current", {"symbols": ["BTCUSDT"]}),
        ("show my bags", "account_query", "positions", {}),
        ("sl eth 3000", "orders", "protect", {"symbol": "ETHUSDT", "stop_loss": "3000"}),
        ("tp sol 250", "orders", "protect", {"symbol": "SOLUSDT", "take_profit": "250"}),
        ("wtf is a grid strategy", "glossary", "explain", {}),
        ("deepseek returning 401", "model_diagnosis", "diagnose", {"provider": "deepseek"}),
        ("show my p&l for the year", "pnl", "report", {"period": "year"}),
    ],
)
def test_everyday_english_routes(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == (skill, action), route
    for name, value in slots.items():
        assert route.slots.get(name) == value, route


@each("text", ["tell me a story about btc"])
def test_telling_asks_no_alert(text: str) -> None:
    route = _route(text)
    assert route is None or route.skill != "price_alert", route


@each(
    ("text", "skill", "action", "slots"),
    [
        # frequent misspellings of a coin's name: the coin ("etherum" stays unknown, offered as ETH)
        ("wats the price of etherium", "price", "current", {"symbols": ["ETHUSDT"]}),
        ("solona price", "price", "current", {"symbols": ["SOLUSDT"]}),
        # stopping the resting orders is cancelling them (was: listing them)
        ("kill all open orders", "orders", "cancel", {"order_no": "all"}),
        ("stop my limit orders", "orders", "cancel", {"order_no": "all"}),
        ("停掉所有挂单", "orders", "cancel", {"order_no": "all"}),
    ],
)
def test_everyday_english_routes_more(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    test_everyday_english_routes(text, skill, action, slots)


def test_a_trader_turned_back_on_is_started() -> None:
    context = RouteContext(names=Gazetteer.of({"trader": ["alpha", "beta"]}, plain=plain_words()))
    route = shared_router().route("turn alpha back on", context)
    assert route is not None and (route.skill, route.action) == ("trader_management", "start"), route
    assert route.slots.get("target_ref") == {"name": "alpha"}


@each(
    "text",
    [
        "my brother keeps telling me to buy doge",  # was a buy of DOGE
        "我哥一直劝我买狗狗币",  # was a buy of DOGE
        "我哥买了狗狗币",  # was a buy of DOGE
        "lol btc is wild today",  # was BTC's price
        "i read an article about ethereum yesterday",  # was ETH's chart
    ],
)
def test_talk_about_coins_asks_nothing(text: str) -> None:
    assert _route(text) is None


@each(
    ("text", "exchange"),
    [
        ("i want a paper trading account", "paper"),  # was nowhere
        ("i want a binance account", "binance"),
        ("我想要一个币安账户", "binance"),
        ("我需要一个模拟账户", "paper"),
    ],
)
def test_wanting_an_account_adds_one(text: str, exchange: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("exchange_management", "create"), route
    assert route.slots.get("exchange") == exchange


@each("text", ["i want a bitcoin", "我想要一个比特币"])
def test_wanting_a_coin_adds_no_record(text: str) -> None:
    route = _route(text)
    assert route is None or route.action != "create", route
