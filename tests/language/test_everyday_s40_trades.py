"""Everyday trade phrasings from a fresh set (session 40, freshc, 100 messages), through the full
router, zh and en. Each failed before its fix."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@pytest.mark.parametrize(
    ("text", "side", "amount", "price"),
    [
        ("buy 0.01 btc for 85000 each", "buy", "base:0.01", "85000"),
        ("sell 0.5 eth at 4000 each", "sell", "base:0.5", "4000"),
        ("sell 2 sol for 250 apiece", "sell", "base:2", "250"),
        ("买0.01个btc，每个85000", "buy", "base:0.01", "85000"),
        ("卖0.5个eth 每个4000", "sell", "base:0.5", "4000"),
    ],
)
def test_the_price_of_each_coin_is_the_limit_price_not_a_second_amount(
    text: str, side: str, amount: str, price: str
) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit"), route
    assert (route.slots["side"], route.slots["amount"], route.slots["limit_price"]) == (side, amount, price)


@pytest.mark.parametrize("text", ["buy 100 each day", "每个月买100u btc", "每个币的盈亏"])
def test_each_without_a_coin_price_is_no_limit_order(text: str) -> None:
    route = _route(text)
    assert route is None or route.action != "limit", route
