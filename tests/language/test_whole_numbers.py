"""Record numbers in a list are read by the value grammar (core.language.values.whole_numbers),
Chinese numerals included: '删除三号和四号' offered deleting record 3 alone, 4 dropped unsaid, where
'删除3号和4号' asked each (core.tasks.numbered read digits only, with a pattern of its own)."""

from __future__ import annotations

import pytest

from core.language.values import whole_numbers
from core.tasks.numbered import numbered


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("删除3号和4号", [3, 4]),
        ("删除三号和四号", [3, 4]),
        ("delete traders 12 and 1,000", [12, 1000]),
        ("buy 0.1 btc", []),  # a decimal's digits are no whole number
        ("stop v3 and gpt4", []),  # a word's digits
        ("$3 and $4", []),  # a price's
        ("1e9", []),  # an exponent does not read exactly
    ],
)
def test_whole_numbers_are_read_by_the_grammar(text: str, numbers: list[int]) -> None:
    assert [number for _, _, number, _ in whole_numbers(text)] == numbers


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("删除三号和四号", ["三号", "四号"]),
        ("停掉三号和四号交易员", ["三号", "四号"]),
        ("刪除三號同四號交易員", ["三號", "四號"]),
        ("删除3号和4号", ["3号", "4号"]),
        ("#3 and #4", ["#3", "#4"]),
        ("编号3、编号4", ["编号3", "编号4"]),
    ],
)
def test_numbers_listed_with_their_marks_name_records(text: str, items: list[str]) -> None:
    assert [text[start:end] for start, end in numbered(text)] == items


@pytest.mark.parametrize("text", ["删掉两个交易员和三个策略", "买一个和两个", "v3 and v4"])
def test_counts_and_words_name_no_records(text: str) -> None:
    assert numbered(text, bare=True) == []


def test_values_with_no_mark_name_no_records() -> None:
    assert numbered("网格3000到4000，20格") == []
