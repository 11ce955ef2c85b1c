"""One request said over two clauses is one ask: "开个定投，每天 30u 买 btc" is one plan (the first
clause names no coin), not a bare plan and a second one. Two coins are still two asks."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import shared_router


@each(
    "text",
    ["开个 dca，每天 30u 买 btc", "开个定投，每天 30u 买 btc", "開個定投，每天 30U 買 BTC"],
)
def test_a_plan_over_two_clauses_is_one(text: str) -> None:
    asks = read_asks(text, shared_router(), locale="zh")
    assert [(a.skill, a.action) for a in asks] == [("strategy_management", "create")]
    slots = asks[0].slots
    assert (slots["kind"], slots["symbol"], slots["interval"], slots["quote_amount"]) == (
        "dca",
        "BTCUSDT",
        "1d",
        "30",
    )


def test_is_it_up_and_its_price_is_one_ask() -> None:
    asks = read_asks("is BTC up today? what's its price", shared_router(), locale="en")
    assert [(a.skill, a.slots.get("symbols")) for a in asks] == [("price", ["BTCUSDT"])]


@each(
    ("text", "count"),
    [
        ("buy 0.01 BTC and buy 0.01 ETH", 2),
        ("buy 0.01 BTC and show my balance", 2),
        ("BTC and ETH prices", 1),
    ],
)
def test_two_coins_or_two_requests_are_still_two(text: str, count: int) -> None:
    assert len(read_asks(text, shared_router(), locale="en")) == count
