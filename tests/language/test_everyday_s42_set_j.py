"""Everyday mainland and Hong Kong / Taiwan Chinese (session 42, blind set J). Each case failed
before its fix, which is data: a Cantonese word read as its Mandarin one (phrases/cantonese.toml),
a coin's nickname (core.coin_names), a lexicon word; never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to
from tests.fakes import shared_router


@each(
    ("text", "skill", "action", "slots"),
    [
        # 揸緊 / 揸住: holding; 尋日: yesterday; 唔使: no need (off); 係咩嚟 / 係幾多: what is / how much is
        ("我揸緊咩幣", "account_query", "positions", {}),
        ("尋日成交咗啲咩", "account_query", "trades", {"day": "yesterday"}),
        ("唔使再發週報", "pnl", "weekly", {"switch": "off"}),
        ("網格係咩嚟", "glossary", "explain", {"term": "grid"}),
        ("最大回撤係幾多", "pnl", "report", {"view": "drawdown"}),
        # 連唔到 / 用唔到: can't connect / doesn't work
        ("OKX 連唔到", "exchange_diagnosis", "diagnose", {"exchange": "okx"}),
        ("kimi 嘅 key 用唔到", "model_diagnosis", "diagnose", {"provider": "kimi"}),
        # 提我: remind me (跌穿: breaks below)
        (
            "BTC 跌穿 7 萬提我",
            "price_alert",
            "create",
            {"symbol": "BTCUSDT", "condition": "below", "level": "70000"},
        ),
        (
            "btc 跌破 7 万提我",
            "price_alert",
            "create",
            {"symbol": "BTCUSDT", "condition": "below", "level": "70000"},
        ),
    ],
)
def test_cantonese_words(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


def test_how_is_a_trader_doing_in_cantonese() -> None:
    _routes_to("阿強今日做成點", "trader_management", "query", {"target_ref": {"name": "阿強"}},
               names={"trader": ["阿強"]})  # fmt: skip


@each(
    ("text", "skill", "action", "slots"),
    [
        # 狗子 is DOGE; 上车 buys; 出掉 + 一个不留 sells all
        ("狗子今天涨了没", "price", "current", {"symbols": ["DOGEUSDT"]}),
        ("上车狗子 500刀", "trade_execution", "buy", {"symbol": "DOGEUSDT", "amount": "quote:500"}),
        ("狗子涨5%喊我", "price_alert", "create", {"symbol": "DOGEUSDT", "condition": "above"}),
        ("狗子给我出掉 一个不留", "trade_execution", "sell", {"symbol": "DOGEUSDT", "amount": "all"}),
        ("eth 给我卖了 一个不留", "trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "all"}),
    ],
)
def test_slang(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each("text", ["我家狗子生病了", "我要唔使咁多", "系统是什么"])
def test_no_order_nor_alert(text: str) -> None:
    route = shared_router().route(text)
    assert route is None or route.skill not in ("trade_execution", "price_alert", "pnl"), route


@each(
    ("text", "skill", "action", "slots"),
    [
        # 清单 lists as 列表 does; 是个啥 asks what a term is as 是啥 does
        ("我的策略清單", "strategy_management", "query", {}),
        ("我的交易员清单", "trader_management", "query", {}),
        ("止损到底是个啥", "glossary", "explain", {"term": "stop_loss"}),
        ("网格是个什么东西", "glossary", "explain", {"term": "grid"}),
    ],
)
def test_a_list_and_a_term_asked(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    "text",
    ["梭哈姨太结果被埋了", "全仓sol 在山顶站岗", "昨天梭哈姨太结果被埋了", "尋日全倉梭哈 BTC 結果爆咗倉"],
)
def test_what_came_of_an_all_in_is_a_story(text: str) -> None:
    """被埋 / 站岗 (bought the top, stuck), told with or without a day: a story, never an order."""
    _routes_to(text, None)


def test_all_in_now_is_still_an_order() -> None:
    _routes_to("梭哈姨太", "trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "all"})
