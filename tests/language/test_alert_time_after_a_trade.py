"""An alert asked after a trade: its time is the alert's, never the trade's held move ("buy 0.1 eth
and tell me when it dips" buys now), a coin's amount is never the alert's level (0.1 of "0.1 eth"),
and "drop" closing a when-clause is what moves ("alert me when fees drop"), never a removal."""

from __future__ import annotations

import pytest

from core.conversation.reading import read_asks
from tests.corpus.expect import context
from tests.fakes import full_router

ROUTER = full_router()


def _asks(text: str) -> list[tuple[str, str | None, dict[str, str]]]:
    found = read_asks(text, ROUTER, context({"text": text}), locale="en")
    return [(r.skill, r.action, {k: str(v) for k, v in r.slots.items()}) for r in found]


def test_the_trade_before_an_alert_is_asked_now_and_its_amount_is_no_level() -> None:
    asks = _asks("buy 0.1 eth and tell me when it dips")
    assert asks[0] == ("trade_execution", "buy", {"symbol": "ETHUSDT", "amount": "base:0.1"})
    assert asks[1][:2] == ("price_alert", "create") and "level" not in asks[1][2]


@pytest.mark.parametrize(
    "text", ["buy 0.1 btc and alert me when fees drop", "alert me when fees drop", "tell me if prices drop"]
)
def test_a_drop_closing_a_when_clause_removes_nothing(text: str) -> None:
    assert all(a[:2] != ("price_alert", "delete") for a in _asks(text))
    assert all(a[2].get("level") != "0.1" for a in _asks(text))


@pytest.mark.parametrize("text", ["drop my btc alert", "when you get a chance, drop the eth alert"])
def test_a_drop_before_what_it_removes_still_removes(text: str) -> None:
    assert _asks(text)[0][:2] == ("price_alert", "delete")
