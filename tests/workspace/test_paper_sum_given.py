"""A paper account's sum said alone after a give word ("开个模拟账户，给我10万", "give me 50k") is what
it starts with; a give word with no sum, or a coin's amount, gives none."""

from __future__ import annotations

from core.workspace.extraction import create_slots
from tests.cases import each


@each(
    ("text", "balance"),
    [
        ("开个模拟账户，给我10万", "100000"),
        ("開個模擬賬戶，畀我5萬", "50000"),
        ("set me up with a paper account, give me 50k", "50000"),
    ],
)
def test_sum_given(text: str, balance: str) -> None:
    assert create_slots(text, "account").get("paper_balance") == balance


@each("text", ["开个模拟账户，给我", "开个模拟账户，给我10万btc"])
def test_no_sum_given(text: str) -> None:
    assert "paper_balance" not in create_slots(text, "account")
