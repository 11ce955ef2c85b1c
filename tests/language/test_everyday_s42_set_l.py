"""Everyday mainland, Taiwan and Hong Kong Chinese (session 42, blind set L). Each case failed before
its fix, which is data: a Cantonese word read as its Mandarin one (phrases/cantonese.toml), a lexicon
word or question word; never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _is


@each(
    "text",
    ["我设定咗咩模型", "我設定咗咩模型", "我设定了什么模型", "我設定了什麼模型", "我配置了啥模型"],
)
def test_what_was_set_up_creates_nothing(text: str) -> None:
    """'What models have I set up' lists them; it started a model config's creation."""
    _is(text, "model_management", "query", {"target_ref": None})


@each("text", ["我琴日啱啱沽咗啲BTC 好彩", "我琴日沽咗啲ETH"])
def test_a_story_of_a_sale_sells_nothing(text: str) -> None:
    """琴日 is yesterday (as 寻日), 啱啱 just now: a story of a sale, no sale."""
    _is(text, None)


@each(
    ("text", "skill", "action", "slots"),
    [
        ("ETH止蝕3000", "orders", "protect", {"stop_loss": "3000", "symbol": "ETHUSDT"}),
        ("ETH止蚀3000", "orders", "protect", {"stop_loss": "3000", "symbol": "ETHUSDT"}),
        ("SOL今日升咗幾多", "price", "current", {"symbols": ["SOLUSDT"], "change": True}),
        ("BTC升穿十萬通知我", "price_alert", "create", {"condition": "above", "level": "100000"}),
        ("咩係網格交易", "glossary", "explain", {"term": "grid"}),
        ("咩系网格交易", "glossary", "explain", {"term": "grid"}),
        ("開多個交易員", "trader_management", "create", {}),
        ("开多个策略", "strategy_management", "create", {}),
    ],
)
def test_cantonese_words(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    """止蝕 stop-loss, 升咗 has risen, 升穿 breaks above, 咩係 what is, 開多個 one more."""
    _is(text, skill, action, slots)


@each(
    ("text", "skill", "action", "slots"),
    [
        ("什麼是保證金", "glossary", "explain", {"term": "margin"}),
        ("什么是保证金", "glossary", "explain", {"term": "margin"}),
        ("我有設哪些警示", "price_alert", "query", {}),
        ("我有设哪些警示", "price_alert", "query", {}),
    ],
)
def test_taiwan_words(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    """保證金 is margin (the glossary's), 警示 a price alert, as Taiwan says them."""
    _is(text, skill, action, slots)
