"""An order told placed (挂了 / 掛咗) and not filling is one resting (blind set KD): '掛咗張單成日唔成交',
'挂了单一直不成交' got the order-failure diagnosis (挂了 read as crashed), not why it rests."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names


@each(
    "text",
    [
        "掛咗張單成日唔成交",
        "挂了张单一直不成交",
        "挂了单一直不成交",
        "我挂了个买单，一直没成交",
        "掛咗個賣單成日都唔成交",
    ],
)
def test_an_order_told_placed_and_unfilled_rests(text: str) -> None:
    route = route_with_names(text)
    assert route is not None and (route.skill, route.action) == ("orders", "why_resting"), route


def test_an_order_of_a_trade_unfilled_stays_the_diagnosis() -> None:
    route = route_with_names("卖sol那笔单一直不成交啊")
    assert route is not None and route.skill == "order_execution_diagnosis", route


def test_an_order_told_placed_then_cancelled_is_cancelled_once_chosen() -> None:
    route = route_with_names("挂了张单，帮我撤了")
    assert route is not None and (route.skill, route.action) == ("orders", "cancel"), route
    assert not route.slots, route.slots  # which one is asked
