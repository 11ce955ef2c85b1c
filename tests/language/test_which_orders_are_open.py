"""Orders asked for ("which orders are open", "what orders do i have open", "有哪些单子还没成交",
"show me my unfilled orders", "查一下我的订单") are the open orders. They routed nowhere, or to the
diagnosis of an order that did not fill, which stays for "why" ("为什么我的单子没成交") and a
statement of the problem ("我的订单没成交")."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import full_router

ROUTER = full_router()


def route_of(text: str) -> tuple[str, str | None] | None:
    asks = read_asks(text, ROUTER)
    return (asks[0].skill, asks[0].action) if len(asks) == 1 else None


@each(
    "text",
    [
        "which orders are open",
        "what orders do i have open",
        "wat orders do i have open",
        "show me my unfilled orders",
        "show me orders that havent filled yet",
        "有哪些单子还没成交",
        "哪些订单还开着",
        "查一下我的订单",
    ],
)
def test_orders_asked_for_are_the_open_orders(text: str) -> None:
    assert route_of(text) == ("orders", "open_orders")


@each("text", ["为什么我的单子没成交", "我的订单没成交", "why didn't my order fill"])
def test_why_an_order_did_not_fill_stays_its_diagnosis(text: str) -> None:
    assert route_of(text) == ("order_execution_diagnosis", "diagnose")
