"""'at all' is emphasis, never a share (blind set KD): 'my dca skipped this week, no buy at all' asked a
buy of all of a coin beside the diagnosis, 'no sell at all' a sale of everything."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.language.values import find_values
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router


@each("text", ["no sell at all", "no buy at all", "i don't want to sell at all", "it didn't sell at all"])
def test_at_all_reads_no_share(text: str) -> None:
    assert not [v for v in find_values(text) if v.kind == "fraction"], find_values(text)
    asks = read_asks(text, shared_router(), context({"text": text}), locale="en")
    assert not [r for r in asks if r.skill == "trade_execution"], asks  # "it didn't sell at all": its why


def test_a_diagnosis_told_with_at_all_is_one_ask() -> None:
    text = "my dca skipped this week, no buy at all"
    asks = read_asks(text, shared_router(), context({"text": text}), locale="en")
    assert [(r.skill, r.action) for r in asks] == [("strategy_diagnosis", "diagnose")], asks


@each("text", ["sell all", "sell it all", "sell all my eth"])
def test_all_asked_stays_all(text: str) -> None:
    asks = read_asks(text, shared_router(), context({"text": text}), locale="en")
    assert [(r.skill, r.action, r.slots.get("amount")) for r in asks] == [("trade_execution", "sell", "all")]
