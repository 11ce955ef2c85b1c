"""A record's name may hold an apostrophe ("O'Neil", "Joe's DCA": core.tasks.names keeps it), and a
request naming it by the words no tag explains (core.tasks.refs.untagged) reads it whole. Before
session 37 every apostrophe was read as a space: "stop trader O'Neil" looked for "O Neil", which
no trader is called, and said that name back. A possessive "'s" at a name's end still goes
("trader alpha's model" is alpha's)."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import full_router


@each(
    ("text", "action", "name"),
    [
        ("stop trader O'Neil", "stop", "O'Neil"),
        ("删除交易员 O'Neil", "delete", "O'Neil"),
        ("停止交易員 O'Neil", "stop", "O'Neil"),
        ("start the trader O’Neil", "start", "O’Neil"),
    ],
)
def test_an_apostrophe_inside_a_name_stays(text: str, action: str, name: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("trader_management", action), route
    assert route.slots["target_ref"] == {"name": name}


@each("text", ["stop trader alpha's bot", "停止交易员 alpha's"])
def test_a_possessive_is_no_part_of_the_name(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.skill == "trader_management", route
    assert route.slots["target_ref"] == {"name": "alpha"}


@each(
    "text",
    ["rename trader alpha to O'Neil", "把交易员 alpha 改名为 O'Neil", "把交易員 alpha 改名為 O'Neil"],
)
def test_a_new_name_keeps_its_apostrophe(text: str) -> None:
    """Read before as "O Neil": the trader would have been renamed to a name nobody typed."""
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("trader_management", "update"), route
    assert route.slots["new_name"] == "O'Neil" and route.slots["target_ref"] == {"name": "alpha"}


@each(
    ("text", "skill"),
    [
        ("delete account Joe's traders", "exchange_management"),
        ("删除账户 Joe's traders", "exchange_management"),
        ("刪除帳戶 Joe's traders", "exchange_management"),
    ],
)
def test_an_account_named_after_its_kind_keeps_its_apostrophe(text: str, skill: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == (skill, "delete"), route
    assert route.slots["target_ref"] == {"name": "Joe's traders"}


@each("text", ["delete strategy O'Neil grid", "删除策略 O'Neil grid", "刪除策略 O'Neil grid"])
def test_a_strategy_named_with_an_apostrophe_is_read_whole(text: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("strategy_management", "delete"), route
    assert route.slots["target_ref"] == {"name": "O'Neil grid"}
