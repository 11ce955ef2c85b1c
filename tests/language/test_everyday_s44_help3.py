"""Everyday phrasings (session 44, helper 3): a strategy or trader told it stopped doing its job,
an opinion asked, a greeting to the bot, one's own trades asked, a model id set by "turn into".
Each fix is a family, never one sentence; the guards are what it must not catch."""

from __future__ import annotations

import pytest

from tests.fakes import assert_routes_to as _is

_TRADER = {"trader": ["小明"]}

# -- a strategy or a trader told it stopped doing its job is a problem told -------------------------


@pytest.mark.parametrize(
    ("text", "skill"),
    [
        ("网格策略怎么不挂单了", "strategy_diagnosis"),
        ("網格策略點解唔再落單", "strategy_diagnosis"),
        ("网格策略不再买了", "strategy_diagnosis"),
        ("my grid stopped placing orders", "strategy_diagnosis"),
        ("my grid bot stopped selling", "strategy_diagnosis"),
        ("my dca strategy doesn't buy anymore", "strategy_diagnosis"),
        ("小明怎么不挂单了", "trader_diagnosis"),
        ("小明不再下单了", "trader_diagnosis"),
        ("小明 no longer places orders", "trader_diagnosis"),
        ("my trader quit trading", "trader_diagnosis"),
    ],
)
def test_a_job_stopped_is_a_problem(text: str, skill: str) -> None:
    _is(text, skill, "diagnose", names=_TRADER)


@pytest.mark.parametrize(
    ("text", "skill", "action"),
    [
        ("我有没有挂单", "orders", "open_orders"),  # 有没有 asks; nothing told stopped
        ("为什么我没有挂单", "orders", "why_resting"),
        ("我不再买btc了", None, None),  # one's own resolve: no order
    ],
)
def test_no_job_stopped(text: str, skill: str | None, action: str | None) -> None:
    _is(text, skill, action)
