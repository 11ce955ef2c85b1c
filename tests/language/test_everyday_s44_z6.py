"""Everyday asks, round z6 (session 44). Each case failed before its fix: a word in the lexicon
data or a condition of the reader that owns it, never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import assert_routes_to

# -- the whole week / month said as a span ("成個禮拜", "整个月"): a week's or a month's history -----


@pytest.mark.parametrize(
    ("text", "skill", "action", "slots"),
    [
        ("BNB 而家幾錢 同埋成個禮拜嘅走勢", "price", "both", {"symbols": ["BNBUSDT"], "days": 7}),
        ("sol 一整週 走勢", "price", "history", {"symbols": ["SOLUSDT"], "days": 7}),
        ("btc整周走势", "price", "history", {"symbols": ["BTCUSDT"], "days": 7}),
        ("eth 成個星期嘅走勢", "price", "history", {"symbols": ["ETHUSDT"], "days": 7}),
        ("eth成个月走势", "price", "history", {"symbols": ["ETHUSDT"], "days": 30}),
        ("btc 整個月 表現點", "price", "history", {"symbols": ["BTCUSDT"], "days": 30}),
    ],
)
def test_whole_span(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    assert_routes_to(text, skill, action, slots)


def test_whole_span_guards() -> None:
    # 整周 inside 调整周期 (adjust the period) is a strategy's interval, never a week
    assert_routes_to(
        "帮我把网格调整周期改成4小时",
        "strategy_management",
        "update",
        {"field": "interval", "interval": "4h"},
    )
    # the current price alone keeps no window
    assert_routes_to("BNB 而家幾錢", "price", "current", {"symbols": ["BNBUSDT"]})
