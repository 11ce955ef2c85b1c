"""An alert message is read once by the skill's three rules (list, delete, create), not once by
each: the reading they share is kept for the same text while the catalog's coins are the same."""

from __future__ import annotations

from datetime import UTC, datetime

from core.markets import MarketCatalog
from core.skills.price_alert.rules import AlertRule, reader_for
from tests.fakes import full_router


def _rules(catalog: MarketCatalog) -> list[AlertRule]:
    return [AlertRule(catalog, frozenset({action})) for action in ("query", "delete", "create")]


def test_three_rules_read_an_alert_being_set_once() -> None:
    catalog = MarketCatalog()
    rules = _rules(catalog)
    reader = reader_for(catalog)
    before = reader.reads
    for text in ("alert me when ETH goes above 5000", "比特币跌破80000提醒我"):
        routes = [rule.route(text) for rule in rules]
        assert [r is not None for r in routes] == [False, False, True]
    assert reader.reads - before == 2  # before: 6, each rule reading each message whole


def test_a_kept_reading_is_not_handed_out_to_be_changed() -> None:
    rule = _rules(MarketCatalog())[2]
    first = rule.route("alert me when ETH goes above 5000")
    assert first is not None
    first.slots["level"] = "1"
    again = rule.route("alert me when ETH goes above 5000")
    assert again is not None and again.slots["level"] == "5000"


def test_a_new_coin_list_reads_the_message_again() -> None:
    catalog = MarketCatalog()
    rule = _rules(catalog)[2]
    reader = reader_for(catalog)
    assert rule.route("alert me when ETH goes above 5000") is not None
    read = reader.reads
    catalog.replace(catalog.markets, datetime.now(UTC), "test")
    assert rule.route("alert me when ETH goes above 5000") is not None
    assert reader.reads == read + 1


def test_the_router_reads_an_alert_once() -> None:
    router = full_router()
    route = router.route("notify me every time eth crosses above 4000, cooldown 1h")
    assert route is not None and (route.skill, route.action) == ("price_alert", "create")
    assert route.slots["level"] == "4000" and route.slots["repeat"] is True
