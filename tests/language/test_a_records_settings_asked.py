"""A record's settings asked for ('看下大饼网格的设置', '睇下每週定投嘅設定') are its query: '的设置' is the
settings, not '设置' (set one up), which made a new strategy, weekly where the name said 每週."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names

NAMES = {"strategy": ["每週定投", "大餅網格"]}


@each(
    ("text", "name"),
    [
        ("睇下每週定投嘅設定", "每週定投"),
        ("看下每周定投的配置", "每週定投"),
        ("看一下大饼网格的设置", "大餅網格"),
        ("show 每週定投 settings", "每週定投"),
    ],
)
def test_a_strategys_settings_are_its_query(text: str, name: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("strategy_management", "query"), route
    assert route.slots.get("target_ref") == {"name": name}


@each("text", ["设置一个每周定投", "set up a weekly dca"])
def test_setting_one_up_still_creates(text: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == ("strategy_management", "create"), route
