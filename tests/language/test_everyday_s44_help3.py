"""Everyday phrasings (session 44, helper 3): a strategy or trader told it stopped doing its job,
an opinion asked, a greeting to the bot, one's own trades asked, a model id set by "turn into".
Each fix is a family, never one sentence; the guards are what it must not catch."""

from __future__ import annotations

from core.tasks.answers import is_greeting
from tests.cases import each
from tests.fakes import assert_routes_to as _is

_TRADER = {"trader": ["小明"]}

# -- a strategy or a trader told it stopped doing its job is a problem told -------------------------


@each(
    ("text", "skill"),
    [
        ("网格策略怎么不挂单了", "strategy_diagnosis"),
        ("網格策略點解唔再落單", "strategy_diagnosis"),
        ("网格策略不再买了", "strategy_diagnosis"),
        ("my grid stopped placing orders", "strategy_diagnosis"),
        ("my grid bot stopped selling", "strategy_diagnosis"),
        ("my dca strategy doesn't buy anymore", "strategy_diagnosis"),
        ("小明怎么不挂单了", "trader_diagnosis"),
        ("小明不再下单了", "trader_diagnosis"),
        ("小明 no longer places orders", "trader_diagnosis"),
        ("my trader quit trading", "trader_diagnosis"),
    ],
)
def test_a_job_stopped_is_a_problem(text: str, skill: str) -> None:
    _is(text, skill, "diagnose", names=_TRADER)


@each(
    ("text", "skill", "action"),
    [
        ("我有没有挂单", "orders", "open_orders"),  # 有没有 asks; nothing told stopped
        ("为什么我没有挂单", "orders", "why_resting"),
        ("我不再买btc了", None, None),  # one's own resolve: no order
    ],
)
def test_no_job_stopped(text: str, skill: str | None, action: str | None) -> None:
    _is(text, skill, action)


# -- an opinion or a forecast asked: deskmate gives none, and looks no price up in its place -------


@each(
    "text",
    [
        "你覺得 BTC 會唔會再跌",
        "你觉得btc会不会涨",
        "你認為eth會升嗎",
        "會唔會升",
        "btc会不会涨",
        "btc明天会涨吗",
        "eth还会跌吗",
        "btc能不能涨到10万",
        "do you think btc will go up",
        "will btc go up",
        "will eth drop further",
        "you think sol will pump",
        "is btc going to pump",
    ],
)
def test_a_forecast_asked_is_none(text: str) -> None:
    _is(text, None)


@each(
    ("text", "skill", "action", "slots"),
    [
        ("btc 跌咗幾多", "price", "history", {"symbols": ["BTCUSDT"]}),  # a move made, not to come
        ("btc涨了多少", "price", "history", {"symbols": ["BTCUSDT"]}),
        ("how much has btc dropped today", "price", "current", {"symbols": ["BTCUSDT"]}),
        ("i will buy btc", "trade_execution", "buy", {"symbol": "BTCUSDT"}),  # "will" before no coin
        # an order or a check asked with it stands, its level read by the condition
        ("如果btc能涨到10万就卖掉", "trade_execution", "limit", {"limit_price": "100000"}),
        (
            "要是eth会跌到2000就买入0.5个",
            "trade_execution",
            "limit",
            {"limit_price": "2000", "amount": "base:0.5"},
        ),
        ("你觉得我的交易员怎么了", "trader_diagnosis", "diagnose", {}),
    ],
)
def test_no_forecast(text: str, skill: str, action: str, slots: dict[str, object]) -> None:
    _is(text, skill, action, slots)


# -- a greeting, a farewell or a thanks beside "bot" is said to deskmate, no trader named -----------


@each(
    "text",
    [
        "晚安 bot",
        "早安 bot",
        "谢谢 bot",
        "多謝 bot",
        "唔該晒 bot",
        "bot 晚安",
        "晚安bot",
        "谢谢机器人",
        "good night bot",
        "gn bot",
        "morning bot",
        "bye bot",
    ],
)
def test_a_greeting_to_the_bot_is_chat(text: str) -> None:
    _is(text, None)
    assert is_greeting(text), text


@each(
    ("text", "skill", "action", "slots"),
    [
        ("停掉这个 bot", "trader_management", "stop", {"target_ref": {"recent": "1"}}),
        ("alpha bot", "trader_management", "query", {"target_ref": {"name": "alpha"}}),
        ("早安 bot，btc多少钱", "price", "current", {"symbols": ["BTCUSDT"]}),  # greeted, then asked
        ("good night bot, stop alpha", "trader_management", "stop", {"target_ref": {"name": "alpha"}}),
    ],
)
def test_a_greeting_leaves_the_ask(text: str, skill: str, action: str, slots: dict[str, object]) -> None:
    _is(text, skill, action, slots, names={"trader": ["alpha"]})


# -- "what did i trade" is one's own trades, as "what did i buy" is ----------------------------------


@each(
    ("text", "slots"),
    [
        ("what did i trade in eth recently", {"symbol": "ETHUSDT"}),
        ("what did i trade recently", {}),
        ("what did i trade", {}),
        ("what did i trade in eth last week", {"symbol": "ETHUSDT", "day": "last_week"}),
        ("what did i buy or sell yesterday", {"day": "yesterday"}),
        ("when did i last trade btc", {"symbol": "BTCUSDT"}),
    ],
)
def test_what_i_traded_is_my_trades(text: str, slots: dict[str, object]) -> None:
    _is(text, "account_query", "trades", slots)


@each(
    ("text", "skill", "action"),
    [
        ("why did i trade eth", None, None),  # a why of one's own choice, no record asked
        ("what did my trader alpha trade", "trader_management", "query"),  # the trader's
    ],
)
def test_not_my_trades(text: str, skill: str | None, action: str | None) -> None:
    _is(text, skill, action, names={"trader": ["alpha"]})


# -- a config's model turned into or pointed at another id: its model is updated --------------------

_MODELS = {"model": ["kimi", "deepseek", "openai"], "trader": ["alpha"]}


@each(
    ("text", "name", "model"),
    [
        ("將kimi個模型轉做 moonshot-v1-32k", "kimi", "moonshot-v1-32k"),
        ("kimi模型转成moonshot-v1-8k", "kimi", "moonshot-v1-8k"),
        ("把deepseek嘅模型換做deepseek-reasoner", "deepseek", "deepseek-reasoner"),
        ("point my deepseek config at deepseek-reasoner", "deepseek", "deepseek-reasoner"),
        ("point the kimi config at moonshot-v1-8k", "kimi", "moonshot-v1-8k"),
        ("repoint deepseek at deepseek-chat", "deepseek", "deepseek-chat"),
        ("switch my deepseek config over to deepseek-reasoner", "deepseek", "deepseek-reasoner"),
    ],
)
def test_a_model_turned_into_another(text: str, name: str, model: str) -> None:
    slots = {"field": "model", "model": model, "target_ref": {"name": name}}
    _is(text, "model_management", "update", slots, names=_MODELS)


@each(
    ("text", "skill", "action"),
    [
        ("my deepseek config is at deepseek-chat", None, None),  # told, no "point"
        ("is alpha at deepseek-chat", None, None),
        ("whats the point of my deepseek config", None, None),
        ("sell eth at 4000", "trade_execution", "limit"),
        ("把btc转成usdt", "trade_execution", "sell"),  # a coin converted to USDT: sold, no record changed
    ],
)
def test_nothing_pointed(text: str, skill: str | None, action: str | None) -> None:
    _is(text, skill, action, names=_MODELS)
