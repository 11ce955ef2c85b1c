"""A word starting with 一 right after digits ("150一直", "3000一下") says no digit of the number
(phrases/values.toml one_word): the price is read as typed, never refused nor read as 1501; and 挂了
before a price is an order placed there, resting ("我嘅sol賣單掛咗150成日都唔成交點解")."""

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
    [
        ("我的eth买单挂了3000一直没成交", "3000"),
        ("sol卖单挂了150一直都不成交", "150"),
        ("btc跌到8万一直没反弹", "80000"),
        ("三万一", "31000"),  # 一 alone after a scale: its digit
        ("十一个", "11"),
    ],
)
def test_the_number_before_a_word_of_one(text: str, number: str) -> None:
    values = [v for v in find_values(text, _COINS) if v.kind in ("number", "price", "refused")]
    assert [(v.kind, v.number) for v in values] == [("number", Decimal(number))]


@each(
    ("text", "skill", "action", "slots"),
    [
        ("我嘅sol賣單掛咗150成日都唔成交點解", "orders", "why_resting", {"symbol": "SOLUSDT"}),
        ("我的eth买单挂了3000一直没成交", "orders", "why_resting", {"symbol": "ETHUSDT"}),
        ("ETH賣單掛咗成日都唔郁", "orders", "why_resting", {"symbol": "ETHUSDT"}),
    ],
)
def test_an_order_placed_at_a_price_rests(text: str, skill: str, action: str, slots: dict[str, str]) -> None:
    _is(text, skill, action, slots)
