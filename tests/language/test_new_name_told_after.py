"""A rename whose new name is told in the next clause (blind set KD): '大脑改个名，叫主力' renamed a
record '主力' (the new name read as the record), '给稳稳换个名字，叫稳如狗' asked the new name it was
told; one of their model configs renamed by its name alone went to the accounts' any-kind reading."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import route_with_names

NAMES = {"trader": ["稳稳"], "strategy": ["慢慢来"], "account": ["vault"], "model": ["大脑", "brain"]}


@each(
    ("text", "skill", "record", "new"),
    [
        ("大脑改个名，叫主力", "model_management", "大脑", "主力"),
        ("大腦改個名，叫主力", "model_management", "大脑", "主力"),  # their 大脑, said in traditional
        ("把大脑改名为主力", "model_management", "大脑", "主力"),
        ("rename brain to main2", "model_management", "brain", "main2"),
        ("给稳稳换个名字，叫稳如狗", "trader_management", "稳稳", "稳如狗"),
        ("给稳稳换个名字，就叫稳如狗", "trader_management", "稳稳", "稳如狗"),
        ("稳稳改个名吧，叫稳如狗", "trader_management", "稳稳", "稳如狗"),
        ("慢慢来改个名，叫快快来", "strategy_management", "慢慢来", "快快来"),
        ("vault改个名，叫金库", "exchange_management", "vault", "金库"),
    ],
)
def test_the_new_name_told_after_the_rename_is_read(text: str, skill: str, record: str, new: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and (route.skill, route.action) == (skill, "update"), route
    assert route.slots["target_ref"] == {"name": record} and route.slots["new_name"] == new, route.slots


@each("text", ["稳稳改个名，我想想叫什么", "给稳稳换个名字"])
def test_a_new_name_not_told_is_asked(text: str) -> None:
    route = route_with_names(text, NAMES)
    assert route is not None and route.slots.get("target_ref") == {"name": "稳稳"}, route
    assert "new_name" not in route.slots, route.slots
