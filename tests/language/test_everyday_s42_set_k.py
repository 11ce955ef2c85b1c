"""Everyday chat English and Chinese mixed with English (session 42, set K: written blind, from the
route catalogue only). Each case failed before its fix, which is a word in the lexicon data, a
condition in an intent table or a rule of a reader, never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to
from tests.fakes import shared_router


@each(
    ("text", "symbol"),
    [
        # Whether one is able to buy asks how much one can, never places the order
        ("what is quantity of eth i am able to purchase", "ETHUSDT"),
        ("am i able to buy 0.1 btc", "BTCUSDT"),
        ("what quantity of sol can i purchase", "SOLUSDT"),
        ("我能够买0.1个btc吗", "BTCUSDT"),
    ],
)
def test_able_to_buy_is_a_question(text: str, symbol: str) -> None:
    _routes_to(text, "account_query", "max_buy", {"symbol": symbol})


@each(
    "text",
    [
        # A buy told of, in the past or with what came of it, is a story, never an order
        "昨天 all in doge 直接 rekt 了 😭",
        "昨天梭哈了大饼",
        "i went all in on pepe and got rekt",
        "all in sol last week and it doubled",
        "上回 all in sol 已经翻倍了",
        "dumped all my sol and it mooned lol",
        "i dumped my eth yesterday",
        "lol btc just dumped 5% in like a minute",
    ],
)
def test_a_story_is_no_order(text: str) -> None:
    _routes_to(text, None)


@each(
    ("text", "slots"),
    [
        ("all in doge", {"symbol": "DOGEUSDT", "amount": "all"}),
        ("梭哈大饼", {"symbol": "BTCUSDT", "amount": "all"}),
    ],
)
def test_all_in_now_is_still_an_order(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "trade_execution", "buy", slots)


@each(
    "text",
    [
        # Words about the bot lying in several places are a remark, no trader's name
        "the bot told me the price yesterday and it was spot on, nice",
        "这 bot 挺好用的 thx",
        "ngl the bot is pretty sick today",
    ],
)
def test_a_remark_about_the_bot_names_no_trader(text: str) -> None:
    _routes_to(text, None)


@each(
    ("text", "name"),
    [
        ("show me trader alpha", "alpha"),
        ("trader robo two", "robo two"),
        ("把 alpha 这个交易员删掉", "alpha"),
        ("交易员 alpha 怎么样", "alpha"),
    ],
)
def test_a_trader_named_in_one_place_is_still_read(text: str, name: str) -> None:
    route = shared_router().route(text)
    assert route is not None and route.skill == "trader_management", (text, route)
    assert route.slots.get("target_ref") == {"name": name}, (text, route.slots)


def test_the_bot_greeted_then_a_coin_is_its_price() -> None:
    for text in ("hey bot, btc?", "hi bot, eth?"):
        route = shared_router().route(text)
        assert route is not None and route.skill == "price", (text, route)
        assert route.slots.get("symbols") == [text.split()[-1].rstrip("?").upper() + "USDT"]


@each(
    ("text", "skill", "action", "slots"),
    [
        # Slang for a sale, a whole position closed, a bid at a price, an order killed or scrapped
        (
            "offload 100 usdt worth of sol",
            "trade_execution",
            "sell",
            {"symbol": "SOLUSDT", "amount": "quote:100"},
        ),
        ("close out my xrp bag", "trade_execution", "sell", {"symbol": "XRPUSDT", "amount": "all"}),
        (
            "place a bid for doge at 0.12 with 200 bucks",
            "trade_execution",
            "limit",
            {"side": "buy", "symbol": "DOGEUSDT", "limit_price": "0.12", "amount": "quote:200"},
        ),
        ("kill order no. 4", "orders", "cancel", {"order_no": "4"}),
        ("nvm scrap that limit order", "orders", "cancel", {}),
        ("删除限价单", "orders", "cancel", {}),
        # "进" is "into" right before what goes in
        ("帮我 ape 进 500u pepe", "trade_execution", "buy", {"symbol": "PEPEUSDT", "amount": "quote:500"}),
    ],
)
def test_slang_verbs(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


_BTC_105K = {"symbol": "BTCUSDT", "level": "105000"}


@each(
    ("text", "second"),
    [
        # "a new one" after an ask about a record is a new record of its kind, on its coin
        (
            "delete my btc alert then make a new one for 105k",
            ("price_alert", "create", _BTC_105K),
        ),
        (
            "删掉我的btc提醒 然后再建一个 105000",
            ("price_alert", "create", _BTC_105K),
        ),
        (
            "删掉我的btc提醒，再设一个 105000",
            ("price_alert", "create", _BTC_105K),
        ),
        (
            "delete trader alpha then make a new one called beta",
            ("trader_management", "create", {"name": "beta"}),
        ),
    ],
)
def test_a_new_one_after_a_record(text: str, second: tuple[str, str, dict[str, Any]]) -> None:
    asks = read_asks(text, shared_router())
    assert len(asks) == 2, (text, asks)
    skill, action, slots = second
    assert (asks[1].skill, asks[1].action) == (skill, action), (text, asks)
    for name, value in slots.items():
        assert asks[1].slots.get(name) == value, (text, name, asks[1].slots)


@each(
    ("text", "slots"),
    [
        # Money said in English words is read as the number said, or not at all
        (
            "okay so buy me uh two hundred dollars worth of solana please and thank you",
            {"symbol": "SOLUSDT", "amount": "quote:200"},
        ),
        ("buy two thousand five hundred usdt of eth", {"symbol": "ETHUSDT", "amount": "quote:2500"}),
        ("buy three hundred and fifty dollars of sol", {"symbol": "SOLUSDT", "amount": "quote:350"}),
        ("buy twenty-five bucks of doge", {"symbol": "DOGEUSDT", "amount": "quote:25"}),
        ("buy one hundred twenty usdt of btc", {"symbol": "BTCUSDT", "amount": "quote:120"}),
        ("buy two grand of btc", {"symbol": "BTCUSDT", "amount": "quote:2000"}),
    ],
)
def test_money_said_in_words(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "trade_execution", "buy", slots)


def test_numbers_side_by_side_are_not_one() -> None:
    from core.language.values import find_values

    assert [v.number for v in find_values("one and two usdt")] == [2]
    assert [v.number for v in find_values("one two usdt")] == [2]


@each(
    ("text", "skill", "action", "slots"),
    [
        # English words in Chinese: "rename 成" gives the new name, "fail" fails; "加一下" adds
        (
            "把 大饼定投 rename 成 长期囤币",
            "strategy_management",
            "update",
            {"field": "name", "new_name": "长期囤币", "target_ref": {"name": "大饼定投"}},
        ),
        ("把交易员 alpha rename 成 beta", "trader_management", "update", {"new_name": "beta"}),
        ("我的 eth 卖单 一直 fail", "order_execution_diagnosis", "diagnose", {"symbol": "ETHUSDT"}),
        ("why does my order fail", "order_execution_diagnosis", "diagnose", {}),
        ("deepseek 模型 加一下", "model_management", "create", {"provider": "deepseek"}),
        ("帮我加一下 binance 账户", "exchange_management", "create", {"exchange": "binance"}),
    ],
)
def test_english_words_in_chinese(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)
