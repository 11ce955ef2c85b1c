"""Saying a report is no longer wanted switches it off, whatever word sends it: '唔使再send週報俾我'
(Hong Kong: no need to send me the weekly report any more) and 'no need to send the weekly report
anymore' switched it ON (only '不用再发' with 发 was a stop). 不用再 / 别再 / 不要再 / 不必再 and
'no need to send', 'stop sending', 'don't send' say to stop (blind set L)."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import assert_routes_to


@each(
    "text",
    [
        "唔使再send週報俾我",
        "不用再send周报给我",
        "别再send周报了",
        "不必再推周报",
        "no need to send the weekly report anymore",
        "stop sending me the weekly report",
    ],
)
def test_a_report_no_longer_wanted_is_switched_off(text: str) -> None:
    assert_routes_to(text, "pnl", "weekly", {"switch": "off"})


@each("text", ["每周给我发周报", "send me the weekly report every week", "开启周报"])
def test_asked_for_it_is_still_on(text: str) -> None:
    assert_routes_to(text, "pnl", "weekly", {"switch": "on"})
