"""The route-diff tool (tests.corpus.route_diff) counts what a change did to routing."""

from __future__ import annotations

import pytest

from tests.corpus import route_diff


def test_compare_counts_only_messages_routed_differently(capsys: pytest.CaptureFixture[str]) -> None:
    before = {"a": {"en": [["price", "quote", {}, []]]}, "b": {"en": []}, "gone": {"en": []}}
    after = {"a": {"en": [["price", "chart", {}, []]]}, "b": {"en": []}, "new": {"en": []}}
    assert route_diff.compare(before, after) == 1
    out = capsys.readouterr().out
    assert "1 of 2 messages routed differently" in out and '"chart"' in out


def test_test_strings_are_one_line_messages() -> None:
    strings = route_diff.test_strings()
    assert "BTC price" in strings
    assert all("\n" not in s and len(s) <= route_diff.MAX_LENGTH for s in strings)
