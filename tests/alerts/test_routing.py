"""The routing corpus's price_alert rows route with their slots; chatter and price questions
are not alerts."""

from __future__ import annotations

from typing import Any

import pytest

from tests import corpus
from tests.cases import each
from tests.fakes import full_router


def _alerts(row: corpus.Row) -> bool:
    return bool(row["expect"].get("skill") == "price_alert")


def test_the_corpus_has_alert_rows_of_every_action() -> None:
    actions = {r["expect"]["action"] for r in corpus.own_rows() if _alerts(r)}
    assert actions == {"create", "query", "delete"}


@pytest.mark.parametrize("row", corpus.cases(_alerts))
def test_alert_rows_route_with_their_slots(row: dict[str, Any]) -> None:
    expect = dict(row["expect"])
    route = full_router().route(row["text"])
    assert route is not None and (route.skill, route.action) == (expect.pop("skill"), expect.pop("action"))
    for slot, value in expect.items():
        assert route.slots.get(slot) == value, (slot, route.slots)


@each(
    "text",
    [
        "tell me a joke",
        "BTC 价格",
        "比特币跌破 80000 了吗",
        "what's the ETH price",
        "let me know how you work",
    ],
)
def test_not_alerts(text: str) -> None:
    route = full_router().route(text)
    assert route is None or route.skill != "price_alert"


@each(
    ("text", "slots"),
    [
        # a level glued to the words after it ("100k提醒"): read, not dropped
        ("eth>100k提醒", {"symbol": "ETHUSDT", "condition": "above", "level": "100000"}),
        ("/alert btc <= $80000", {"symbol": "BTCUSDT", "condition": "below", "level": "80000"}),
        # a level in cents is a hundredth of a dollar (was 50)
        ("notify me when doge hits 50 cents", {"symbol": "DOGEUSDT", "condition": "above", "level": "0.5"}),
        ("DOGE 涨到 50美分 提醒我", {"symbol": "DOGEUSDT", "condition": "above", "level": "0.5"}),
        ("doge below 5.5 cents alert", {"symbol": "DOGEUSDT", "condition": "below", "level": "0.055"}),
        ("/alert btc > -5", {"symbol": "BTCUSDT", "condition": "above", "level": "refused:sign:-5"}),
        # a cooldown in whole minutes, by the value grammar (1.5 h exactly 90)
        (
            "alert me when btc above 100k, cooldown 1.5h",
            {"cooldown": "90", "repeat": True, "level": "100000"},
        ),
        ("btc 破 10万 提醒我 冷却30分", {"cooldown": "30", "repeat": True, "level": "100000"}),
        # in traditional characters too (was a level's window "30分鐘" refused, no cooldown)
        ("BTC跌破80000提醒我，冷卻30分鐘", {"cooldown": "30", "repeat": True, "level": "80000"}),
        ("BTC跌破80000每次都提醒我 冷卻 7.5 分鐘", {"cooldown": "refused:cooldown:7.5 分鐘", "window": None}),
        ("BTC跌破80000提醒我，冷却30分钟", {"cooldown": "30", "repeat": True, "level": "80000"}),
        (
            "every time BTC drops below 80000 alert me, COOLDOWN 7.5 MIN",
            {"cooldown": "refused:cooldown:7.5 MIN"},
        ),
        ("alert me at most once every 2 hours when eth above 4000", {"cooldown": "120", "level": "4000"}),
        ("一直提醒我 btc 跌破 8万", {"repeat": True, "condition": "below", "level": "80000"}),
        ("alert me when sol moves 5% in one hour", {"condition": "move", "level": "5", "window": "1h"}),
        # "in the next hour" is the 1 h window (was 24 h, said as "no window given")
        ("tell me if eth drops 5% in the next hour", {"condition": "move", "level": "5", "window": "1h"}),
        ("ping me if btc moves 3% over the next hour", {"condition": "move", "level": "3", "window": "1h"}),
        ("下一个小时内ETH跌5%提醒我", {"condition": "move", "level": "5", "window": "1h"}),
    ],
)
def test_alert_values_are_read_by_the_value_grammar(text: str, slots: dict[str, Any]) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("price_alert", "create"), route
    assert {k: route.slots.get(k) for k in slots} == slots, route.slots


@each(
    ("text", "action"),
    [("提醒清单", "query"), ("alerts i set", "query"), ("show all my price alerts", "query"),
     ("我有多少个提醒", "query"), ("clear my alerts", "delete"), ("不要再提醒我 btc 了", "delete")],
)  # fmt: skip
def test_alert_list_and_delete_words(text: str, action: str) -> None:
    route = full_router().route(text)
    assert route is not None and (route.skill, route.action) == ("price_alert", action), route
