"""A fill told with thanks across a clause mark ("卖单成交了，谢谢": outside.remark said across it) asks
nothing, its clauses never read alone; a look told not to be taken ("不用查余额了", "dont show my
balance": filler.dont_look) asks nothing of what it would show, while a don't elsewhere leaves the
look asked ("除了查余额别的什么都不要做")."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.fakes import shared_router


@each(
    "text",
    [
        "卖单成交了，谢谢",
        "賣單成交咗，多謝",
        "买单成交了,感谢",
        "不用查余额了 谢谢",
        "dont show my balance, i dont wanna know",
        "唔使查餘額喇",
    ],
)
def test_told_asks_nothing(text: str) -> None:
    assert read_asks(text, shared_router()) == []


@each(
    ("text", "action"),
    [
        ("卖单成交了吗，谢谢", "trades"),
        ("除了查余额别的什么都不要做", "balance"),
        ("别查余额了，看下持仓", "positions"),
    ],
)
def test_asked_still_answered(text: str, action: str) -> None:
    asks = read_asks(text, shared_router())
    assert [(r.skill, r.action) for r in asks] == [("account_query", action)]
