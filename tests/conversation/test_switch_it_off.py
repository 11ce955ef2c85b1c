"""A switch of one of their traders named, then "it" turned off ("gary's daily summary is spammy,
kill it", "老王的日报太烦了，关掉它"): the switch turned off, never the trader stopped (before: gary
stopped). A trader named alone then stopped by "it" stays its stop."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.corpus.expect import context
from tests.fakes import full_router


def _asks(text: str) -> list[tuple[str, dict[str, object]]]:
    row = {"text": text, "names": {"trader": ["gary", "老王"]}}
    return [(r.action, dict(r.slots)) for r in read_asks(text, full_router(), context(row))]


def test_the_switch_named_before_is_turned_off() -> None:
    for text in ("gary's daily summary is spammy, kill it", "老王的日报太烦了，关掉它"):
        asks = _asks(text)
        assert [a for a, _ in asks] == ["update"], asks
        assert asks[0][1]["daily_summary"] == "off"


def test_a_trader_named_alone_is_still_stopped() -> None:
    assert [a for a, _ in _asks("gary keeps losing, kill it")] == ["stop"]


def test_a_start_after_a_switch_turned_on_starts_it() -> None:
    assert [a for a, _ in _asks("turn on gary's daily summary, then start it")] == ["update", "start"]
