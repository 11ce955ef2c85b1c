"""Everyday phrasings of session 43 (worker en3): each failed before its fix, which is a word in the
lexicon, a condition in an intent table or a reader's rule covering the family, never a pattern for
the one phrasing."""

from __future__ import annotations

import pytest

from tests.fakes import assert_routes_to, route_with_names


# An order cancelled, named by its side or kind: the orders skill's cancel (it asks which order when
# no number is said), never a buy or sell placed.
@pytest.mark.parametrize(
    "text",
    [
        "cancel my limit buy",
        "cancel my limit sell",
        "cancel the eth buy order",
        "delete my sell order",
        "kill my eth limit buy",
        "stop my limit sells",
        "cancel my buy and sell orders",
        "撤销我的限价买单",
        "撤掉我的限价卖单",
        "取消我的买入限价单",
        "撤銷我的限價買單",
    ],
)
def test_an_order_cancelled_by_its_side_is_no_order_placed(text: str) -> None:
    assert_routes_to(text, "orders", "cancel")


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("buy 0.1 btc", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("limit buy 0.01 btc at 85000", {"symbol": "BTCUSDT", "limit_price": "85000"}),
    ],
)
def test_a_side_asked_for_still_places_an_order(text: str, slots: dict[str, str]) -> None:
    route = route_with_names(text)
    assert route is not None and route.skill == "trade_execution", route
    assert all(route.slots.get(k) == v for k, v in slots.items()), route
