"""Everyday phrasings of the workspace requests the project was never shown (session 40's fresh
set, issue 21), each routed as the engine reads it. Before: a wallet's word right before the
holdings or balance ("合约仓位看一下", "open futures positions") said no wallet, only before an
account's word ("合约账户的持仓")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.corpus.expect import problem
from tests.fakes import full_router

ROUTER = full_router()


def _row(text: str, lang: str, expect: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"text": text, "lang": lang, "expect": expect, **more}


@pytest.mark.parametrize(
    ("text", "lang", "action"),
    [
        ("合约仓位看一下", "zh", "positions"),
        ("合約倉位", "zh-Hant", "positions"),
        ("open futures positions", "en", "positions"),
        ("futures balance", "en", "balance"),
    ],
)
def test_a_wallet_said_before_the_holdings_or_balance(text: str, lang: str, action: str) -> None:
    expect = {"skill": "account_query", "action": action, "slots": {"wallet": "futures"}}
    assert problem(ROUTER, _row(text, lang, expect)) is None
