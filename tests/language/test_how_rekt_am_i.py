"""'how rekt am i' asks one's P&L (it routed nowhere), as '我亏了多少' does; a story of being rekt
('got rekt on luna') is not a question and stays unread."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import full_router


@each("text", ["how rekt am i", "am i rekt", "how rekt am i this month", "我亏了多少"])
def test_how_rekt_am_i_is_the_pnl(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("pnl", "report"), route


@each("text", ["got rekt on luna", "i got rekt lol", "上次luna亏惨了"])
def test_being_rekt_told_is_no_ask(text: str) -> None:
    route = full_router().route(text)
    assert route is None or route.skill != "pnl", route
