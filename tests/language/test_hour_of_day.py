"""An hour of the day said in English with a part of the day after it is a time, never a price:
'remind me about eth price at 8 tonight' offered an ETH alert at a level of 8 (the value grammar
read "at 8" as a price). Now a whole hour of 1 to 12 after "at" / "around" with "tonight", "in the
morning", "before work" ... right after it is no value (core.language.value_runs)."""

from __future__ import annotations

import pytest

from core.language.values import find_values


@pytest.mark.parametrize(
    "text",
    [
        "remind me about eth price at 8 tonight",
        "alert me about btc around 7 in the morning",
        "set an alert for eth at 8 tomorrow",
        "i usually check btc at 8 before work",
        "ping me at 11 tonite",
    ],
)
def test_an_hour_with_a_part_of_the_day_is_no_price(text: str) -> None:
    assert find_values(text) == []


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("alert me at 8", "8"),  # no part of the day: a price
        ("buy sol at 85 tonight", "85"),  # no hour of the day
        ("sell eth at 4000 tonight", "4000"),
        ("buy link at 8.5 tonight", "8.5"),  # a decimal is no hour
    ],
)
def test_a_price_stays_a_price(text: str, price: str) -> None:
    assert [str(v.number) for v in find_values(text) if v.kind == "price"] == [price]
