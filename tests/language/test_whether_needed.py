"""An act asked whether it is needed is advice asked, never the act (core.language.needed): "do i
have to restart rex after i change its model?" restarted rex, "改了模型之后老王要重启吗" too, "有必要给
大饼设个提醒吗" made a BTC alert. The act said plainly, asked politely, or with another question's
word before the need ("how much do i need to buy 1 btc") reads as before."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.language.needed import ADVICE
from core.language.tagger import words
from core.routing.router import Route
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router

_NAMES = {"trader": ["rex", "老王"]}


def asks(text: str) -> list[Route]:
    said = context({"names": _NAMES})
    return read_asks(text, shared_router(), said, locale="zh" if not text.isascii() else "en")


@each(
    "text",
    [
        "do i have to restart rex?",
        "do i have to restart rex after i change its model?",
        "do we really need to stop rex",
        "is it necessary to cancel my eth order first?",
        "do i even need an alert for btc",
        "so i gotta restart rex?",
        "改了模型之后老王要重启吗",
        "老王需要重启吗",
        "需不需要把老王停掉",
        "有必要给大饼设个提醒吗",
        "我还要再买点sol吗",
        "rex还用重启吗",
        "would it help to restart rex?",
        "is it ok to stop rex",
        "is it safe to restart rex",
        "does deleting rex delete its history?",
        "why would i turn on the weekly report",
        "干嘛要删rex",
        "何必停老王",
    ],
)
def test_whether_it_is_needed_acts_on_nothing(text: str) -> None:
    assert asks(text) == []


@each(
    ("text", "skill", "action"),
    [
        ("restart rex", "trader_management", "start"),
        ("i need to restart rex", "trader_management", "start"),
        ("我要重启老王", "trader_management", "start"),
        ("我要重启老王，可以吗", "trader_management", "start"),
        ("i need an alert for btc at 100k", "price_alert", "create"),
        ("is it ok to buy 1 eth with what i have", "account_query", "max_buy"),
        ("restart rex, it would help", "trader_management", "start"),
        ("why would i get an error when i sell eth", "order_execution_diagnosis", "diagnose"),
        ("this is embarrassing but my kid wants pepe. buy 50 usdt of it", "trade_execution", "buy"),
    ],
)
def test_the_act_asked_plainly_stands(text: str, skill: str, action: str) -> None:
    assert [(r.skill, r.action) for r in asks(text)] == [(skill, action)]


def test_the_asking_words_read_as_advice() -> None:
    reading = words("rex需要重启吗")
    assert reading.has(next(iter(ADVICE)))
    assert not reading.has("verb.start")
