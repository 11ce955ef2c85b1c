"""Orders asked about or withdrawn in plain words: an order that never filled is the resting
order's why ("my limit order never filled", "我的限价单一直没成交"), without a "why"; withdrawing
an order is its cancel ("withdraw my limit orders", "把限价单撤下来"), withdrawing money is not."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import full_router


@each(
    "text",
    [
        "my limit order never filled",
        "my open order hasn't been filled",
        "我的限价单一直没成交",
        "我的挂单一直没成交",
        "我的限價單一直沒成交",
    ],
)
def test_an_order_that_never_filled_is_asked_why_it_rests(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "why_resting"), route


@each(
    ("text", "slots"),
    [
        ("withdraw my limit orders", {"order_no": "all"}),
        ("withdraw all my open orders", {"order_no": "all"}),
        ("把限价单撤下来", {}),
        ("收回我的限价单", {}),
        ("撤下我的挂单", {"order_no": "all"}),
    ],
)
def test_withdrawing_an_order_cancels_it(text: str, slots: dict[str, str]) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "cancel"), route
    assert route.slots == slots


@each("text", ["withdraw 100 usdt", "提现 100 usdt", "收回成本"])
def test_withdrawing_money_is_no_cancel(text: str) -> None:
    route = full_router().route(text)
    assert route is None or route.skill != "orders", route


@each(
    "text",
    [
        "limit order stuck for hours, why",  # was nothing: stuck is a failure, avoided by the why
        "my limit order is stuck",
        "我的挂单卡住了",
        "为什么我的限价单卡住了",
        "我的限價單卡著",
    ],
)
def test_a_stuck_limit_order_is_asked_why_it_rests(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("orders", "why_resting"), route


@each("text", ["my order is stuck", "我的订单一直卡着", "my agent is stuck"])
def test_a_stuck_order_or_agent_is_still_a_problem_to_look_into(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.action == "diagnose", route
