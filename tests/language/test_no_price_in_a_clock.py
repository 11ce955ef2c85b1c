"""No price nor amount is read out of a time of day said with a colon: 'buy 0.1 btc at 9:30' was
refused for its clock time but carried a limit price of 9 (and '9:30买0.1个btc' one of 30, its
amount refused as two numbers). The trade stays refused for the clock time; nothing is placed."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.language.values import find_values
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router

CLOCKS = [
    "buy 0.1 btc at 9:30",
    "buy 0.1 btc at 9:30am",
    "sell 0.1 btc at 21:00",
    "9:30买0.1个btc",
    "在9:30买0.1个btc",
    "明天9:30買入0.1個比特幣",
]


@each("text", CLOCKS)
def test_a_clock_time_holds_no_number(text: str) -> None:
    said = [text[v.start : v.end] for v in find_values(text)]
    assert said == ["0.1"], said


@each("text", CLOCKS)
def test_a_trade_at_a_clock_time_has_no_limit_price(text: str) -> None:
    locale = "en" if text.isascii() else "zh"
    asks = read_asks(text, shared_router(), context({"text": text}), locale=locale)
    assert len(asks) == 1 and asks[0].skill == "trade_execution", asks
    slots = asks[0].slots
    assert "limit_price" not in slots and slots.get("amount") == "base:0.1", slots
    assert str(slots.get("later", "")).startswith("refused:"), slots  # refused, never placed now


@each(("text", "price"), [("buy 0.1 btc at 60000", "60000"), ("buy 0.1 btc at 9.30", "9.3")])
def test_a_price_stays_a_price(text: str, price: str) -> None:
    asks = read_asks(text, shared_router(), context({"text": text}), locale="en")
    assert [r.slots.get("limit_price") for r in asks] == [price], asks
