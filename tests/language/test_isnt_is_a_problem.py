""" "isn't" / "aren't" say something is not happening, as "didn't" and "hasn't" do: "why isn't bob
trading" (bob is the person's trader) was a price question about an unknown coin "bob"."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import full_router

ROUTER = full_router()
NAMES = context({"names": {"trader": ["bob"]}})


def route_of(text: str) -> tuple[str, str | None]:
    (route,) = read_asks(text, ROUTER, NAMES)
    return route.skill, route.action


@each(
    "text",
    ["why isn't bob trading", "why isnt bob trading", "why aren't my traders trading", "bob 为什么不交易"],
)
def test_a_trader_that_is_not_trading_is_its_diagnosis(text: str) -> None:
    assert route_of(text) == ("trader_diagnosis", "diagnose")


@each(("text", "expected"), [("eth price", ("price", "current")), ("ETH 价格", ("price", "current"))])
def test_a_price_question_stays_one(text: str, expected: tuple[str, str]) -> None:
    assert route_of(text) == expected
