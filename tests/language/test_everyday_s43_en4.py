"""Everyday phrasings of session 43 (worker en4): each failed before its fix, which is a word in the
lexicon, a condition in an intent table or a reader's rule covering the family, never a pattern for
the one phrasing."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import assert_routes_to


# A strategy added to the default ("add eth grid to default", "把eth网格添加到默认"): the one named
# made the default (activate), no new strategy made; an adding word alone still makes one.
@each(
    ("text", "name"),
    [
        ("add eth grid to default", "eth grid"),
        ("add my btc dca to the default", "btc dca"),
        ("把eth网格添加到默认", "eth网格"),
        ("把eth網格添加到預設", "eth網格"),
        ("把btc定投加入默认", "btc定投"),
    ],
)
def test_a_strategy_added_to_the_default_is_activated(text: str, name: str) -> None:
    assert_routes_to(text, "strategy_management", "activate", {"target_ref": {"name": name}})


@each("text", ["add an eth grid", "添加eth网格"])
def test_an_adding_word_alone_still_makes_a_strategy(text: str) -> None:
    assert_routes_to(text, "strategy_management", "create", {"kind": "grid", "symbol": "ETHUSDT"})


# A config of theirs named with 配置 ("我的openai配置改成gpt-4o"): 配置 there is the config, not a
# create's verb, so no bare switch of whichever config; the config named is changed, as "my openai
# config" and "我的openai配置用gpt-4o" already were.
@each(
    ("text", "model", "name"),
    [
        ("我的openai配置改成gpt-4o", "gpt-4o", "openai"),
        ("把我的deepseek配置换成deepseek-chat", "deepseek-chat", "deepseek"),
        ("openai配置改成gpt-4o", "gpt-4o", "openai"),
    ],
)
def test_a_config_named_with_its_word_is_the_one_changed(text: str, model: str, name: str) -> None:
    slots = {"field": "model", "model": model, "target_ref": {"name": name}}
    assert_routes_to(text, "model_management", "update", slots)


def test_a_model_switched_to_with_no_config_named_stays_a_switch() -> None:
    assert_routes_to("换成gpt-4o", "model_management", "update", {"field": "model", "model": "gpt-4o"})


# A trader appraised ("那个机器人 昨天 挺 准", "that bot was pretty accurate yesterday"): a degree's
# word with an appraisal is a remark (outside.feeling), no trader named "挺 准" looked up.
@each(
    "text",
    [
        "那个机器人 昨天 挺 准",
        "这个交易员很猛",
        "我的交易员 很稳",
        "機器人 昨天 挺 準",
        "that bot was pretty accurate yesterday",
        "the bot is very accurate",
    ],
)
def test_a_trader_appraised_is_a_remark(text: str) -> None:
    assert_routes_to(text, None)


def test_a_trader_asked_about_is_still_looked_up() -> None:
    assert_routes_to("我的交易员最近表现怎么样", "trader_management", "query")


# A loss told before an order asked in a later clause ("割肉了 把eth全卖了", "i lost a lot, sell all
# my eth"): the loss is why, the order stands; told alone or in the order's own clause ("我割肉了",
# "i lost money selling eth") it is a story, no order.
@each(
    ("text", "slots"),
    [
        ("割肉了 把eth全卖了", {"symbol": "ETHUSDT", "amount": "all"}),
        ("割肉了，把eth全卖了", {"symbol": "ETHUSDT", "amount": "all"}),
        ("亏麻了，帮我卖掉btc", {"symbol": "BTCUSDT"}),
        ("割肉了 把eth全賣了", {"symbol": "ETHUSDT", "amount": "all"}),
        ("i lost a lot, sell all my eth", {"symbol": "ETHUSDT", "amount": "all"}),
        ("cut my losses, sell all my eth", {"symbol": "ETHUSDT", "amount": "all"}),
    ],
)
def test_a_loss_told_before_an_order_vetoes_no_order(text: str, slots: dict[str, str]) -> None:
    assert_routes_to(text, "trade_execution", "sell", slots)


@each("text", ["我割肉了", "我昨天割肉了eth", "i lost money selling eth", "亏麻了卖了eth"])
def test_a_loss_told_alone_is_no_order(text: str) -> None:
    assert_routes_to(text, None)


# The price and a chart joined by 加上 / 外加 / "along with" ("btc现价加上7天走势"): two parts of one
# price request, both asked (price.both), as "和" / "以及" / "plus" join them.
@each(
    ("text", "symbol"),
    [
        ("btc现价加上7天走势", "BTCUSDT"),
        ("eth现价外加走势图", "ETHUSDT"),
        ("btc現價加上7天走勢", "BTCUSDT"),
        ("btc price along with the 7 day chart", "BTCUSDT"),
    ],
)
def test_the_price_and_its_chart_joined_are_both_asked(text: str, symbol: str) -> None:
    assert_routes_to(text, "price", "both", {"symbols": [symbol]})


# A level asked whether it is crossed yet ("大饼破10万了没", "is btc above 100k yet"): the coin's
# price; with an alert's words it is still the alert asked.
@each(
    "text",
    [
        "大饼破10万了没",
        "btc突破10万了吗",
        "btc跌破8万了吗",
        "大餅破10萬了沒",
        "is btc above 100k yet",
        "has btc crossed 100k yet",
    ],
)
def test_a_level_crossed_yet_asks_the_price(text: str) -> None:
    assert_routes_to(text, "price", "current", {"symbols": ["BTCUSDT"]})


def test_a_level_crossed_with_an_alerts_words_is_the_alert() -> None:
    assert_routes_to(
        "btc破10万了没 提醒我", "price_alert", "create", {"symbol": "BTCUSDT", "level": "100000"}
    )


# An everyday word that is a ticker ("link") bought as some ("could u buy me some link"): the coin,
# its amount asked by the skill; said otherwise ("send me the link") it is the word.
@each(
    "text",
    ["could u buy me some link", "buy some link", "get me some link", "can you buy me some link please"],
)
def test_some_of_an_everyday_ticker_bought_is_the_coin(text: str) -> None:
    assert_routes_to(text, "trade_execution", "buy", {"symbol": "LINKUSDT"})


@each("text", ["send me the link", "click the link", "buy me some time"])
def test_an_everyday_word_not_bought_is_no_coin(text: str) -> None:
    assert_routes_to(text, None)
