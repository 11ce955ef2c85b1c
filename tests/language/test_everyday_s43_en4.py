"""Everyday phrasings of session 43 (worker en4): each failed before its fix, which is a word in the
lexicon, a condition in an intent table or a reader's rule covering the family, never a pattern for
the one phrasing."""

from __future__ import annotations

import pytest

from tests.fakes import assert_routes_to


# A strategy added to the default ("add eth grid to default", "把eth网格添加到默认"): the one named
# made the default (activate), no new strategy made; an adding word alone still makes one.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("add eth grid to default", "eth grid"),
        ("add my btc dca to the default", "btc dca"),
        ("把eth网格添加到默认", "eth网格"),
        ("把eth網格添加到預設", "eth網格"),
        ("把btc定投加入默认", "btc定投"),
    ],
)
def test_a_strategy_added_to_the_default_is_activated(text: str, name: str) -> None:
    assert_routes_to(text, "strategy_management", "activate", {"target_ref": {"name": name}})


@pytest.mark.parametrize("text", ["add an eth grid", "添加eth网格"])
def test_an_adding_word_alone_still_makes_a_strategy(text: str) -> None:
    assert_routes_to(text, "strategy_management", "create", {"kind": "grid", "symbol": "ETHUSDT"})
