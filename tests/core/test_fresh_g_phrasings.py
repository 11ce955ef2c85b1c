"""Everyday phrasings from fresh set G (written blind) that were misread before: "有没有未成交的挂单"
asks for the open orders (it was read as why one has not filled), and a strategy or trader that
"没动" (has not moved) is a problem to look into (no route before)."""

from __future__ import annotations

import pytest

from tests.fakes import route_with_names


@pytest.mark.parametrize(
    "text", ["有没有未成交的挂单", "看看没成交的挂单", "有沒有未成交的掛單", "show me my unfilled orders"]
)
def test_unfilled_orders_asked_for_are_the_open_ones(text: str) -> None:
    route = route_with_names(text)
    assert route is not None and (route.skill, route.action) == ("orders", "open_orders"), route


@pytest.mark.parametrize(
    ("text", "skill"),
    [
        ("网格策略好几天没动了", "strategy_diagnosis"),
        ("我的定投策略一直没动静", "strategy_diagnosis"),
        ("網格策略好幾天沒動了", "strategy_diagnosis"),
        ("my grid strategy hasn't done anything for days", "strategy_diagnosis"),
    ],
)
def test_a_strategy_that_has_not_moved_is_diagnosed(text: str, skill: str) -> None:
    route = route_with_names(text)
    assert route is not None and route.skill == skill, route
