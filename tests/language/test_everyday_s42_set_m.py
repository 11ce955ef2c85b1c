"""Everyday chat English and Chinese mixed with English (session 42, set M: written blind, from the
route catalogue only). Each case failed before its fix, which is a word in the lexicon data, a
condition in an intent table or a rule of a reader, never a pattern for the one phrasing."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import assert_routes_to, shared_router


@each(
    ("text", "exchange"),
    [
        # Can't / won't connect is a failure, never a request to connect an account
        ("okx wont connect", "okx"),
        ("binance can't connect", "binance"),
        ("my bybit cannot connect", "bybit"),
        ("okx 连不上", "okx"),
    ],
)
def test_cannot_connect_is_a_diagnosis(text: str, exchange: str) -> None:
    assert_routes_to(text, "exchange_diagnosis", "diagnose", {"exchange": exchange})


@each(
    "text",
    [
        # wats = what's; rate and present say a price
        "wats eth at",
        "kindly share the present rate of bitcoin",
        "the exchange rate of eth",
    ],
)
def test_price_in_chat_words(text: str) -> None:
    route = shared_router().route(text)
    assert route is not None and (route.skill, route.action) == ("price", "current"), (text, route)


@each(
    "text",
    [
        "btc funding rate",
        "what's the win rate of my trader",
        "the rate of return of my trader",
        "rate_limited",
    ],
)
def test_other_rates_are_no_price(text: str) -> None:
    route = shared_router().route(text)
    assert route is None or route.skill != "price", (text, route)


@each("text", ["我的 strategies 列一下", "我的策略列下"])
def test_list_them(text: str) -> None:
    assert_routes_to(text, "strategy_management", "query")


@each(
    "text",
    [
        # A story of a trade regretted, and a feeling about a coin or about deskmate, is a remark
        "sold my btc way too early last year, big regret",
        "i regret buying eth",
        "去年 btc 卖太早了 好后悔",
        "今天 btc 好猛啊 哈哈",
        "这个 bot 还挺好用的",
        "this bot is pretty good",
    ],
)
def test_stories_and_feelings_are_remarks(text: str) -> None:
    assert_routes_to(text, None)


@each(
    ("text", "skill", "action"),
    [
        ("btc 好猛 现在多少钱", "price", "current"),
        ("sell my btc, i regret buying it", "trade_execution", "sell"),
    ],
)
def test_an_ask_beside_a_feeling_is_read(text: str, skill: str, action: str) -> None:
    route = shared_router().route(text)
    assert route is not None and (route.skill, route.action) == (skill, action), (text, route)


@each(
    ("text", "skill"),
    [
        # A service that keeps giving an error code is that service's diagnosis
        ("openai keeps giving me 429", "model_diagnosis"),
        ("binance keeps giving me -2015", "exchange_diagnosis"),
    ],
)
def test_keeps_giving_an_error(text: str, skill: str) -> None:
    route = shared_router().route(text)
    assert route is not None and (route.skill, route.action) == (skill, "diagnose"), (text, route)
