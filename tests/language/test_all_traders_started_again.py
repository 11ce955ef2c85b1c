"""Every trader started again, said as blind set KD said it: '把交易员都重新跑起来' started a trader
called '起' (重新跑 read, 起 left as a name), 'fire all my traders back up' looked up a trader 'fire'."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names

NAMES = {"trader": ["小胖", "旺财", "rex", "gary"]}


@each(
    "text",
    [
        "把交易员都重新跑起来",
        "把我的交易员全部重新跑起来",
        "把所有交易員重新跑起",
        "fire all my traders back up",
        "get all the traders going again",
    ],
)
def test_all_their_traders_started_again(text: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("trader_management", "start"), route
    assert route.slots["target_ref"] == {"all": "1"}, route.slots


@each("text", ["fire all my traders", "交易员都重新跑起来了吗"])
def test_no_start_asked_starts_none(text: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is None or route.action != "start", route


@each(("text", "amount"), [("dump all my eth", "all"), ("sell all my sol", "all")])
def test_all_of_a_coin_stays_what_is_sold(text: str, amount: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "sell"), route
    assert route.slots["amount"] == amount
