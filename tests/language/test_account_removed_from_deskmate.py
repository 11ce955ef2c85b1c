"""deskmate said as where an account is removed from ("delete my binance account on deskmate",
"把我的okx账户从这个bot里删掉") is no part of the account's name and no trader: the exchange's account
is deleted."""

from __future__ import annotations

import pytest

from core.conversation.reading import read_asks
from tests.corpus.expect import context
from tests.fakes import shared_router


@pytest.mark.parametrize(
    ("text", "alias"),
    [
        ("delete my binance account on deskmate", "binance"),
        ("remove my bybit account in this app", "bybit"),
        ("把我的okx账户从这个bot里删掉", "okx"),
        ("把我的币安账户从deskmate里删掉", "binance"),
    ],
)
def test_the_exchange_account_deleted(text: str, alias: str) -> None:
    row = {"text": text, "lang": "zh"}
    asks = read_asks(text, shared_router(), context(row), locale="zh")
    assert [(r.skill, r.action, r.slots.get("target_ref")) for r in asks] == [
        ("exchange_management", "delete", {"alias": alias})
    ]
