"""Every price row and every row with skill null in the shared routing corpus, end to end."""

from __future__ import annotations

import pytest

from core.markets import MarketCatalog
from core.routing.router import Router
from core.skills.price.rules import PriceRule
from tests.fakes import Chat, make_core
from tests.shared_corpus import corpus_rows


def _rows(skills: set[str | None]) -> list[dict]:
    return [r for r in corpus_rows() if r["expect"].get("skill") in skills]


PRICE_AND_NULL = _rows({"price", None})


def test_corpus_is_present_and_covers_both_kinds() -> None:
    assert len([r for r in PRICE_AND_NULL if r["expect"]["skill"] == "price"]) >= 30
    assert any(r["expect"]["skill"] is None for r in PRICE_AND_NULL)


@pytest.mark.parametrize("row", PRICE_AND_NULL, ids=[r["text"] for r in PRICE_AND_NULL])
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
    if "status" in expect:
        assert reply.status.value == expect["status"]
    else:
        assert reply.status.value == "completed"


@pytest.mark.parametrize(
    "text",
    ["ＢＴＣ　价格", "ｅｔｈ ｐｒｉｃｅ", "BTC价格", "  Btc   PRICE  "],
)
def test_normalization_full_width_case_and_spaces(text: str) -> None:
    route = Router([PriceRule(MarketCatalog())]).route(text)
    assert route is not None and route.action == "current"
    assert route.slots["symbols"][0] in ("BTCUSDT", "ETHUSDT")


@pytest.mark.parametrize(
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


def test_unknown_ticker_with_price_words_is_named_as_unsupported() -> None:
    route = Router([PriceRule(MarketCatalog())]).route("XYZ price")
    assert route is not None and route.slots["symbols"] == ["XYZUSDT"]
