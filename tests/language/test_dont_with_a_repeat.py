"""A don't with a repeat between it and its verb ("别每天买eth了", "不要每周买btc了", "唔好每日買以太"): no
buy and no plan made (the repeat stood between the don't and 买, so the don't reached no verb: a DCA
was created, or BTC bought). The repeat alone still makes the plan ("每周买50u的btc")."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import full_router

ROUTER = full_router()
ACTS = {("trade_execution", "buy"), ("strategy_management", "create")}


@each(
    "text",
    ["别每天买eth了", "不要每周买btc了", "以后不用每周买sol了", "唔好每日買以太", "千万别每个月买doge"],
)
def test_a_dont_across_a_repeat_acts_not(text: str) -> None:
    assert not {(r.skill, r.action) for r in read_asks(text, ROUTER)} & ACTS, text


def test_the_repeat_alone_still_makes_the_plan() -> None:
    [route] = read_asks("每周买50u的btc", ROUTER)
    assert (route.skill, route.action, route.slots.get("interval")) == ("strategy_management", "create", "1w")
