"""A limit order's size counted in coins with the coin said before it: '掛限價單 ETH 4000 賣 0.3 顆'
and 'eth 3000 挂个 limit buy 0.2个' were refused as two numbers. Digits followed by a coin's
counting word (个 / 顆 / 枚 / 粒) that ends the message are that many coins (the value grammar, as
'0.01个比特币' was); the bare number left is the price."""

from __future__ import annotations

from core.language.values import find_values
from tests.cases import each
from tests.fakes import assert_routes_to as _is


@each(
    ("text", "side", "price", "amount"),
    [
        ("掛限價單 ETH 4000 賣 0.3 顆", "sell", "4000", "base:0.3"),
        ("eth 3000 挂个 limit buy 0.2个", "buy", "3000", "base:0.2"),
        ("btc 85000 限价买 0.01个", "buy", "85000", "base:0.01"),
        ("sol 挂单 150 卖 10 枚", "sell", "150", "base:10"),
    ],
)
def test_a_limit_sized_in_coins_counted(text: str, side: str, price: str, amount: str) -> None:
    _is(text, "trade_execution", "limit", {"side": side, "limit_price": price, "amount": amount})


@each(("text", "typed"), [("賣 0.3 顆", "0.3 顆"), ("买0.2个", "0.2个"), ("卖 5 粒。", "5 粒")])
def test_digits_counted_at_the_end_are_coins(text: str, typed: str) -> None:
    (value,) = find_values(text)
    assert (value.kind, value.unit, value.coin, value.typed) == ("amount", "base", "", typed)


@each("text", ["开3个交易员", "我有3个策略", "买3个月的会员"])
def test_a_count_of_other_things_is_no_coins(text: str) -> None:
    """The counting word followed by what is counted: no coins."""
    assert all(v.unit != "base" for v in find_values(text))


def test_two_numbers_without_a_count_are_still_refused() -> None:
    _is(
        "eth 3000 挂个 limit buy 0.2",
        "trade_execution",
        "limit",
        {"amount": "refused:two_numbers:3000 挂个 limit buy 0.2"},
    )
