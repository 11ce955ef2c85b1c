"""A price said before "一个" ("85000一个": 85,000 each) is one coin's price, never dropped unread,
and the 一 is no digit of it ("3万一个" is 30,000 each; "三万一" alone is 31,000)."""

from __future__ import annotations

from decimal import Decimal

from core.language.values import find_values
from tests.cases import each
from tests.fakes import shared_router


@each(
    ("text", "typed", "number"),
    [
        ("85000一个", "85000", "85000"),
        ("3万一颗", "3万", "30000"),
        ("3萬一顆", "3萬", "30000"),
        ("85000一個", "85000", "85000"),
        ("三万一", "三万一", "31000"),  # alone: thirty-one thousand
        ("买十一个sol", "十一", "11"),  # eleven, not ten and one
    ],
)
def test_the_one_coin_after_a_price_is_no_digit_of_it(text: str, typed: str, number: str) -> None:
    (value,) = find_values(text)
    assert (value.typed, value.number) == (typed, Decimal(number))


def test_digits_run_into_a_chinese_numeral_are_refused_never_dropped() -> None:
    (value,) = find_values("85000一")
    assert value.refused and value.typed == "85000一"


@each(
    ("text", "side"),
    [
        ("买0.01个btc 85000一个", "buy"),
        ("賣0.01顆btc 90000一顆", "sell"),
        ("buy 0.01 btc for 85000 each", "buy"),
    ],
)
def test_a_price_for_one_coin_is_the_limit_price(text: str, side: str) -> None:
    route = shared_router().route(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit")
    assert route.slots["side"] == side and route.slots["amount"] == "base:0.01"
    assert route.slots["limit_price"] in ("85000", "90000")
