"""Every routing-corpus row (tests/corpus, plus the shared corpus where present), with the
workspace rules in front of the price rule.

Rows for price, null and the workspace skills built so far must route exactly (skill and
action; price rows also symbol and status). Rows for skills of later parts must be recognised and
answered "not available yet" rather than misrouted (e.g. "create a BTC agent" is no price query).
"""

from __future__ import annotations

from typing import Any

import pytest

from core.routing.router import Router
from tests import corpus
from tests.fakes import full_router
from tests.workspace.conftest import make_desk

OUR_SKILLS = ("price", None, "exchange_management", "model_management", "strategy_management")


def _ours(row: corpus.Row) -> bool:
    return row["expect"].get("skill") in OUR_SKILLS


# Skills of later parts that have arrived: their own tests answer their rows (tests/traders).
ARRIVED = ("trader_management",)


def _router() -> Router:
    return full_router()


def test_own_corpus_has_rows_of_every_kind_we_own() -> None:
    rows = corpus.own_rows()
    assert {r["expect"].get("skill") for r in rows if _ours(r)} == set(OUR_SKILLS)
    assert len([r for r in rows if _ours(r)]) >= 35


@pytest.mark.parametrize("row", corpus.cases(_ours))
def test_router_with_workspace_rules(row: dict[str, Any]) -> None:
    expect = row["expect"]
    route = _router().route(row["text"])
    if expect["skill"] is None:
        assert route is None
        return
    assert route is not None and route.skill == expect["skill"]
    if "action" in expect:
        assert route.action == expect["action"]
    if expect["skill"] == "price" and expect.get("symbol"):
        assert route.slots["symbols"][0] == expect["symbol"]


@pytest.mark.parametrize("row", corpus.cases(_ours))
async def test_core_with_workspace_answers_each_row(row: dict[str, Any]) -> None:
    expect = row["expect"]
    chat = make_desk().chat
    text = row["text"]
    if text.startswith("/"):
        name, _, args = text[1:].partition(" ")
        reply = await chat.command(name, args)
    else:
        reply = await chat.say(text)
    assert reply.route.skill == expect["skill"], reply.route
    assert reply.usage.model_requests == 0
    if expect["skill"] is None:
        assert reply.route.by is None
        return
    assert reply.route.by == "rule"
    if "action" in expect:
        assert reply.route.action == expect["action"]
    if expect["skill"] == "price":
        if "symbol" in expect:
            assert reply.route.slots.get("symbol") == expect["symbol"]
        assert reply.status.value == expect.get("status", "completed")
    else:
        assert reply.audience == "private"
        assert reply.status.value in ("needs_input", "completed", "failed")
