""" "昨天的成交" (yesterday's fills) is the trades of that day: '成交' alone is an order's word
(diagnosis.order), and with a day and no failure it asks for the trades (routed nowhere before);
an order that did not fill stays the order diagnosis."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.corpus.expect import problem
from tests.fakes import full_router

ROUTER = full_router()


def _row(text: str, lang: str, expect: dict[str, Any]) -> dict[str, Any]:
    return {"text": text, "lang": lang, "expect": expect}


@each(
    ("text", "lang", "day"),
    [
        ("昨天的成交", "zh", "yesterday"),
        ("今天的成交", "zh", "today"),
        ("昨天的订单", "zh", "yesterday"),
        ("yesterday's orders", "en", "yesterday"),
        ("today's orders", "en", "today"),
    ],
)
def test_a_day_s_fills_are_its_trades(text: str, lang: str, day: str) -> None:
    expect = {"skill": "account_query", "action": "trades", "slots": {"day": day}}
    assert problem(ROUTER, _row(text, lang, expect)) is None


@each(("text", "lang"), [("昨天的单子没成交", "zh"), ("my order from yesterday didn't fill", "en")])
def test_an_order_that_did_not_fill_is_no_trades_question(text: str, lang: str) -> None:
    assert problem(ROUTER, _row(text, lang, {"not": {"skill": "account_query"}})) is None
