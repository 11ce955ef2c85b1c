"""How much a supposed plan would come to is its backtest, never the account's balance:
"假设我每天定投100u大饼，十年后能有多少" read a backtest and the balance as two asks, "如果每天定投100u
大饼，一年后有多少" the balance alone. A balance asked by its noun after the plan stays one."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import shared_router


def _asks(text: str) -> list[tuple[str, str]]:
    return [(r.skill, r.action) for r in read_asks(text, shared_router(), locale="zh")]


@each(
    "text",
    [
        "假设我每天定投100u大饼，十年后能有多少",
        "假设我每天定投100u大饼，现在有多少",
        "如果每天定投100u大饼，一年后有多少",
        "如果每周定投50u以太坊 半年后会有多少",
        "假設我每日定投100u大餅，十年後有幾多",
    ],
)
def test_how_much_the_plan_comes_to_is_its_backtest(text: str) -> None:
    assert _asks(text) == [("backtest", "run")]


@each("text", ["假设我每天定投100u大饼，顺便查下余额", "假设我每天定投100u大饼，再看看我的余额"])
def test_the_balance_asked_by_its_noun_stays(text: str) -> None:
    assert _asks(text) == [("backtest", "run"), ("account_query", "balance")]
