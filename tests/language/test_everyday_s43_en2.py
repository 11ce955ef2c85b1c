"""Everyday English (and the Chinese of the same gaps), session 43, set en2. Each case failed
before its fix, which is a word in the lexicon data, a condition in an intent table or a rule of a
reader, never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _routes_to


@each(
    ("text", "skill", "action", "slots"),
    [
        # A limit buy or sell, and a bid, are limit orders: why one rests is the orders' question
        ("why hasn't my limit buy filled yet", "orders", "why_resting", {}),
        ("why hasn't my limit sell filled", "orders", "why_resting", {}),
        ("why hasn't my bid filled", "orders", "why_resting", {}),
        ("my limit buy never filled", "orders", "why_resting", {}),
        ("my limit buy is stuck", "orders", "why_resting", {}),
        ("为什么我的限价买单还没成交", "orders", "why_resting", {}),
        ("為什麼我的限價賣單還沒成交", "orders", "why_resting", {}),
        # a plain buy order is the diagnosis's; a limit buy with its amount still places one
        ("why hasn't my buy order filled", "order_execution_diagnosis", "diagnose", {}),
        (
            "limit buy 0.1 btc at 60000",
            "trade_execution",
            "limit",
            {"side": "buy", "symbol": "BTCUSDT", "amount": "base:0.1", "limit_price": "60000"},
        ),
    ],
)
def test_limit_order_by_its_side(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, skill, action, slots)


@each(
    ("text", "slots"),
    [
        # Lately, no span named: how a coin has done is its recent history
        ("how has sol done lately", {"symbols": ["SOLUSDT"]}),
        ("how did sol do recently", {"symbols": ["SOLUSDT"]}),
        ("how has eth performed lately", {"symbols": ["ETHUSDT"]}),
        ("sol最近表现如何", {"symbols": ["SOLUSDT"]}),
        ("以太近期怎麼樣", {"symbols": ["ETHUSDT"]}),
        # a span named reads as before
        ("how's eth been doing this week", {"symbols": ["ETHUSDT"], "days": 7}),
        ("how did btc do last month", {"symbols": ["BTCUSDT"], "days": 30}),
    ],
)
def test_a_coin_lately(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "price", "history", slots)


@each(
    "text",
    [
        # What to do first with deskmate asks where to begin: the getting-started guide
        "whats the first thing i should do with this bot",
        "what should i do first",
        "where should i begin",
        "第一步该做什么",
        "我应该先做什么",
        "第一步做什麼",
    ],
)
def test_what_to_do_first(text: str) -> None:
    _routes_to(text, "guidance", "explain", {"topic": "start"})


def test_what_can_you_do_stays_no_route() -> None:
    _routes_to("what can you do", None)


@each(
    ("text", "action", "slots"),
    [
        # A model id said in a create is the model it is for, with its provider
        ("add my openai key, want to use gpt-4o", "create", {"provider": "openai", "model": "gpt-4o"}),
        (
            "add my deepseek key, i want deepseek-reasoner",
            "create",
            {"provider": "deepseek", "model": "deepseek-reasoner"},
        ),
        ("加个openai模型 想用gpt-4o", "create", {"provider": "openai", "model": "gpt-4o"}),
        ("add openai", "create", {"provider": "openai", "model": None}),
        # used for a config of theirs ("for my openai setup"): that config's model changed
        (
            "use gpt-4o for my openai setup instead",
            "update",
            {"field": "model", "model": "gpt-4o", "target_ref": {"name": "openai"}},
        ),
        (
            "use gpt-4o for my openai config instead",
            "update",
            {"field": "model", "model": "gpt-4o", "target_ref": {"name": "openai"}},
        ),
        (
            "我的openai配置改用gpt-4o",
            "update",
            {"field": "model", "model": "gpt-4o", "target_ref": {"name": "openai"}},
        ),
    ],
)
def test_the_model_id_said(text: str, action: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "model_management", action, slots)


@each(
    "text",
    [
        # What the positions or the balance show, told as contrary to what one did: shown wrong
        "positions say i have 0 eth but i definitely bought some",
        "my balance shows 0 but i definitely deposited 500 usdt",
        "持仓显示我只有0个eth 但我明明买了",
        "我的余额显示0 可我明明充值了",
        "持倉顯示0 但我明明買了",
    ],
)
def test_shown_contrary_to_what_was_done(text: str) -> None:
    _routes_to(text, "balance_position_diagnosis", "diagnose")


@each(
    ("text", "skill", "action"),
    [
        ("我明明买了eth", None, None),  # told, no order
        ("i definitely want to buy btc", "trade_execution", "buy"),
        ("my positions", "account_query", "positions"),
    ],
)
def test_contrary_neighbours(text: str, skill: str | None, action: str | None) -> None:
    _routes_to(text, skill, action)


@each(
    ("text", "name", "grids"),
    [
        # A count of grids or levels in a change is the grid count, "up to" / "最多" before it or not
        ("bump the btc grid up to 25 grids", "btc grid", "25"),
        ("increase my eth grid up to 30 levels", "eth grid", "30"),
        ("调整btc网格 最多30格", "btc网格", "30"),
        ("bump the btc grid to 25 grids", "btc grid", "25"),
    ],
)
def test_a_count_of_grids_changed(text: str, name: str, grids: str) -> None:
    _routes_to(
        text,
        "strategy_management",
        "update",
        {"field": "grids", "grids": grids, "target_ref": {"name": name}},
    )
