"""Everyday asks, round z6 (session 44). Each case failed before its fix: a word in the lexicon
data or a condition of the reader that owns it, never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to

# -- the whole week / month said as a span ("成個禮拜", "整个月"): a week's or a month's history -----


@each(
    ("text", "skill", "action", "slots"),
    [
        ("BNB 而家幾錢 同埋成個禮拜嘅走勢", "price", "both", {"symbols": ["BNBUSDT"], "days": 7}),
        ("sol 一整週 走勢", "price", "history", {"symbols": ["SOLUSDT"], "days": 7}),
        ("btc整周走势", "price", "history", {"symbols": ["BTCUSDT"], "days": 7}),
        ("eth 成個星期嘅走勢", "price", "history", {"symbols": ["ETHUSDT"], "days": 7}),
        ("eth成个月走势", "price", "history", {"symbols": ["ETHUSDT"], "days": 30}),
        ("btc 整個月 表現點", "price", "history", {"symbols": ["BTCUSDT"], "days": 30}),
    ],
)
def test_whole_span(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    assert_routes_to(text, skill, action, slots)


def test_whole_span_guards() -> None:
    # 整周 inside 调整周期 (adjust the period) is a strategy's interval, never a week
    assert_routes_to(
        "帮我把网格调整周期改成4小时",
        "strategy_management",
        "update",
        {"field": "interval", "interval": "4h"},
    )
    # the current price alone keeps no window
    assert_routes_to("BNB 而家幾錢", "price", "current", {"symbols": ["BNBUSDT"]})


# -- 成交 (fills) said as one's own, after 我 or a look asked for: the trades ---------------------


@each(
    ("text", "slots"),
    [
        ("帮我查下最近一周的sol成交", {"symbol": "SOLUSDT"}),
        ("幫我查下最近一週嘅sol成交", {"symbol": "SOLUSDT"}),
        ("查下我的成交", {}),
        ("我的sol成交", {"symbol": "SOLUSDT"}),
        ("帮我查一下我最近的成交", {}),
        ("我以太坊的成交", {"symbol": "ETHUSDT"}),
    ],
)
def test_fills_are_trades(text: str, slots: dict[str, Any]) -> None:
    assert_routes_to(text, "account_query", "trades", slots)


@each(
    "text",
    [
        "btc成交量",  # the market's volume
        "我想看btc成交量",
        "我的单能成交吗",  # whether an order will fill
        "我想知道怎么才能更快成交",
        "我觉得这个价位很难成交",
        "我的订单成交",
        "最近一周的sol成交",  # nobody's fills said: left as it was
    ],
)
def test_fills_guards(text: str) -> None:
    from tests.fakes import route_with_names

    route = route_with_names(text)
    assert route is None or route.skill != "account_query", (text, route)


def test_order_filled_asked_stays() -> None:
    # an order asked about ("成交了吗") reads as before: its fills, no new reading
    assert_routes_to("我的单子没成交", "order_execution_diagnosis", "diagnose")


# -- 係咪 (is it) and 佢哋 (they) read as Mandarin: an exchange keeps saying the key is invalid -----


@each(
    ("text", "exchange"),
    [
        ("OKX 成日話我 api key 無效，係咪佢哋出事", "okx"),
        ("OKX 成日話我 api key 無效，係唔係佢哋出事", "okx"),
        ("binance 成日話我 api key 無效，係咪佢哋問題", "binance"),
    ],
)
def test_key_invalid_is_it_them(text: str, exchange: str) -> None:
    assert_routes_to(text, "exchange_diagnosis", "diagnose", {"exchange": exchange})


def test_is_it_guards() -> None:
    # 係咩 (what is) is still asked: 係咪 was read as its slip
    assert_routes_to("網格係咩嚟", "glossary", "explain", {"term": "grid"})
    assert_routes_to("api key 無效係咩意思", "glossary", "explain", {"term": "api_key"})


# -- "am i sitting on": what one holds, asked ----------------------------------------------------


@each(
    ("text", "action"),
    [
        ("how many sol tokens am i sitting on", "positions"),
        ("how much eth am i sitting on", "positions"),
        ("what coins am i sitting on", "positions"),
        ("how much cash am i sitting on", "balance"),
    ],
)
def test_sitting_on_is_held(text: str, action: str) -> None:
    assert_routes_to(text, "account_query", action)


def test_sitting_on_told_guards() -> None:
    from tests.fakes import route_with_names

    # told, not asked: no holdings question
    for text in ("sitting on a lot of sol, should i sell", "i'm sitting on my hands today"):
        route = route_with_names(text)
        assert route is None or route.skill != "account_query", (text, route)
