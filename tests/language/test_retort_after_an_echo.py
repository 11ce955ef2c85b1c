"""An act echoed as a question and refused ("sell everything?? are you crazy lol", "stop rex?? no
way", "全卖了？？你疯了吧") is what was put to the person, never asked: "sell everything?? are you crazy
lol" sold everything. A retort (phrases/beside.toml's retort) takes the act back only after a question
mark (core.language.taken_back, core.conversation.beside); an order said plainly before it stands
("stop rex now, are you crazy"), and so does one agreed to ("buy 0.1 btc? yes please")."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.routing.router import Route
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router


def asks(text: str) -> list[Route]:
    said = context({"names": {"trader": ["rex"]}})
    return read_asks(text, shared_router(), said, locale="zh" if not text.isascii() else "en")


@each(
    "text",
    [
        "sell everything?? are you crazy lol",
        "sell all my eth?? no way",
        "stop rex?? are you crazy",
        "delete rex? hell no",
        "全卖了？？你疯了吧",
        "把rex停了？开什么玩笑",
        "buy more sol? hmm not sure",
        "sell my eth? idk",
    ],
)
def test_an_echoed_act_refused_acts_on_nothing(text: str) -> None:
    assert asks(text) == []


@each(
    ("text", "skill", "action"),
    [
        ("stop rex now, are you crazy", "trader_management", "stop"),
        ("stop rex. are you crazy", "trader_management", "stop"),
        ("buy 0.1 btc? yes please", "trade_execution", "buy"),
        ("sell everything", "trade_execution", "sell"),
    ],
)
def test_the_act_said_plainly_stands(text: str, skill: str, action: str) -> None:
    assert [(r.skill, r.action) for r in asks(text)] == [(skill, action)]
