"""Words typed short on a phone: "r" for are, "hv" for have, "hw" / "mch" for how / much, "wbt"
for what about; none is read as a name or a coin."""

from __future__ import annotations

from tests.fakes import route_with_names


def test_r_is_no_name() -> None:
    route = route_with_names("r my bots running", {"trader": ["rex"]})
    assert route is not None and (route.skill, route.action) == ("trader_management", "query")
    assert "target_ref" not in route.slots


def test_shorthand_asks() -> None:
    for text, skill, action in [
        ("hw much money do i hv left", "account_query", "balance"),
        ("how mch usdt left?", "account_query", "balance"),
        ("wbt sol?", "price", None),
    ]:
        route = route_with_names(text)
        assert route is not None and (route.skill, route.action) == (skill, action), (text, route)


def test_a_classifier_is_no_name() -> None:
    route = route_with_names("刪咗我條策略")
    assert route is not None and (route.skill, route.action) == ("strategy_management", "delete")
    assert "target_ref" not in route.slots or "name" not in route.slots["target_ref"], route
