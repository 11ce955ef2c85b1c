"""A backtest window of zero days ("过去0天", "the last 0 days") is refused quoting what was typed
("0天", "0 days"), never a "0d" the person did not write (zh + en)."""

from __future__ import annotations

import pytest

from tests.backtest.test_interval_said import _refused, desk  # noqa: F401  (the fixture)
from tests.traders.conftest import TraderDesk


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("回测一下每天买50U的BTC定投，过去0天", "「0天」"),
        ("回測一下每天買50U的BTC定投，過去0天", "「0天」"),
        ("backtest a btc dca 50u daily over the last 0 days", '"0 days"'),
    ],
)
async def test_a_zero_day_window_is_refused_quoting_it(desk: TraderDesk, text: str, quoted: str) -> None:  # noqa: F811
    said = await _refused(desk, text)
    assert quoted in said, said
    assert "0d" not in said, said


@pytest.mark.parametrize(
    ("text", "quoted", "unsaid"),
    [
        ("回测一下每天买50U的BTC定投，过去5000天", "「5000天」", "5000d"),
        ("回測一下每天買50U的BTC定投，過去5000天", "「5000天」", "5000d"),
        ("backtest a btc dca 50u daily over the last 5000 days", '"5000 days"', "5000d"),
        ("backtest a btc dca 50u daily over the last 200 weeks", '"200 weeks"', "200w"),
    ],
)
async def test_a_window_longer_than_served_is_refused_quoting_it(
    desk: TraderDesk,  # noqa: F811
    text: str,
    quoted: str,
    unsaid: str,
) -> None:
    """ "过去5000天" was refused as 「5000d」, words the person never typed: the limit's refusal
    quotes theirs."""
    said = await _refused(desk, text)
    assert quoted in said, said
    assert unsaid not in said, said
