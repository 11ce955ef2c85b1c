"""Orders asked about or withdrawn in plain words: an order that never filled is the resting
order's why ("my limit order never filled", "我的限价单一直没成交"), without a "why"."""

from __future__ import annotations

import pytest

from tests.fakes import full_router


@pytest.mark.parametrize(
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
