"""One of their accounts shown by its name alone (blind set KD): 'show me the details of vault', '看看主号',
'主号的详情' read nothing; a look at it beside a question of it or a trade on it stays one ask, the
trade on that account."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.routing.router import Route
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router

NAMES = {"account": ["vault", "主号", "老韭菜", "老婆本"]}


def _asks(text: str) -> list[Route]:
    locale = "en" if text.isascii() else "zh"
    return read_asks(text, shared_router(), context({"text": text, "names": NAMES}), locale=locale)


@each(
    ("text", "name"),
    [
        ("show me the details of vault", "vault"),
        ("看看主号", "主号"),
        ("主号的详情", "主号"),
        ("睇下老婆本嘅詳情", "老婆本"),
    ],
)
def test_their_account_by_its_name_is_its_card(text: str, name: str) -> None:
    asks = _asks(text)
    assert [(r.skill, r.action, r.slots.get("target_ref")) for r in asks] == [
        ("exchange_management", "query", {"name": name})
    ], asks


@each(
    ("text", "skill", "action", "name"),
    [
        ("看下 老韭菜 账户还剩多少钱", "account_query", "balance", "老韭菜"),
        ("看看主号，再看看它的持仓", "account_query", "positions", "主号"),
        ("看看主号，用它买0.1个btc", "trade_execution", "buy", "主号"),
        ("show me vault, then buy 0.1 btc on it", "trade_execution", "buy", "vault"),
    ],
)
def test_a_look_beside_what_is_asked_of_it_is_one_ask(text: str, skill: str, action: str, name: str) -> None:
    asks = _asks(text)
    assert [(r.skill, r.action) for r in asks] == [(skill, action)], asks
    assert asks[0].slots["target_ref"] == {"name": name}, asks[0].slots
