"""Everyday phrasings a probe misread (session 39, round 2), through the full router, zh and en.
Each failed before its fix."""

from __future__ import annotations

from typing import Any

import pytest

from core.routing.router import Router
from tests.fakes import full_router

_ROUTER: list[Router] = []


def _route(text: str) -> Any:
    if not _ROUTER:
        _ROUTER.append(full_router())
    return _ROUTER[0].route(text)


@pytest.mark.parametrize(
    "text",
    [
        "how much did i buy eth",
        "how many did i buy",
        "how much did i spend",
        "我买了多少eth",
        "我买过多少个比特币",
        "我花了多少钱",
    ],
)
def test_how_much_one_bought_is_a_question_of_their_trades_never_an_order(text: str) -> None:
    route = _route(text)
    assert route is not None and (route.skill, route.action) == ("account_query", "trades"), route
