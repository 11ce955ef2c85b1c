"""A strategy made to repeat otherwise, with what it repeats instead of said after ("make lazy stack run
daily instead of weekly"): the new interval is the one before "instead of"; two intervals read no
change at all (the field was left unread)."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import full_router

ROUTER = full_router()
NAMES = {"names": {"strategy": ["lazy stack", "moon bag"]}}


@each(
    ("text", "interval"),
    [
        ("make lazy stack run daily instead of weekly", "1d"),
        ("make moon bag buy weekly instead of daily", "1w"),
        ("make lazy stack run every 3 days instead of every day", "3d"),
        ("make lazy stack run weekly instead", "1w"),  # no old one said: as before
    ],
)
def test_the_new_interval_is_the_one_before_instead_of(text: str, interval: str) -> None:
    [route] = read_asks(text, ROUTER, context({"text": text, **NAMES}))
    assert (route.skill, route.action) == ("strategy_management", "update"), route
    assert (route.slots.get("field"), route.slots.get("interval")) == ("interval", interval), route
