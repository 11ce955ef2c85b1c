"""Everyday phrasings from a fresh workspace-heavy set (session 45, BB), through the full router.
Each failed before its fix: a level reached is never an amount, a trade or a change only supposed
is no order and no action."""

from __future__ import annotations

from typing import Any

from core.language.values import refusal_in, refusal_message
from tests.cases import each
from tests.fakes import shared_router


def _route(text: str) -> Any:
    return shared_router().route(text)


@each(
    ("text", "typed"),
    [
        ("eth到3000就卖掉", "3000"),
        ("要是eth到3000就卖掉", "3000"),
        ("sol到了200就买", "200"),
        ("when eth gets to 3000 sell it", "3000"),
    ],
)
def test_a_level_reached_with_a_trade_is_refused_quoting_it_never_an_amount(text: str, typed: str) -> None:
    route = _route(text)
    # an order at that level still (its price refused, then asked), never one at the market now
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit"), route
    assert refusal_in(route.slots["limit_price"]) == ("reach_level", typed)
    assert "amount" not in route.slots
    assert typed in refusal_message("zh", "reach_level", typed)
    assert "limit" in refusal_message("en", "reach_level", typed)


@each(
    "text",
    [
        "what if i buy 1 eth now",
        "hypothetically, sell 2 sol",
        "假如我买1000U的sol",
        "如果我卖掉一半的eth会怎样",
        "what if i delete my okx account",
        "如果我把kimi配置删了会怎样",
    ],
)
def test_a_trade_or_change_only_supposed_is_no_order_and_no_action(text: str) -> None:
    route = _route(text)
    assert route is None or route.action not in ("buy", "sell", "limit", "delete", "stop"), route


def test_a_condition_is_still_an_order() -> None:
    route = _route("如果btc能涨到10万就卖掉")
    assert route is not None and (route.skill, route.action) == ("trade_execution", "limit"), route
    assert route.slots["limit_price"] == "100000"
