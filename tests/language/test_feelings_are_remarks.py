"""A feeling about the market or deskmate, told with no ask word and no request's verb, asks for
nothing ("今天行情好无聊啊", "行情太刺激了", "this bot is pretty cool", "btc is boring"): the lexicon's
outside.feeling, a concept that is none where an ask or a verb is said (``unless``), so the same
words beside a request leave it as it was ("太无聊了，帮我买0.1个btc"). "今天行情好无聊啊" and
"行情太刺激了" were price asks before."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    "text",
    [
        "今天行情好无聊啊",
        "行情太刺激了",
        "今天行情好刺激",
        "行情真有意思",
        "this bot is pretty cool",
        "btc is boring",
        "eth is wild today",
        "the market is so boring today",
    ],
)
def test_a_feeling_told_asks_nothing(text: str) -> None:
    assert _route(text) is None


@each(
    ("text", "skill", "action"),
    [
        ("eth today", "price", "current"),
        ("今天eth怎么样", "price", "history"),
        ("行情", "price", "current"),
        ("太无聊了，帮我买0.1个btc", "trade_execution", "buy"),
        ("cool, show my balance", "account_query", "balance"),
        ("行情好刺激，btc多少钱", "price", "current"),
    ],
)
def test_a_feeling_beside_a_request_leaves_the_request(text: str, skill: str, action: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == (skill, action), route
