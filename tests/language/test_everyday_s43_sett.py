"""Everyday phrasings that routed wrong (session 43, blind set T: mainland, Taiwan and Hong Kong
Chinese): an unbinding read as a binding, "don't remind me any more" made an alert, and Hong Kong
words (蚊 USDT, 張 單, 落單, 出 429, 改做, 個鐘) the layer did not know. Each fix is a rule or lexicon
words for a family of phrasings."""

from __future__ import annotations

from typing import Any

from core.language.values import find_values
from core.strategies.intervals import interval_in
from tests.cases import each
from tests.fakes import assert_routes_to as _is
from tests.fakes import route_with_names


@each(
    ("text", "slots"),
    [
        ("解除綁定 Bybit", {"target_ref": {"alias": "bybit"}}),
        ("取消绑定币安", {"target_ref": {"alias": "binance"}}),
        ("帮我解除 okx 的绑定", {"target_ref": {"alias": "okx"}}),
        ("取消 okx 的绑定", {"target_ref": {"alias": "okx"}}),
        ("解除关联 OKX", {"target_ref": {"alias": "okx"}}),
        ("unbind my bybit account", {"target_ref": {"alias": "bybit"}}),
    ],
)
def test_unbinding_deletes_the_account(text: str, slots: dict[str, Any]) -> None:
    _is(text, "exchange_management", "delete", slots)


@each(
    ("text", "symbol"),
    [
        ("唔好再提我 BTC 喇", "BTCUSDT"),
        ("唔好再提醒我 ETH", "ETHUSDT"),
        ("别再叫我 eth 了", "ETHUSDT"),
        ("別再通知我 SOL", "SOLUSDT"),
        ("stop reminding me about BTC", "BTCUSDT"),
        ("don't remind me about btc anymore", "BTCUSDT"),
        ("quit pinging me about sol", "SOLUSDT"),
    ],
)
def test_no_more_reminders_deletes_the_coins_alerts(text: str, symbol: str) -> None:
    _is(text, "price_alert", "delete", {"symbol": symbol})


@each(
    "text",
    ["remind me about btc at 100k", "don't forget to remind me about btc", "remind me to stop buying sol"],
)
def test_a_reminder_asked_still_makes_one(text: str) -> None:
    _is(text, "price_alert", "create")


@each(
    ("text", "symbol", "amount"),
    [
        ("幫我買50蚊USDT嘅SOL", "SOLUSDT", "quote:50"),
        ("買 100蚊 U 嘅 BTC", "BTCUSDT", "quote:100"),
        ("用 200 蚊美金買 ETH", "ETHUSDT", "quote:200"),
        ("買100蚊嘅BTC", "BTCUSDT", "refused:currency:100蚊"),  # 蚊 alone: Hong Kong dollars
    ],
)
def test_man_followed_by_usdt_is_usdt(text: str, symbol: str, amount: str) -> None:
    _is(text, "trade_execution", "buy", {"symbol": symbol, "amount": amount})


@each(
    "text",
    [
        "我張限價單掛咗成晚都冇成交",
        "我的限价单挂了一晚上都没成交",
        "我那张限价单挂了一整晚都没成交",
        "my limit order sat there all night without filling",
        "my limit order sat all day without getting filled",
    ],
)
def test_a_limit_order_left_all_night_asks_why_it_rests(text: str) -> None:
    _is(text, "orders", "why_resting")


@each(
    "text",
    [
        "落單失敗，話餘額唔夠",
        "下单失败，说余额不够",
        "order failed, says balance not enough",
        "my order failed, not enough balance",
    ],
)
def test_an_order_refused_for_its_balance_is_the_orders_problem(text: str) -> None:
    _is(text, "order_execution_diagnosis", "diagnose")


def test_whether_the_balance_is_enough_to_buy_is_asked_not_ordered() -> None:
    _is("我的余额够不够买1个btc", "account_query", "max_buy", {"symbol": "BTCUSDT"})


def test_gai_zou_changes_a_models_base_url() -> None:
    url = "https://api.deepseek.com/v1"
    slots = {"field": "base_url", "target_ref": {"name": "deepseek"}, "base_url": url}
    _is(f"將 deepseek 嘅 base url 改做 {url}", "model_management", "update", slots)


@each("text", ["將策略 BTC定投 改做每4個鐘一次", "把策略 BTC定投 改成每4个钟一次"])
def test_gai_zou_changes_a_strategys_interval_in_hours(text: str) -> None:
    _is(text, "strategy_management", "update", {"field": "interval", "target_ref": {"name": "BTC定投"}})
    route = route_with_names(text, None)
    assert route is not None
    assert str(interval_in(find_values(route.slots["interval"]))) == "4h"


@each(
    ("text", "provider", "code"),
    [
        ("kimi 個模型一直出 429", "kimi", "http_429"),
        ("kimi 一直出 429", "kimi", "http_429"),
        ("deepseek 老是出 401", "deepseek", "http_401"),
    ],
)
def test_a_model_that_keeps_giving_an_error(text: str, provider: str, code: str) -> None:
    _is(text, "model_diagnosis", "diagnose", {"provider": provider})
    route = route_with_names(text, None)
    assert route is not None and route.slots["error"]["code"] == code


@each(
    ("text", "exchange"),
    [
        ("幣安顯示嘅餘額同呢度唔同", "binance"),
        ("币安的余额跟这里不同", "binance"),
        ("the balance on binance is different from here", "binance"),
        ("my balance on okx differs from what you show", "okx"),
    ],
)
def test_a_balance_that_differs_from_here_is_diagnosed(text: str, exchange: str) -> None:
    _is(text, "balance_position_diagnosis", "diagnose", {"exchange": exchange})
