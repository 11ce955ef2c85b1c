"""The P&L's and the backtest's own words asked what they mean ("what does drawdown mean", "回测是什么",
"what does pnl stand for", "盈亏比是啥意思"): before, the P&L's figure was shown or a backtest started (or
nothing read them); now the glossary explains the word. Said of one's own, a trader or a period, they stay
the P&L's figure and the backtest's run."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.cases import each
from tests.fakes import full_router
from tests.workspace.conftest import make_desk, text_of


@pytest.mark.parametrize(
    ("text", "term", "said"),
    [
        ("what does drawdown mean", "drawdown", "from a peak"),
        ("回撤是什么意思", "drawdown", "高点"),
        ("what is backtesting anyway", "backtest", "past prices"),
        ("回测是什么", "backtest", "历史行情"),
        ("回測係咩意思", "backtest", "歷史行情"),  # answered in traditional characters
        ("what does pnl stand for", "pnl", "profit and loss"),
        ("盈亏比是啥意思", "pnl_ratio", "平均每笔盈利"),
        ("is a stop loss the same as an alert?", "stop_loss", "capping the loss"),
    ],
)
async def test_a_figures_word_is_explained(text: str, term: str, said: str) -> None:
    reply = await make_desk().chat.say(text)
    route = reply.route
    assert route is not None and (route.skill, route.slots.get("term")) == ("glossary", term)
    assert reply.status is Status.COMPLETED and said in text_of(reply)


@each("text", ["what is my pnl this week", "我的胜率是多少", "最大回撤是多少", "回测btc网格 过去30天"])
def test_ones_own_figure_or_a_backtest_is_not_a_word_to_explain(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.skill != "glossary", route
