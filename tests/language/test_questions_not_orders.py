"""Everyday phrasings a probe misread (session 39, round 2), through the full router, zh and en.
Each failed before its fix."""

from __future__ import annotations

from typing import Any

from core.language.values import refusal_message
from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    "text",
    [
        "how much did i buy eth",
        "how many did i buy",
        "how much did i spend",
        "我买了多少eth",
        "我买过多少个比特币",
        "我花了多少钱",
    ],
)
def test_how_much_one_bought_is_a_question_of_their_trades_never_an_order(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("account_query", "trades"), route


@each(
    ("text", "amount"),
    [
        ("spend 200u on sol", "quote:200"),
        ("spend 200 on sol", "quote:200"),  # what one spends is USDT, a bare number too
        ("花200u买sol", "quote:200"),
        ("花200买sol", "quote:200"),  # was 200 SOL
    ],
)
def test_what_one_spends_on_a_coin_is_usdt(text: str, amount: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "buy"), route
    assert route.slots["amount"] == amount


@each(
    ("text", "typed"),
    [("spend 0.5 btc on eth", "0.5 btc"), ("花0.1个btc买eth", "0.1个btc"), ("spend half on sol", "half")],
)
def test_a_coin_or_a_share_spent_is_refused_quoting_it(text: str, typed: str) -> None:
    route = _route(text)
    assert route is not None and route.skill == "trade_execution", route
    assert route.slots["amount"] == f"refused:spent_not_usdt:{typed}"
    for locale in ("zh", "en"):
        said = refusal_message(locale, "spent_not_usdt", typed)
        assert typed in said and "USDT" in said


@each(
    "text",
    ["sell every doge i got", "dump all my doge", "卖掉所有doge", "卖掉我所有的doge", "把我的doge全卖了"],
)
def test_every_before_the_coin_sold_is_the_whole_holding(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "sell"), route
    assert route.slots == {"symbol": "DOGEUSDT", "amount": "all"}


@each("text", ["sell doge every week", "每周卖doge"])
def test_every_as_a_time_is_no_amount(text: str) -> None:
    route = _route(text)
    assert route is None or "amount" not in route.slots, route


@each(
    ("text", "provider"),
    [
        ("设置 openai 模型", "openai"),
        ("设置一个 deepseek 模型", "deepseek"),
        ("設置 OpenAI 模型", "openai"),
        ("設定 OpenAI 模型", "openai"),
        ("set up an openai model", "openai"),
    ],
)
def test_setting_up_a_providers_model_creates_a_config(text: str, provider: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("model_management", "create"), route
    assert route.slots == {"provider": provider}


def test_what_a_setting_is_asked_is_no_creation() -> None:
    route = _route("BTC定投的金額設置的是多少")
    assert route is None or route.action != "create", route


@each(
    "text",
    ["换成gpt-4o", "换成 gpt-4o 吧", "改成deepseek-chat", "switch to gpt-4o", "switch to gpt-4o please"],
)
def test_a_model_switched_to_changes_a_model_configs_model(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("model_management", "update"), route
    assert route.slots["field"] == "model" and route.slots["model"] in ("gpt-4o", "deepseek-chat")
    assert "target_ref" not in route.slots  # the flow takes their only one, or asks which


@each("text", ["换成openai", "switch to deepseek"])
def test_a_provider_alone_names_no_model(text: str) -> None:
    route = _route(text)
    assert route is None or "model" not in route.slots, route


@each("text", ["what's my bal", "my bal", "我的bal", "我的bal还有多少"])
def test_their_bal_is_their_balance(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("account_query", "balance"), route


@each("text", ["bal price", "bal价格"])
def test_bal_s_price_stays_balancers(text: str) -> None:
    route = _route(text)
    assert route is not None and route.skill == "price" and route.slots["symbols"] == ["BALUSDT"], route
