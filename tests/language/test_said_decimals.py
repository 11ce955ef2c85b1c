"""A decimal said, not typed: 点 as the point ("一点五个eth" 1.5, "零点零五个btc" 0.05, "一点五万u"
15,000) and a half more ("一个半eth" 1.5, "one and a half eth"). Each was read as another number:
"买一点五个eth" bought 5 ETH, "卖零点零五个btc" sold 5 BTC, "买一个半eth" bought 0.5 ETH, "sell eth one
and a half" sold half the holding. A time of day said with 点 ("三点五十", "9点30") is no number
(it was a limit price of 50); "点五" with no number before it is refused, never 5."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.numbers import Unreadable, numeral
from core.language.values import find_values
from tests.cases import each
from tests.fakes import route_with_names

COINS = CoinIndex(bundled_catalog())


@each(
    ("text", "number"),
    [
        ("一点五", "1.5"),
        ("零点五", "0.5"),
        ("零点零五", "0.05"),
        ("三点一四", "3.14"),
        ("一百二十点五", "120.5"),
        ("一点五万", "15000"),
        ("两点五千", "2500"),
        ("1点5万", "15000"),
    ],
)
def test_a_point_said_is_read_exactly(text: str, number: str) -> None:
    assert numeral(text) == Decimal(number)


@each("text", ["三点五十", "一万点五万", "点五", "一点"])
def test_a_point_that_is_no_decimal_is_no_numeral(text: str) -> None:
    with pytest.raises(Unreadable):
        numeral(text)


def _amounts(text: str) -> list[tuple[str, str]]:
    return [
        (v.kind, f"{v.amount_slot if v.kind == 'amount' else v.reason} {v.coin}".strip())
        for v in find_values(text, COINS)
    ]


@each(
    ("text", "found"),
    [
        ("买一点五个eth", [("amount", "base:1.5 ETHUSDT")]),
        ("卖零点零五个btc", [("amount", "base:0.05 BTCUSDT")]),
        ("沽零點五粒大餅", [("amount", "base:0.5 BTCUSDT")]),
        ("用一点五万u买btc", [("amount", "quote:15000")]),
        ("买一个半eth", [("amount", "base:1.5 ETHUSDT")]),
        ("賣兩個半sol", [("amount", "base:2.5 SOLUSDT")]),
        ("buy one and a half eth", [("amount", "base:1.5 ETHUSDT")]),
        ("sell 2 and a half sol", [("amount", "base:2.5 SOLUSDT")]),
        ("sell eth one and a half please", [("refused", "unit")]),  # coins or USDT? never half of it
        ("买点五个eth", [("refused", "separators ETHUSDT")]),  # 0.5, or "some" and five? neither
    ],
)
def test_a_decimal_said_is_one_amount(text: str, found: list[tuple[str, str]]) -> None:
    assert _amounts(text) == found


@each("text", ["三点五十买0.1个btc", "10点50买0.1个btc", "明天三点五分提醒我", "一点一点买入btc"])
def test_a_time_said_with_a_point_is_no_value(text: str) -> None:
    assert [v for v in find_values(text, COINS) if v.kind in ("price", "number")] == []


@each(
    ("text", "action", "slots"),
    [
        ("买一个半eth", "buy", {"symbol": "ETHUSDT", "amount": "base:1.5"}),
        ("买一点五个eth", "buy", {"symbol": "ETHUSDT", "amount": "base:1.5"}),
        ("卖零点零五个btc", "sell", {"symbol": "BTCUSDT", "amount": "base:0.05"}),
        ("buy one and a half eth", "buy", {"symbol": "ETHUSDT", "amount": "base:1.5"}),
        ("三点五十买0.1个btc", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),  # was a limit at 50
    ],
)
def test_the_trade_reads_the_said_decimal(text: str, action: str, slots: dict[str, str]) -> None:
    route = route_with_names(text)
    assert route is not None and (route.skill, route.action) == ("trade_execution", action)
    assert {k: route.slots.get(k) for k in slots} == slots
    assert "limit_price" not in route.slots
