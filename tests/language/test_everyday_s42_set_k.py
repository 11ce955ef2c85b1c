"""Everyday chat English and Chinese mixed with English (session 42, set K: written blind, from the
route catalogue only). Each case failed before its fix, which is a word in the lexicon data, a
condition in an intent table or a rule of a reader, never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import shared_router


def _routes_to(
    text: str, skill: str | None, action: str | None = None, slots: dict[str, Any] | None = None
) -> None:
    route = shared_router().route(text)
    if skill is None:
        assert route is None, (text, route)
        return
    assert route is not None, text
    assert (route.skill, route.action) == (skill, action), (text, route)
    for name, value in (slots or {}).items():
        assert route.slots.get(name) == value, (text, name, route.slots)


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        # Whether one is able to buy asks how much one can, never places the order
        ("what is quantity of eth i am able to purchase", "ETHUSDT"),
        ("am i able to buy 0.1 btc", "BTCUSDT"),
        ("what quantity of sol can i purchase", "SOLUSDT"),
        ("我能够买0.1个btc吗", "BTCUSDT"),
    ],
)
def test_able_to_buy_is_a_question(text: str, symbol: str) -> None:
    _routes_to(text, "account_query", "max_buy", {"symbol": symbol})


@pytest.mark.parametrize(
    "text",
    [
        # A buy told of, in the past or with what came of it, is a story, never an order
        "昨天 all in doge 直接 rekt 了 😭",
        "昨天梭哈了大饼",
        "i went all in on pepe and got rekt",
        "all in sol last week and it doubled",
        "上回 all in sol 已经翻倍了",
        "dumped all my sol and it mooned lol",
        "i dumped my eth yesterday",
        "lol btc just dumped 5% in like a minute",
    ],
)
def test_a_story_is_no_order(text: str) -> None:
    _routes_to(text, None)


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("all in doge", {"symbol": "DOGEUSDT", "amount": "all"}),
        ("梭哈大饼", {"symbol": "BTCUSDT", "amount": "all"}),
    ],
)
def test_all_in_now_is_still_an_order(text: str, slots: dict[str, Any]) -> None:
    _routes_to(text, "trade_execution", "buy", slots)
