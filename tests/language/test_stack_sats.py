"""'Stack sats' is buying Bitcoin: "sats" names BTC as a coin word (lexicon data: core.coin_names),
its count is that many satoshis by the value grammar ("100000 sats" is 0.001 BTC, never 100,000
BTC), and "stack" buys only right before what is bought (verb.buy before_object), never a "tech
stack". "stack sats with 20 usdt" went nowhere before."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.values import find_values
from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    ("text", "amount"),
    [
        ("stack sats with 20 usdt", "quote:20"),
        ("stack 100u of btc", "quote:100"),
        ("buy 100000 sats", "base:0.001"),
    ],
)
def test_stacking_sats_buys_bitcoin(text: str, amount: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "buy"), route
    assert (route.slots.get("symbol"), route.slots.get("amount")) == ("BTCUSDT", amount), route


def test_a_count_of_sats_is_that_many_satoshis_never_that_many_bitcoin() -> None:
    (value,) = find_values("1000 sats", CoinIndex(bundled_catalog()))
    assert (value.kind, value.unit, value.coin, value.number) == (
        "amount",
        "base",
        "BTCUSDT",
        Decimal("0.00001"),
    )


@each("text", ["what's your tech stack", "my stack overflow answer", "stack the deck"])
def test_stack_alone_buys_nothing(text: str) -> None:
    route = _route(text)
    assert route is None or route.skill != "trade_execution", route
