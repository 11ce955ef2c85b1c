"""A plan asked beside a coin told not to be sold ("别卖eth，每周买50u的btc"): the plan is BTC's; it was
refused as naming several coins (ETH and BTC)."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router


@each("text", ["别卖eth，每周买50u的btc", "don't sell eth, buy 50u of btc every week"])
def test_the_plan_is_the_other_clause_s_coin(text: str) -> None:
    (ask,) = read_asks(text, shared_router(), context({"text": text}))
    assert (ask.skill, ask.action) == ("strategy_management", "create"), ask
    assert ask.slots["symbol"] == "BTCUSDT" and ask.slots["interval"] == "1w", ask
