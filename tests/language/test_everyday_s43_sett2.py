"""Everyday phrasings of session 43 (worker sett2): each failed before its fix, which is a word in
the lexicon, a condition in an intent table or a reader's rule covering the family, never a pattern
for the one phrasing."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import assert_routes_to


# The price and its chart joined by a bare 加 ("大饼现价加走势图"): both are asked, as with 加上.
@each(
    ("text", "slots"),
    [
        ("btc现价加走势图", {"symbols": ["BTCUSDT"]}),
        ("btc現價加走勢圖", {"symbols": ["BTCUSDT"]}),
        ("eth价格加7天走势", {"symbols": ["ETHUSDT"], "days": 7}),
    ],
)
def test_the_price_and_its_chart_joined_by_jia_are_both_asked(text: str, slots: dict) -> None:
    assert_routes_to(text, "price", "both", slots)


# The day's high and low asked together ("以太今天最高最低多少", "eth high and low today"): the
# quote card with the 24-hour high and low.
@each(
    ("text", "symbol"),
    [
        ("eth今天最高最低多少", "ETHUSDT"),
        ("ETH今天最高最低多少", "ETHUSDT"),
        ("btc最高和最低是多少", "BTCUSDT"),
        ("eth high and low today", "ETHUSDT"),
        ("what's the btc high/low", "BTCUSDT"),
    ],
)
def test_the_high_and_low_together_are_the_high_low(text: str, symbol: str) -> None:
    assert_routes_to(text, "price", "current", {"symbols": [symbol], "high_low": True})


# What a term is for ("passphrase 是干嘛用的", "止损是做什么的", "杠杆有啥用"): the term's meaning, as
# 有什么用 / 干什么用 already were.
@each(
    ("text", "term"),
    [
        ("passphrase 是干嘛用的", "passphrase"),
        ("testnet是做什么的", "testnet"),
        ("止损是干啥用的", "stop_loss"),
        ("杠杆有啥用", "leverage"),
        ("測試網是幹嘛用的", "testnet"),
        ("api key 係做咩用嘅", "api_key"),
    ],
)
def test_what_a_term_is_for_is_its_meaning(text: str, term: str) -> None:
    assert_routes_to(text, "glossary", "explain", {"term": term})


# A trader that never opens a position ("我的交易员怎么一直不开仓", "my trader never opens
# positions"): the trader's problem, as 不下单 / 没交易 already were; 一直 is no trader's name.
@each(
    "text",
    [
        "我的交易员一直不开仓",
        "我的交易员怎么不开仓",
        "my trader won't open a position",
        "我的交易員點解一直唔開倉",
        "为什么交易员一直没下单",
        "my trader never opens positions",
        "why doesn't my trader open any trades",
    ],
)
def test_a_trader_that_never_opens_is_diagnosed(text: str) -> None:
    assert_routes_to(text, "trader_diagnosis", "diagnose", {})


# A big move said with no percent ("sol一小时内波动大的话就通知我", "tell me if btc moves a lot in
# an hour"): a move alert over the window said; the percent is the skill's to ask, never guessed.
@each(
    ("text", "slots"),
    [
        ("sol一小时内波动大的话就通知我", {"symbol": "SOLUSDT", "condition": "move", "window": "1h"}),
        ("sol一小時內波動大嘅話就通知我", {"symbol": "SOLUSDT", "condition": "move", "window": "1h"}),
        ("btc 24小时内大幅波动提醒我", {"symbol": "BTCUSDT", "condition": "move", "window": "24h"}),
        ("eth波动大就提醒我", {"symbol": "ETHUSDT", "condition": "move"}),
        ("tell me if btc moves a lot in an hour", {"symbol": "BTCUSDT", "condition": "move", "window": "1h"}),
    ],
)
def test_a_big_move_is_a_move_alert(text: str, slots: dict) -> None:
    assert_routes_to(text, "price_alert", "create", slots)


# One of their traders asked about by its situation ("看看机器人一号的情况", "小明最近情况如何"): how it
# is doing, as 怎么样 / 状态 already were.
@each(
    ("text", "name"),
    [
        ("看看机器人一号的情况", "机器人一号"),
        ("小明最近情况如何", "小明"),
        ("睇下阿強嘅情況", "阿強"),
    ],
)
def test_a_trader_of_theirs_asked_its_situation_is_a_query(text: str, name: str) -> None:
    assert_routes_to(
        text, "trader_management", "query", {"target_ref": {"name": name}}, names={"trader": [name]}
    )
