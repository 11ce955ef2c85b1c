"""Everyday mainland, Taiwan and Hong Kong Chinese (session 43, a blind set written by someone who
never saw the rules). Each case failed before its fix, which is data or a rule for a family of
phrasings: a Cantonese word read as its Mandarin one (phrases/cantonese.toml), a lexicon word, a
linking word between a wallet and what is asked of it, a name beside a word pointing back."""

from __future__ import annotations

from typing import Any

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import assert_routes_to as _is
from tests.fakes import shared_router


@each(
    ("text", "skill", "action", "slots"),
    [
        # 同我讲(声) tell me, 话我知 let me know: an alert's
        ("大餅跌穿 8 萬同我講聲", "price_alert", "create", {"condition": "below", "level": "80000"}),
        ("以太升穿 5000 話我知", "price_alert", "create", {"condition": "above", "level": "5000"}),
        # 赚蚀 profit and loss
        ("今個月賺蝕幾多", "pnl", "report", {"period": "month"}),
        ("上個月賺蝕幾多", "pnl", "report", {"period": "last_month"}),
        # 乜嘢系 / 咩嘢系 what is
        ("乜嘢係 testnet", "glossary", "explain", {"term": "testnet"}),
        ("咩嘢係止蝕", "glossary", "explain", {"term": "stop_loss"}),
        # 成日 all the time, 好耐 a long time: a limit order placed (挂咗) and never filled
        ("限價單掛咗成日都唔成交，點解", "orders", "why_resting", {}),
        ("限價單掛咗好耐都唔成交", "orders", "why_resting", {}),
        ("限价单挂了一直都不成交，为啥", "orders", "why_resting", {}),
        # 驳 connect (驳回 stays a rejection)
        ("幫我駁 deepseek", "model_management", "create", {"provider": "deepseek"}),
        ("幫我駁個 kimi 模型", "model_management", "create", {"provider": "kimi"}),
        ("駁埋 OKX", "exchange_management", "create", {"exchange": "okx"}),
    ],
)
def test_hong_kong_words(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, skill, action, slots)


@each("text", ["订单被驳回了", "为什么我的订单被驳回"])
def test_rejected_is_no_connect(text: str) -> None:
    _is(text, "order_execution_diagnosis", "diagnose")


@each("text", ["幫我撤晒啲掛單，跟住睇下我仲有幾多錢", "帮我撤光挂单，然后看下我还有多少钱"])
def test_cancel_all_then_balance(text: str) -> None:
    """撤晒 / 撤光 cancel every order; it listed them instead."""
    asks = read_asks(text, shared_router())
    assert [(a.skill, a.action) for a in asks] == [("orders", "cancel"), ("account_query", "balance")], asks
    assert asks[0].slots.get("order_no") == "all", asks


@each("text", ["撤光挂单", "全撤了", "帮我撤干净", "撤晒佢"])
def test_cancel_all_words(text: str) -> None:
    _is(text, "orders", "cancel", {"order_no": "all"})


@each(
    ("text", "skill", "action", "slots"),
    [
        ("我有咩策略", "strategy_management", "query", {}),
        ("我有咩交易員", "trader_management", "query", {"target_ref": None}),
        ("我有什么交易员", "trader_management", "query", {"target_ref": None}),
        ("我有啥策略", "strategy_management", "query", {}),
        ("我有咩提醒", "price_alert", "query", {}),
    ],
)
def test_what_do_i_have(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    """咩 / 什么 / 啥 after 我有 ask which of theirs there are; 什么 was a trader's name."""
    _is(text, skill, action, slots)


@each("text", ["这个bot咋用啊", "这机器人怎么用", "这机器人咋用", "這個機器人點樣用", "这bot怎么使用"])
def test_how_to_use_this_bot(text: str) -> None:
    """咋 is 怎么; 这 (without 个) is this bot as 这个 is: the getting-started guide."""
    _is(text, "guidance", "explain", {"topic": "start"})


@each("text", ["模型一直报错咋整", "kimi 一直报错咋办"])
def test_model_errors_what_to_do(text: str) -> None:
    _is(text, "model_diagnosis", "diagnose")


@each(
    ("text", "action", "wallet"),
    [
        ("我合约那边的仓位呢", "positions", "futures"),
        ("我合約嗰邊嘅倉位呢", "positions", "futures"),
        ("我合约的仓位", "positions", "futures"),
        ("现货里的余额多少", "balance", "spot"),
    ],
)
def test_wallet_with_a_linking_word(text: str, action: str, wallet: str) -> None:
    """A wallet's word, then 那边的 / 的 / 里的, then what is asked of it names the wallet."""
    _is(text, "account_query", action, {"wallet": wallet})


def test_funds_are_no_wallet_across_a_linking_word() -> None:
    """初始资金 is money set aside, not the funding wallet."""
    _is("初始资金的余额", "account_query", "balance", {"wallet": None})


@each(
    ("text", "name"),
    [
        ("把大饼定投从默认策略里拿掉", "大饼定投"),
        ("把大饼定投从默认策略里删掉", "大饼定投"),
        ("把BTC定投從預設策略移除", "BTC定投"),
        ("remove btc dca from the default", "btc dca"),
    ],
)
def test_out_of_the_default_is_deactivate(text: str, name: str) -> None:
    """Taken out of the default strategy: the default unset, the strategy kept (it was deleted, or
    nothing happened)."""
    _is(text, "strategy_management", "deactivate", {"target_ref": {"name": name}})


@each(
    ("text", "name"),
    [
        ("删掉openai那个模型配置", "openai"),
        ("刪掉 deepseek 那個模型", "deepseek"),
        ("把 kimi 那个配置删了", "kimi"),
        ("删掉那个 openai 模型", "openai"),
    ],
)
def test_a_name_beside_that_one(text: str, name: str) -> None:
    """A provider beside 那个 + a kind noun names the record, not the last one touched."""
    _is(text, "model_management", "delete", {"target_ref": {"name": name}})


def test_that_one_alone_is_the_last_one() -> None:
    _is("删掉那个模型配置", "model_management", "delete", {"target_ref": {"recent": "1"}})


@each(
    "text",
    [
        "我上禮拜買的以太賺了一點點",
        "我上个礼拜买的以太赚了一点点",
        "我买的以太赚了一点点",
        "前几天买的sol赚了不少",
    ],
)
def test_a_past_buy_that_earned_is_a_story(text: str) -> None:
    """上礼拜 is last week (as 上周); a buy that earned a little is told of, never placed."""
    _is(text, None)


@each(("text", "slots"), [("买点以太", {"symbol": "ETHUSDT"}), ("帮我买0.1个以太", {"amount": "base:0.1"})])
def test_a_buy_asked_for_is_still_an_order(text: str, slots: dict[str, Any]) -> None:
    _is(text, "trade_execution", "buy", slots)
