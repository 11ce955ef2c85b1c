"""How much a supposed plan makes "now", asked after it ("如果过去90天每天定投20U比特币，现在赚多少",
"如果過去90日每日買20U比特幣，而家賺幾多"): the backtest's outcome, one ask (it was a second ask, one's
own P&L today). "今天赚了多少" said, or a next ask ("然后看看我现在赚了多少"), stays one's own P&L."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import shared_router


@each("text", ["如果过去90天每天定投20U比特币，现在赚多少", "如果過去90日每日買20U比特幣，而家賺幾多"])
def test_now_after_a_supposed_plan_is_its_outcome(text: str) -> None:
    asks = read_asks(text, shared_router())
    assert [(a.skill, a.action) for a in asks] == [("backtest", "run")], asks


@each(
    "text", ["回测btc定投每天20u过去90天，今天赚了多少", "回测btc定投每天20u过去90天，然后看看我现在赚了多少"]
)
def test_ones_own_pnl_asked_after_a_backtest_stays_a_second_ask(text: str) -> None:
    asks = read_asks(text, shared_router())
    assert [(a.skill, a.action) for a in asks] == [("backtest", "run"), ("pnl", "report")], asks
