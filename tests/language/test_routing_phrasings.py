"""Everyday phrasings and the misroutes of issue 21, in zh and en, through the full router (every
skill's intents, then the rules of the skills not yet on the layer)."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    ("text", "symbol"),
    [
        ("what's btc at", "BTCUSDT"),
        ("where is eth trading", "ETHUSDT"),
        ("gimme doge", "DOGEUSDT"),
        ("以太坊几个u", "ETHUSDT"),
        ("查下uni", "UNIUSDT"),
        ("姨太今天啥价", "ETHUSDT"),
        ("姨太今天啥價", "ETHUSDT"),  # traditional characters read as simplified
        ("<script>alert(1)</script> BTC price", "BTCUSDT"),  # markup says nothing: no alert
        ("<b>BTC</b> 价格", "BTCUSDT"),
    ],
)
def test_everyday_price_questions(text: str, symbol: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("price", "current"), route
    assert route.slots["symbols"] == [symbol]


@each(
    ("text", "skill", "action", "slots"),
    [
        ("梭哈大饼", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "all"}),
        ("all in doge", "trade_execution", "buy", {"symbol": "DOGEUSDT", "amount": "all"}),
        ("账户里还剩多少U", "account_query", "balance", {}),
        ("how much money is left in my account", "account_query", "balance", {}),
        ("我的币都有哪些", "account_query", "positions", {}),
        ("what coins do i have", "account_query", "positions", {}),
        (
            "turn on the daily summary for trader beta",
            "trader_management",
            "update",
            {"field": "daily_summary", "daily_summary": "on", "target_ref": {"name": "beta"}},
        ),
        (
            "关闭交易员 beta 的日报",
            "trader_management",
            "update",
            {"field": "daily_summary", "daily_summary": "off", "target_ref": {"name": "beta"}},
        ),
        ("我绑定了哪些交易所", "exchange_management", "query", {}),
        ("show my account history", "account_query", "trades", {}),
        ("which exchanges did i connect", "exchange_management", "query", {}),
        ("delete the eth bot", "trader_management", "delete", {"target_ref": {"name": "eth"}}),
        ("删除 eth 机器人", "trader_management", "delete", {"target_ref": {"name": "eth"}}),
        ("删除账户 my traders", "exchange_management", "delete", {"target_ref": {"name": "my traders"}}),
        (
            "delete account my traders",
            "exchange_management",
            "delete",
            {"target_ref": {"name": "my traders"}},
        ),
        ("查看账户 traders club", "exchange_management", "query", {"target_ref": {"name": "traders club"}}),
    ],
)
def test_everyday_requests_and_misroutes(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == (skill, action), route
    assert route.slots == slots


@each("text", ["deepseek 返回 402 Insufficient Balance", "deepseek returned 402 Insufficient Balance"])
def test_a_model_provider_s_error_is_its_diagnosis_not_the_balance(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("model_diagnosis", "diagnose"), route
    assert route.slots["provider"] == "deepseek"


@each("text", ["I lost a lot of money on ETH last year", "去年我在以太坊上亏了很多钱"])
def test_a_story_about_a_loss_is_no_price_question(text: str) -> None:
    route = _route(text)
    assert route is None or route.skill != "price", route


@each(
    "text",
    [
        "create a trader named alpha with daily summary and auto start it",
        "创建交易员 叫 alpha 每日汇总 自动启动",
    ],
)
def test_a_create_that_switches_things_on_is_still_a_create(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trader_management", "create"), route
