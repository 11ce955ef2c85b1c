"""A sum of money of a coin and nothing else said ("$100 of doge", "100 usdt of btc", "50 bucks of
eth") is a buy of it, offered for confirmation with the amount read exactly (quote); among other
words ("I placed your order for 100 USDT of BTC") or as a coin's amount ("0.1 btc of eth") it asks
nothing. These buys went nowhere before."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    ("text", "symbol", "amount"),
    [
        ("$100 of doge", "DOGEUSDT", "quote:100"),
        ("100 usdt of btc", "BTCUSDT", "quote:100"),
        ("50 bucks of eth", "ETHUSDT", "quote:50"),
        ("$100 of doge please", "DOGEUSDT", "quote:100"),
    ],
)
def test_money_of_a_coin_alone_is_a_buy_of_it(text: str, symbol: str, amount: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "buy"), route
    assert (route.slots.get("symbol"), route.slots.get("amount")) == (symbol, amount), route


@each(
    "text",
    [
        "0.1 btc of eth",
        "I placed your order for 100 USDT of BTC",
        "the amount per buy of 3 USDT is below the minimum",
        "sell $100 of doge",
    ],
)
def test_money_of_a_coin_among_other_words_is_no_buy(text: str) -> None:
    route = _route(text)
    assert route is None or route.action != "buy", route
