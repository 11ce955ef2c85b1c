"""A trader's daily summary or auto start cancelled is switched off, as "关闭" / "turn off" switch
it off and as "取消收益周报" switches the weekly P&L report off: one reading of on and off
(core.language.slots.SWITCH) for both skills. Before, "cancel the daily summary for trader alpha"
read the field and no way, and was asked again "on or off?"."""

from __future__ import annotations

import pytest

from core.conversation.reading import read_asks
from core.routing.router import NO_CONTEXT
from tests.cases import each
from tests.fakes import full_router

CASES = [
    ("cancel the daily summary for trader alpha", "daily_summary"),
    ("取消交易员 alpha 的每日汇总", "daily_summary"),
    ("cancel auto start for trader alpha", "auto_start"),
    ("取消交易员 alpha 的自动启动", "auto_start"),
]


@pytest.mark.parametrize(("text", "field"), CASES)
def test_a_trader_field_cancelled_is_switched_off(text: str, field: str) -> None:
    (route,) = read_asks(text, full_router(), NO_CONTEXT, locale="en")
    assert (route.skill, route.action) == ("trader_management", "update")
    assert route.slots["field"] == field and route.slots[field] == "off"
    assert route.slots["target_ref"] == {"name": "alpha"}


@each("text", ["取消收益周报", "cancel the weekly pnl report"])
def test_the_weekly_report_cancelled_is_still_switched_off(text: str) -> None:
    (route,) = read_asks(text, full_router(), NO_CONTEXT, locale="en")
    assert (route.skill, route.action, route.slots.get("switch")) == ("pnl", "weekly", "off")
