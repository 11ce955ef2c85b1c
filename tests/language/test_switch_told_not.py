"""A trader's switch told not to be turned ("别给rex开日报", "don't stop rex's daily summary"): nothing is
changed. The first read the daily summary on, the second off: the switch turned the way told not to."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router

REX = {"trader": ["rex"]}


def _switches(text: str) -> list[tuple[str | None, object]]:
    row = {"text": text, "names": REX}
    locale = "en" if text.isascii() else "zh"
    asks = read_asks(text, shared_router(), context(row), locale=locale)
    return [(r.action, r.slots.get("daily_summary") or r.slots.get("auto_start")) for r in asks]


@each(
    "text",
    [
        "别给rex开日报",
        "別給rex開日報",
        "不要开rex的日报",
        "别关rex的日报",
        "唔好幫rex開日報",
        "don't stop rex's daily summary",
        "don't turn on rex's daily summary",
        "don't turn off rex's daily summary",
        "别给rex开自动启动",
    ],
)
def test_a_switch_told_not_to_changes_nothing(text: str) -> None:
    assert _switches(text) == [], _switches(text)


@each(
    ("text", "on"),
    [
        ("给rex开日报", "on"),
        ("关掉rex的日报", "off"),
        ("stop rex's daily summary", "off"),
        ("don't forget to turn on rex's daily summary", "on"),
        ("别忘了给rex开日报", "on"),
        ("不想要rex的日报了", "off"),
        ("dont want the daily summary for rex anymore", "off"),
        ("不要给rex发日报", "off"),
        ("把rex的日报关了，别开", "off"),
    ],
)
def test_a_switch_asked_or_not_wanted_is_read(text: str, on: str) -> None:
    assert _switches(text) == [("update", on)], _switches(text)
