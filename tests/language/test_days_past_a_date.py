"""A count of 日 no day of a month can be ("回测 60日", "45日") is days, never a date; one that can
("5日", "12月3日") stays a date. A weak ticker after an amount given for it ("get me 50u of link")
is the coin bought."""

from __future__ import annotations

from decimal import Decimal

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.values import find_values
from tests.cases import each

_COINS = CoinIndex(bundled_catalog())


@each(("text", "number"), [("大餅網格回測 60日", "60"), ("回测45日", "45"), ("回測 90日", "90")])
def test_days_past_a_date(text: str, number: str) -> None:
    values = [(v.kind, v.number, v.unit) for v in find_values(text, _COINS) if v.kind != "date"]
    assert values == [("duration", Decimal(number), "d")]


@each(("text", "number"), [("回測下每日定投10u sol 30日", "30"), ("回测btc网格 7日", "7")])
def test_days_said_after_the_ask(text: str, number: str) -> None:
    """A count of 日 said after what it spans, ending its clause, is days (Chinese says a span after
    its verb, a date before it)."""
    values = [(v.number, v.unit) for v in find_values(text, _COINS) if v.kind == "duration"]
    assert values == [(Decimal(number), "d")]


@each("text", ["5日回测btc网格", "12月3日", "31日", "下个月5日", "btc 30日买的", "回测 12月30日"])
def test_a_day_of_a_month_stays_a_date(text: str) -> None:
    assert not [v for v in find_values(text, _COINS) if v.kind == "duration"]
