"""Every price row and every row with skill null in the routing corpus, end to end."""

from __future__ import annotations

import pytest

from core.markets import MarketCatalog
from core.routing.router import Router
from core.skills.price.rules import PriceRule
from tests import corpus
from tests.cases import each
from tests.fakes import Chat, make_core


def _price_or_none(row: corpus.Row) -> bool:
    return row["expect"].get("skill") in ("price", None)


def test_own_corpus_covers_both_kinds() -> None:
    rows = [r for r in corpus.own_rows() if _price_or_none(r)]
    assert len([r for r in rows if r["expect"]["skill"] == "price"]) >= 30
    assert any(r["expect"]["skill"] is None for r in rows)


@pytest.mark.parametrize("row", corpus.cases(_price_or_none))
async def test_corpus_row_routes_as_expected(row: dict) -> None:
    expect = row["expect"]
    text = row["text"]
    chat = Chat(make_core())
    if text.startswith("/"):
        name, _, args = text[1:].partition(" ")
        reply = await chat.command(name, args)
    else:
        reply = await chat.say(text)
    assert reply.route.skill == expect["skill"], reply.route
    if expect["skill"] is None:
        assert reply.route.by is None
        assert reply.usage.model_requests == 0
        return
    assert reply.route.by == "rule"
    assert reply.usage.model_requests == 0
    if "action" in expect:
        assert reply.route.action == expect["action"]
    if "symbol" in expect:
        assert reply.route.slots.get("symbol") == expect["symbol"]
    if "symbols" in expect:
        assert reply.route.slots.get("symbols") == expect["symbols"]
    if "status" in expect:
        assert reply.status.value == expect["status"]
    else:
        assert reply.status.value == "completed"


@each(
    "text",
    ["ＢＴＣ　价格", "ｅｔｈ ｐｒｉｃｅ", "BTC价格", "  Btc   PRICE  "],
)
def test_normalization_full_width_case_and_spaces(text: str) -> None:
    route = Router([PriceRule(MarketCatalog())]).route(text)
    assert route is not None and route.action == "current"
    assert route.slots["symbols"][0] in ("BTCUSDT", "ETHUSDT")


@each(
    "text",
    [
        "I have a ton of questions",
        "send me a link",
        "together we stand",
        "what is the meaning of life",
        "hello",
    ],
)
def test_chatter_is_not_a_price_request(text: str) -> None:
    assert Router([PriceRule(MarketCatalog())]).route(text) is None


def test_unknown_ticker_with_price_words_is_named_as_unknown() -> None:
    route = Router([PriceRule(MarketCatalog())]).route("XYZ price")
    assert route is not None and route.slots["symbols"] == [] and route.slots["unknown"] == "XYZ"
