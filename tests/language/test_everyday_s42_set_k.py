"""Everyday chat English and Chinese mixed with English (session 42, set K: written blind, from the
route catalogue only). Each case failed before its fix, which is a word in the lexicon data, a
condition in an intent table or a rule of a reader, never a pattern for the one phrasing."""

from __future__ import annotations

from typing import Any

import pytest

from core.conversation.reading import read_asks
from tests.fakes import shared_router


def _routes_to(text: str, skill: str | None, action: str | None = None, slots: dict[str, Any] | None = None) -> None:
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
