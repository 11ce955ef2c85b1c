"""Their connected exchanges asked for ("list connected exchanges", "show me my connected accounts"):
a listing, not a connection looked into ("connected" was read as a problem told); whether one is
connected ("is my binance account connected") and a connection that keeps dropping stay diagnoses."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import full_router

ROUTER = full_router()


@each("text", ["list connected exchanges", "show me my connected exchanges", "show my connected accounts"])
def test_the_connected_ones_are_listed(text: str) -> None:
    route = ROUTER.route(text)
    assert route is not None and (route.skill, route.action) == ("exchange_management", "query"), route


@each(
    "text",
    ["is my binance account connected", "my connected exchanges keep dropping", "my okx keeps dropping out"],
)
def test_a_connection_told_or_asked_is_looked_into(text: str) -> None:
    route = ROUTER.route(text)
    assert route is not None and route.skill == "exchange_diagnosis", route
