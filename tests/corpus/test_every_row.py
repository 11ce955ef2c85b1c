"""Every routing-corpus row (this repository's, and the shared corpus's where present) routes to
its skill and action by rule: the one runner that covers the rows of every skill, including
those no skill-specific runner reads (traders, account questions)."""

from __future__ import annotations

from typing import Any

import pytest

from core.routing.router import Router
from tests import corpus
from tests.fakes import full_router

_ROUTER: list[Router] = []


def _router() -> Router:
    if not _ROUTER:
        _ROUTER.append(full_router())
    return _ROUTER[0]


@pytest.mark.parametrize("row", corpus.cases(lambda row: True))
def test_row_routes_to_its_skill_and_action(row: dict[str, Any]) -> None:
    expect = row["expect"]
    route = _router().route(row["text"])
    if expect.get("skill") is None:
        assert route is None, route
        return
    assert route is not None and route.skill == expect["skill"], route
    if "action" in expect:
        assert route.action == expect["action"], route
