"""Everyday phrasings from fresh set G (written blind) that were misread before: "有没有未成交的挂单"
asks for the open orders (it was read as why one has not filled), and a strategy or trader that
"没动" (has not moved) is a problem to look into (no route before)."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names


@each("text", ["有没有未成交的挂单", "看看没成交的挂单", "有沒有未成交的掛單", "show me my unfilled orders"])
def test_unfilled_orders_asked_for_are_the_open_ones(text: str) -> None:
    route = route_with_names(text)
    assert route is not None and (route.skill, route.action) == ("orders", "open_orders"), route


@each(
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


@each(
    "text",
    [
        "余额显示的和交易所对不上",
        "我的余额和币安上的不一样",
        "餘額跟交易所對不上",
        "持仓和交易所显示的不一样",
    ],
)
def test_a_balance_that_does_not_match_the_exchange_is_the_balance_diagnosis(text: str) -> None:
    """Before: the exchange's diagnosis (the exchange named), or the balance itself ("不一样")."""
    route = route_with_names(text)
    assert route is not None and route.skill == "balance_position_diagnosis", route
