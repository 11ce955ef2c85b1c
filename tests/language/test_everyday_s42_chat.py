"""Everyday chat English and Chinese mixed with English (session 42, set I: written blind, from the
route catalogue only). Each case failed before its fix, which is a word in the lexicon data, a
condition in an intent table or a rule of a reader, never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to
from tests.fakes import route_with_names, shared_router


@each(
    ("text", "skill", "action", "slots"),
    [
        # "atm" is "at the moment" in chat: the ticker ATM only with "$" or asked alone
        ("where's bnb trading atm", "price", "current", {"symbols": ["BNBUSDT"]}),
        ("btc price atm", "price", "current", {"symbols": ["BTCUSDT"]}),
        ("atm price", "price", "current", {"symbols": ["ATMUSDT"]}),
        # "my bag" is what one holds, as "my bags"
        ("what's in my bag rn", "account_query", "positions", {}),
        ("show my bag", "account_query", "positions", {}),
    ],
)
def test_chat_words(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    ("text", "skill", "action", "slots"),
    [
        # "check my" a balance or the holdings asks for them; with a problem told, the diagnosis
        ("check my futures wallet balance", "account_query", "balance", {"wallet": "futures"}),
        ("check my balance", "account_query", "balance", {}),
        ("check the balance", "account_query", "balance", {}),
        ("check my positions", "account_query", "positions", {}),
        ("帮我 check my balance", "account_query", "balance", {}),
        ("check my 余额", "account_query", "balance", {}),
        ("check my balance its wrong", "balance_position_diagnosis", "diagnose", {}),
        ("check if my balance is right", "balance_position_diagnosis", "diagnose", {}),
        ("check my binance", "exchange_diagnosis", "diagnose", {"exchange": "binance"}),
    ],
)
def test_a_balance_looked_at(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    ("text", "skill", "action", "slots"),
    [
        # "bal" said alone is the balance, a polite word beside it too; Balancer's is "BAL price"
        ("bal pls", "account_query", "balance", {}),
        ("pls bal", "account_query", "balance", {}),
        ("bal plz", "account_query", "balance", {}),
        ("bal thx", "account_query", "balance", {}),
        ("bal price pls", "price", "current", {"symbols": ["BALUSDT"]}),
    ],
)
def test_bal_with_a_polite_word(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


_THEIRS = {"trader": ["alpha"], "model": ["kimi"], "strategy": ["eth grid"], "account": ["okx main"]}


@each(
    ("text", "field", "value"),
    [
        # one of their records named after "to" is what the trader is moved onto, its kind's word
        # said last no part of its name
        ("switch alpha to the kimi model", "model", "kimi"),
        ("switch alpha to kimi", "model", "kimi"),
        ("把 alpha 换成 kimi 模型", "model", "kimi"),
        ("move alpha to okx main", "account", "okx main"),
        ("switch alpha to the eth grid strategy", "strategy", "eth grid"),
        ("把 alpha 的策略换成 eth grid 策略", "strategy", "eth grid"),
    ],
)
def test_a_trader_moved_onto_a_record_of_theirs(text: str, field: str, value: str) -> None:
    route = route_with_names(text, _THEIRS)
    assert route is not None and (route.skill, route.action) == ("trader_management", "update"), route
    assert route.slots.get("field") == field and route.slots.get(field) == value, route.slots
    assert route.slots.get("target_ref") == {"name": "alpha"}, route.slots


@each(
    ("text", "slots"),
    [
        # a percent one way, with no window and no price to count from, is counted from now (it was a
        # 24-hour move either way, the way said dropped)
        ("lmk if sol goes up 10%", {"symbol": "SOLUSDT", "from_now": "10", "condition": "above"}),
        ("alert me when eth drops 5%", {"symbol": "ETHUSDT", "from_now": "5", "condition": "below"}),
        ("sol 涨 5% 通知我 pls", {"symbol": "SOLUSDT", "from_now": "5", "condition": "above"}),
        ("eth 跌 5% 提醒我", {"symbol": "ETHUSDT", "from_now": "5", "condition": "below"}),
        # with a window, either way, or a price to count from: a move, as before
        ("tell me if eth drops 5% in the next hour", {"condition": "move", "level": "5", "window": "1h"}),
        ("tell me when sol moves 5%", {"condition": "move", "level": "5"}),
        ("sol波动超过3个点告诉我", {"condition": "move", "level": "3"}),
        ("alert me when BTC drops 5% from 90000", {"condition": "move", "level": "5"}),
    ],
)
def test_a_percent_one_way_is_from_now(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "price_alert", "create", slots)


@each(
    "text",
    [
        # "this bot" is deskmate itself, no trader of theirs: where to begin is the guide's
        "how do i get started with this bot",
        "how does this bot work",
        "how do i use this bot",
        "这个机器人怎么用",
        "怎么用这个bot",
    ],
)
def test_this_bot_is_deskmate(text: str) -> None:
    _routes_to(text, "guidance", "explain", {})


def test_a_remark_about_this_bot_asks_nothing() -> None:
    assert shared_router().route("this bot is pretty cool") is None


@each(
    ("text", "balance"),
    [
        # what a paper account is made with is its starting balance, a unit said or not
        ("make a paper trading account with 10k", "10000"),
        ("make a paper account with 10k", "10000"),
        ("用 5万 开个模拟账户", "50000"),
        ("加个模拟账户 用 2万u", "20000"),
    ],
)
def test_a_paper_account_made_with_an_amount(text: str, balance: str) -> None:
    _routes_to(text, "exchange_management", "create", {"exchange": "paper", "paper_balance": balance})


@each(
    "text",
    ["今天 btc 又 dump 了 真无语", "btc dump 了", "sol 又 dump 了 好惨", "eth dump 了吗", "把 eth dump 了"],
)
def test_a_coin_that_dumped_is_no_sale(text: str) -> None:
    """ "dump" after the coin is its move, told or asked: never a sell order offered."""
    route = shared_router().route(text)
    assert route is None or route.skill != "trade_execution", (text, route)


@each(
    ("text", "slots"),
    [
        ("dump my doge", {"symbol": "DOGEUSDT"}),
        ("dump all my eth", {"symbol": "ETHUSDT", "amount": "all"}),
        ("dump half my eth", {"symbol": "ETHUSDT", "amount": "fraction:0.5"}),
        ("dump 0.5 ether", {"symbol": "ETHUSDT", "amount": "base:0.5"}),
        ("帮我 dump 0.1 个 btc", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("出我的 sol", {"symbol": "SOLUSDT"}),
    ],
)
def test_dump_before_what_is_sold_sells(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "trade_execution", "sell", slots)


@each(
    ("text", "slots"),
    [
        # crypto slang for the way past a level: moons / pumps / rips up, tanks / crashes down
        ("notify me when doge moons past 0.5", {"symbol": "DOGEUSDT", "condition": "above", "level": "0.5"}),
        ("ping me if sol pumps to 300", {"symbol": "SOLUSDT", "condition": "above", "level": "300"}),
        ("ping me when btc goes past 100k", {"symbol": "BTCUSDT", "condition": "above", "level": "100000"}),
        ("alert me if eth tanks below 2000", {"symbol": "ETHUSDT", "condition": "below", "level": "2000"}),
        ("tell me when eth crashes to 2500", {"symbol": "ETHUSDT", "condition": "below", "level": "2500"}),
        ("lmk if btc moons 20%", {"symbol": "BTCUSDT", "condition": "above", "from_now": "20"}),
    ],
)
def test_slang_for_the_way_past_a_level(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "price_alert", "create", slots)


@each(
    ("text", "second"),
    [
        # a second ask with a value and no coin is about the coin the first one named
        ("eth price, then alert me at 4000", {"symbol": "ETHUSDT", "level": "4000"}),
        ("eth 价格 然后 到 4000 提醒我", {"symbol": "ETHUSDT", "level": "4000"}),
        ("btc 价格，然后跌到 80000 通知我", {"symbol": "BTCUSDT", "level": "80000"}),
    ],
)
def test_a_second_ask_about_the_first_ones_coin(text: str, second: dict[str, Any]) -> None:
    from core.conversation.reading import read_asks

    asks = read_asks(text, shared_router())
    assert [(r.skill, r.action) for r in asks] == [("price", "current"), ("price_alert", "create")], asks
    for name, value in second.items():
        assert asks[1].slots.get(name) == value, asks[1].slots


@each("text", ["btc price then buy now", "eth price and long"])
def test_no_coin_is_lent_without_a_value(text: str) -> None:
    from core.conversation.reading import read_asks

    asks = read_asks(text, shared_router())
    assert not any(r.skill == "trade_execution" and r.slots.get("symbol") for r in asks[1:]), asks


def test_a_buy_after_a_price_is_of_its_coin() -> None:
    from core.conversation.reading import read_asks

    asks = read_asks("btc price then buy 100u", shared_router())
    assert [(r.skill, r.action) for r in asks] == [("price", "current"), ("trade_execution", "buy")], asks
    assert asks[1].slots == {"symbol": "BTCUSDT", "amount": "quote:100"}, asks[1].slots


@each(
    ("text", "skill", "action", "slots"),
    [
        # "some" of a coin asked for is a buy; "gimme btc" stays its price, and so does a price named
        ("get me some btc", "trade_execution", "buy", {"symbol": "BTCUSDT"}),
        ("gimme some doge", "trade_execution", "buy", {"symbol": "DOGEUSDT"}),
        ("get some eth", "trade_execution", "buy", {"symbol": "ETHUSDT"}),
        ("gimme btc", "price", "current", {"symbols": ["BTCUSDT"]}),
        ("gimme some btc price", "price", "current", {"symbols": ["BTCUSDT"]}),
        ("get me some btc price", "price", "current", {"symbols": ["BTCUSDT"]}),
    ],
)
def test_some_of_a_coin_is_a_buy(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)
