"""Everyday chat (session 44, the help worktree's misses). Each case failed before its fix (a word
in the lexicon data, a row of an intent table or a condition of a reader), never a pattern for
one phrasing; the guards route as they did."""

from __future__ import annotations

import pytest

from tests.fakes import assert_routes_to as _routes_to

# -- an order told still waiting rests: why it has not filled; told still open, the open orders --


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("why hasnt my buy order filled yet", "why_resting"),
        ("why hasn't my sell order filled yet", "why_resting"),
        ("my sell order is still sitting there, why", "why_resting"),
        ("为什么我的买单还没成交", "why_resting"),
        ("为什么我的卖单一直挂着不成交", "why_resting"),
        ("我的挂单怎么还挂着没动", "why_resting"),
        ("我的限价单咋还没成交", "why_resting"),
        ("我嗰張買單喺度等咗成個鐘都未食到 點解", "why_resting"),
        ("我張賣單等咗好耐都未食到", "why_resting"),
        ("any orders still open?", "open_orders"),
        ("is my btc order still open", "open_orders"),
        ("are my orders still pending", "open_orders"),
    ],
)
def test_an_order_told_waiting_rests(text: str, action: str) -> None:
    _routes_to(text, "orders", action)


@pytest.mark.parametrize(
    ("text", "skill", "action"),
    [
        # Plain orders told unfilled or failed, no wait told: the order diagnosis's, as before.
        ("why hasn't my buy order filled", "order_execution_diagnosis", "diagnose"),
        ("为什么我的买单没成交", "order_execution_diagnosis", "diagnose"),
        ("订单一直没成交", "order_execution_diagnosis", "diagnose"),
        ("my sell order failed", "order_execution_diagnosis", "diagnose"),
        # A resting order asked after, no why: the open orders.
        ("我的挂单还挂着吗", "orders", "open_orders"),
    ],
)
def test_orders_told_otherwise_route_as_before(text: str, skill: str, action: str) -> None:
    _routes_to(text, skill, action)
