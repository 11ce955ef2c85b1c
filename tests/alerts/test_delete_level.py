"""A delete that says its alert's level (and way) offers the alert at that level, never every alert
of the coin nor another one: "delete my eth alert above 4000", "删掉eth 4000以上的提醒". None at
that level is said, naming the ones there are; nothing is offered or deleted for it."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.alerts.conftest import AlertDesk, codes, texts


async def _three(desk: AlertDesk) -> dict[str, str]:
    """ETH above 4000, ETH below 3000 and BTC above 95000: their ids by what they watch."""
    ids = {}
    for said, key in [
        ("alert me when ETH goes above 4000", "eth_above"),
        ("alert me when ETH falls below 3000", "eth_below"),
        ("alert me when BTC goes above 95000", "btc_above"),
    ]:
        before = set(desk.alerts.alerts)
        await desk.say(said)
        [ids[key]] = set(desk.alerts.alerts) - before
    return ids


@pytest.mark.parametrize(
    "said",
    [
        "delete my eth alert above 4000",
        "remove the eth 4000 alert",
        "get rid of the eth 4000 alert",  # "get rid of" before a coin is a sale's word too: no trade here
        "删掉eth 4000以上的提醒",
        "删除eth涨到4000的提醒",
        "刪除eth 4000以上嘅提醒",
    ],
)
async def test_the_alert_at_the_level_said_is_the_one_offered(desk: AlertDesk, said: str) -> None:
    ids = await _three(desk)
    asked = await desk.say(said)
    assert asked.route.action == "delete" and asked.status is Status.NEEDS_INPUT, said
    assert codes(asked) == ["ask_alert"] and ids["eth_above"] in texts(asked)
    assert ids["eth_below"] not in texts(asked) and ids["btc_above"] not in texts(asked)
    assert len(desk.alerts.alerts) == 3  # nothing deleted unconfirmed
    assert codes(await desk.press(asked.buttons[0].token)) == ["alert_deleted"]
    assert set(desk.alerts.alerts) == {ids["eth_below"], ids["btc_above"]}


@pytest.mark.parametrize(
    ("said", "named"),
    [
        ("delete my eth alert above 3000", "ETH above 3,000.00"),
        ("delete my eth alert below 4000", "ETH below 4,000.00"),
        ("删掉eth 3000以上的提醒", "你没有ETH 3,000.00以上的提醒"),
        ("删除eth 5000的提醒", "ETH 5,000.00"),
    ],
)
async def test_none_at_the_level_said_names_theirs_and_offers_none(
    desk: AlertDesk, said: str, named: str
) -> None:
    ids = await _three(desk)
    told = await desk.say(said)
    assert told.route.action == "delete" and told.status is Status.FAILED, said
    assert codes(told) == ["not_found"] and not told.buttons
    assert named in texts(told) and "4,000.00" in texts(told) and "3,000.00" in texts(told)
    assert "95,000.00" not in texts(told)  # the coin's alerts only
    assert set(desk.alerts.alerts) == set(ids.values())


async def test_each_piece_s_level_is_its_own(desk: AlertDesk) -> None:
    """ "取消btc的提醒和eth 4000以上": BTC's one offered, then ETH's above 4000 (not the one below)."""
    ids = await _three(desk)
    for said in ["cancel my btc alert and my eth alert above 4000", "取消btc的提醒和eth 4000以上"]:
        asked = await desk.say(said)
        assert codes(asked) == ["ask_alert", "ask_alert"], said
        assert ids["btc_above"] in texts(asked) and ids["eth_above"] in texts(asked), said
        assert ids["eth_below"] not in texts(asked), said
        assert set(desk.alerts.alerts) == set(ids.values())  # nothing deleted unconfirmed
