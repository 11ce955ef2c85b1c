"""A holding told right after a problem reported is part of the problem, no balance asked ("buy eth
failed insufficient balance?? i have money" read a diagnosis and a balance); asked ("how much usdt
do i have?") it stays an ask of its own."""

from __future__ import annotations

from core.conversation.remarks import holding_told
from core.language.tagger import words
from core.routing.router import Route

_FAILED = Route("order_execution_diagnosis", "diagnose", {"symbol": "ETHUSDT"})
_BALANCE = Route("account_query", "balance", {})


def test_a_holding_told_after_a_failure_is_the_problems() -> None:
    assert holding_told("i have money", words("i have money"), _BALANCE, _FAILED)


def test_asked_or_after_no_problem_it_is_an_ask() -> None:
    assert not holding_told("i have money?", words("i have money?"), _BALANCE, _FAILED)
    text = "how much usdt do i have"
    assert not holding_told(text, words(text), _BALANCE, _FAILED)
    assert not holding_told("i have money", words("i have money"), _BALANCE, None)
    assert not holding_told("i have money", words("i have money"), _BALANCE, Route("price", "current", {}))
