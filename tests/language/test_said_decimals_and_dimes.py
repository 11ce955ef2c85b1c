"""Money said in words is read exactly or refused, never as another number:
'buy one point five eth' bought 5 ETH (the "one point" dropped); '买一块五的狗狗币' (1.5 块) bought 1;
'买五毛钱的狗狗币' (half a 块) bought 0.5 DOGE; 'buy 100 usdc of eth' bought 100 USDC."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.language.values import find_values
from tests.fakes import full_router


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("one point five usdt", "1.5"),
        ("point five usdt", "0.5"),
        ("two point zero five usdt", "2.05"),
        ("zero point one usdt", "0.1"),
    ],
)
def test_a_decimal_said_with_point_is_read_whole(text: str, number: str) -> None:
    values = [v for v in find_values(text) if v.kind != "refused"]
    assert [v.number for v in values] == [Decimal(number)]


def test_a_point_before_no_digit_is_refused() -> None:
    (value,) = find_values("buy one point twenty usdt")
    assert value.refused and value.reason == "separators"


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("买一块五的狗狗币", "quote:1.5"),
        ("买3块5的doge", "quote:3.5"),
        ("买两块五毛的狗狗币", "quote:2.5"),
        ("一块五买点doge", "quote:1.5"),
        ("买五毛钱的狗狗币", "quote:0.5"),
        ("买两块钱的狗狗币", "quote:2"),
        ("买五块一个的doge", "quote:5"),  # five each: no tenths
        ("买1块50的doge", "refused:separators:1块50"),
        ("买3块5一", "refused:separators:3块5一"),  # a digit after the tenths, no counter: never dropped
        ("buy one point five eth", "base:1.5"),
        ("buy one point twenty eth", "refused:separators:one point twenty"),
        ("buy 100 usdc of eth", "refused:currency:100 usdc of eth"),
    ],
)
def test_the_amount_bought_is_as_said(text: str, amount: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.slots["amount"] == amount


def test_a_coin_paid_in_another_coin_keeps_the_coin_bought() -> None:
    route = full_router().route("buy 100 usdc of eth")
    assert route is not None and route.slots["symbol"] == "ETHUSDT"
