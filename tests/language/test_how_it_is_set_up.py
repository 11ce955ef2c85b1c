"""How one of their records is set up, asked as it stands (blind set KD): '养老定投现在是怎么设置的' got
the getting-started guide, 'how is lazy stack set up' began a new strategy; asked how to set one up
stays the guide's."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names

NAMES = {"strategy": ["养老定投", "慢慢来", "lazy stack"], "trader": ["小胖"]}


@each(
    ("text", "skill", "name"),
    [
        ("养老定投现在是怎么设置的", "strategy_management", "养老定投"),
        ("養老定投係點樣設定嘅", "strategy_management", "养老定投"),
        ("慢慢来是怎么配置的", "strategy_management", "慢慢来"),
        ("小胖是怎么设置的", "trader_management", "小胖"),
        ("how is lazy stack set up", "strategy_management", "lazy stack"),
        ("how's lazy stack set up", "strategy_management", "lazy stack"),
    ],
)
def test_how_theirs_is_set_up_is_its_card(text: str, skill: str, name: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == (skill, "query"), route
    assert route.slots["target_ref"] == {"name": name}, route.slots


@each("text", ["养老定投怎么设置", "how do i set up lazy stack", "定投策略怎么设置"])
def test_how_to_set_one_up_is_the_guide(text: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("guidance", "explain"), route
