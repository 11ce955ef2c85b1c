"""Money read exactly or not at all (issue 21): "w/" is "with", never the letter of a unit or a scale
after a number. "simulate a doge grid 0.1 to 0.2 w/ 15 grids" read an upper bound of 2,000 (0.2 "w",
ten thousand), "set up a btc grid 60000-70000 w/ 20 grids" one of 700,000,000; "0.2 w/" was 0.2 weeks."""

from __future__ import annotations

from core.language.values import find_values
from tests.cases import each


@each(
    ("text", "read"),
    [
        ("grid 0.1 to 0.2 w/ 15 grids", [("number", "0.1"), ("number", "0.2"), ("count", "15")]),
        ("grid 0.1 to 0.2w/ 15 grids", [("number", "0.1"), ("number", "0.2"), ("count", "15")]),
        ("60000-70000 w/ 20 grids", [("number", "60000"), ("number", "70000"), ("count", "20")]),
        # the letter alone is still its scale or its unit
        ("buy 2w u of btc", [("amount", "20000")]),
        ("1 w u", [("amount", "10000")]),
        ("every 2w", [("interval", "2")]),
        ("2 w", [("duration", "2")]),
    ],
)
def test_w_slash_is_with(text: str, read: list[tuple[str, str]]) -> None:
    assert [(v.kind, format(v.number.normalize(), "f")) for v in find_values(text)] == read
