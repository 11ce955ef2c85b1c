"""A grid count said with a counter ("格子改成40个") is its number where the grid count's word is said:
'大饼网格格子改成40个' renamed the strategy "40个" (格子 was no field's word, 40个 an amount of no coin)."""

from __future__ import annotations

import pytest

from core.strategies.words import grid_values
from tests.fakes import shared_router


def _values(text: str) -> list[tuple[str, str, str]]:
    layer = shared_router().layer
    assert layer is not None
    reading = layer.read(text)
    return [(v.kind, v.typed, v.unit) for v in grid_values(reading, list(reading.spans()))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("格子改成40个", [("number", "40", "")]),
        ("网格数改成30个", [("number", "30", "")]),
        ("格子改成2.5个", [("amount", "2.5个", "base")]),  # no count of grids: as typed, refused later
        ("改成40个", [("amount", "40个", "base")]),  # no grid count's word: not read as one
        ("格子改成0.1个btc", [("amount", "0.1个btc", "base")]),  # a coin's amount stays one
    ],
)
def test_a_counted_number_is_the_grid_count(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _values(text) == expected
