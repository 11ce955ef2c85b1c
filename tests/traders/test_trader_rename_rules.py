"""A trader rename read whole (zh + en): the new name after 为 / 叫 / 成 / to / as is no part of
the target, and a leading 给 is not part of the trader's name."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import full_router


@each(
    "text",
    [
        "把交易员 alpha 重命名为 beta",
        "把交易员 alpha 改名叫 beta",
        "交易员 alpha 改名成 beta",
        "重命名交易员 alpha 为 beta",
        "给交易员 alpha 改名叫 beta",
        "rename trader alpha to beta",
        "rename the agent alpha as beta",
    ],
)
def test_a_trader_rename_reads_the_target_and_the_new_name(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.action == "update", route
    assert route.slots == {"field": "name", "new_name": "beta", "target_ref": {"name": "alpha"}}
