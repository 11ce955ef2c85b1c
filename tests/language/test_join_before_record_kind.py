"""和 / 与 / 及 / 以及 join two kinds of record asked about only right before a record's kind
("看看我的策略和模型": the strategies' list and the models', no strategy called 和); before anything
else they are no join ("启动交易员 和平号": the trader 和平号)."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.corpus.expect import context
from tests.fakes import shared_router


def _asks(text: str, names: dict[str, list[str]]) -> list[tuple[str, str, dict[str, object]]]:
    row = {"text": text, "lang": "zh", "names": names}
    asks = read_asks(text, shared_router(), context(row), locale="zh")
    return [(r.skill, r.action, dict(r.slots)) for r in asks]


def test_two_lists_asked() -> None:
    asks = _asks("看看我的策略和模型", {"strategy": ["eth ladder"], "model": ["kimi"]})
    assert [(s, a) for s, a, _ in asks] == [("strategy_management", "query"), ("model_management", "query")]
    assert all("target_ref" not in slots for _, _, slots in asks)


def test_traders_and_strategies() -> None:
    asks = _asks("列出我的交易员和策略", {})
    assert [(s, a) for s, a, _ in asks] == [("trader_management", "query"), ("strategy_management", "query")]
    assert all("target_ref" not in slots for _, _, slots in asks)


def test_a_name_opening_with_he() -> None:
    asks = _asks("启动交易员 和平号", {})
    assert asks == [("trader_management", "start", {"target_ref": {"name": "和平号"}})]
