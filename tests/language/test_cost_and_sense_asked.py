"""A trade's cost asked, or whether a plan makes sense, is no order: "whats the fee on a 1k usdt
market buy of btc" bought 1,000 USDT of BTC, "市价买1000u比特币要多少手续费" too; "would 20u a day into
btc be a sensible dca?" and "每天定投20u比特币合理吗" created the DCA strategy. Now outside.cost (fee,
commission, slippage asked of a trade) and outside.advice's sense words read no intent; an order
said before the question, or the plan asked plainly, still stands."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.routing.router import Route
from tests.cases import each
from tests.fakes import shared_router


def asks(text: str) -> list[Route]:
    """The routes the engine reads for ``text`` (its clauses each an ask)."""
    return read_asks(text, shared_router(), locale="zh" if not text.isascii() else "en")


@each(
    "text",
    [
        "whats the fee on a 1k usdt market buy of btc",
        "what fee would i pay to buy 1000u of btc",
        "whats the slippage on a 1k usdt market buy of btc",
        "市价买1000u比特币要多少手续费",
        "買1000u btc手續費幾多",
        "would 20u a day into btc be a sensible dca?",
        "is 50u a week into eth a good dca",
        "每天定投20u比特币合理吗",
        "每日定投20u比特幣合唔合理",
    ],
)
def test_a_question_of_cost_or_sense_acts_on_nothing(text: str) -> None:
    assert not [r for r in asks(text) if r.skill in ("trade_execution", "strategy_management")]


@each(
    ("text", "skill", "action"),
    [
        ("buy 0.1 btc, whats the fee", "trade_execution", "buy"),
        ("dca 20u a day into btc", "strategy_management", "create"),
        ("每天定投20u比特币", "strategy_management", "create"),
        ("滑点是什么", "glossary", "explain"),
    ],
)
def test_the_plain_ask_stands(text: str, skill: str, action: str) -> None:
    assert [(r.skill, r.action) for r in asks(text)] == [(skill, action)]
