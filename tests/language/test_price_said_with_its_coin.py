"""A number after a price's word with a coin after it ("buy at 150 sol", "止损设在150 sol",
"以150 sol的价格买入") is the price of that coin: it bought 150 SOL at market, or refused the
stop-loss as an amount of coins. Said in another coin than the one traded ("sell eth at 0.05 btc")
it is a price in coins, refused, never read as USDT (it was dropped, the sale asking only how much)."""

from __future__ import annotations

from decimal import Decimal

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.values import find_values
from tests.cases import each
from tests.fakes import assert_routes_to as _is

_COINS = CoinIndex(bundled_catalog())


@each(
    ("text", "number"),
    [("buy at 150 sol", "150"), ("止损设在150 sol", "150"), ("以150 sol的价格买入", "150")],
)
def test_a_price_said_with_its_coin(text: str, number: str) -> None:
    assert [(v.kind, v.number) for v in find_values(text, _COINS)] == [("price", Decimal(number))]


def test_a_price_in_another_coin_is_refused() -> None:
    [value] = find_values("sell eth at 0.05 btc", _COINS)
    assert (value.kind, value.reason, value.coin) == ("refused", "currency", "")


@each(
    ("text", "skill", "action", "slots"),
    [
        ("buy at 150 sol", "trade_execution", "limit", {"symbol": "SOLUSDT", "limit_price": "150"}),
        ("止损设在150 sol", "orders", "protect", {"symbol": "SOLUSDT", "stop_loss": "150"}),
        ("sell eth at 0.05 btc", "trade_execution", "limit", {"limit_price": "refused:currency:0.05 btc"}),
        ("止盈 200 止损 120 sol", "orders", "protect", {"stop_loss": "refused:not_a_price:120 sol"}),
        ("buy 0.1 btc", "trade_execution", "buy", {"amount": "base:0.1"}),
    ],
)
def test_routed(text: str, skill: str, action: str, slots: dict[str, object]) -> None:
    _is(text, skill, action, slots)
