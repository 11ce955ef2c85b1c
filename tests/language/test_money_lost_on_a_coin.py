"""Money told lost on a coin ("lost 50 usdt on pepe today"): a loss told asks nothing; it showed the
coin's price (the money read as a level PEPE had lost). A coin crossing a level, named before its
word ("alert me if btc loses 80000 usdt"), is still the alert's level."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router


@each("text", ["lost 50 usdt on pepe today", "i lost $80 on doge yesterday", "今天在pepe上亏了50u"])
def test_a_loss_told_asks_nothing(text: str) -> None:
    assert not read_asks(text, shared_router(), context({"text": text}))


def test_a_coin_losing_a_level_is_still_an_alert() -> None:
    text = "alert me if btc loses 80000 usdt"
    (ask,) = read_asks(text, shared_router(), context({"text": text}))
    assert (ask.skill, ask.action) == ("price_alert", "create"), ask
    assert ask.slots["condition"] == "below" and str(ask.slots["level"]) == "80000", ask
