"""The routing corpus's price_alert rows route with their slots; chatter and price questions
are not alerts."""

from __future__ import annotations

from typing import Any

import pytest

from tests import corpus
from tests.fakes import full_router


def _alerts(row: corpus.Row) -> bool:
    return bool(row["expect"].get("skill") == "price_alert")


def test_the_corpus_has_alert_rows_of_every_action() -> None:
    actions = {r["expect"]["action"] for r in corpus.own_rows() if _alerts(r)}
    assert actions == {"create", "query", "delete"}


@pytest.mark.parametrize("row", corpus.cases(_alerts))
def test_alert_rows_route_with_their_slots(row: dict[str, Any]) -> None:
    expect = dict(row["expect"])
    route = full_router().route(row["text"])
    assert route is not None and (route.skill, route.action) == (expect.pop("skill"), expect.pop("action"))
    for slot, value in expect.items():
        assert route.slots.get(slot) == value, (slot, route.slots)


@pytest.mark.parametrize(
    "text",
    [
        "tell me a joke",
        "BTC 价格",
        "比特币跌破 80000 了吗",
        "what's the ETH price",
        "let me know how you work",
    ],
)
def test_not_alerts(text: str) -> None:
    route = full_router().route(text)
    assert route is None or route.skill != "price_alert"
