"""Hong Kong's tenth of a dollar, 毫 ("狗狗幣到3毫提醒我": 0.3), read as 毛 is; 毫 that is no tenth
("500毫秒", "丝毫", "十毫") gives no tenth, never another number."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.language.numbers import Unreadable, numeral
from core.language.values import find_values
from tests.cases import each


@each(("text", "number"), [("3毫", "0.3"), ("一毫五", "0.15"), ("两毫五", "0.25"), ("两毫", "0.2")])
def test_tenths_said_as_hou_are_read_exactly(text: str, number: str) -> None:
    assert numeral(text) == Decimal(number)


def test_milli_after_a_number_leaves_the_number() -> None:
    assert [(v.kind, v.number) for v in find_values("延遲500毫秒")] == [("number", Decimal(500))]


@each("text", ["十毫", "一毫零五", "0.5毫"])
def test_hou_that_is_no_price_is_no_numeral(text: str) -> None:
    with pytest.raises(Unreadable):
        numeral(text)


@each("text", ["丝毫不担心", "毫无反应"])
def test_hou_in_a_word_is_no_value(text: str) -> None:
    assert find_values(text) == []
