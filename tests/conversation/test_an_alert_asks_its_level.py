"""An alert asked for with its coin alone ("add an alert for btc", "给btc加个提醒"): what to watch is
asked, nothing is set, and the answer ("above 100000", "跌破8万", "5% in 24h") sets it. Was: the
condition asked as a failure, and the answer read as a message of its own ("above 100000": a "did you
mean"), so nothing was ever set from it. Another request typed instead is read as itself, no alert."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.conversation.conftest import Desk, codes, shown


@pytest.mark.parametrize(
    ("text", "answer", "said"),
    [
        ("add an alert for btc", "above 100000", "above 100,000.00"),
        ("add an alert for btc", "100k", "above 100,000.00"),
        ("set a btc alert", "5% in 24h", "5% in 24 hours"),
        ("给btc加个提醒", "跌破8万", "跌破 80,000.00"),
    ],
)
async def test_the_level_is_asked_then_set(desk: Desk, text: str, answer: str, said: str) -> None:
    asked = await desk.chat.say(text)
    assert asked.route is not None and (asked.route.skill, asked.route.action) == ("price_alert", "create")
    assert asked.status is Status.NEEDS_INPUT, shown(asked)
    assert codes(asked) == ["alert_ask_level"], shown(asked)
    assert "BTC" in shown(asked), shown(asked)
    set_ = await desk.chat.say(answer)
    assert "alert_created" in codes(set_), shown(set_)
    assert "BTC" in shown(set_) and said in shown(set_), shown(set_)


async def test_nothing_is_set_until_told(desk: Desk) -> None:
    await desk.chat.say("add an alert for btc")
    other = await desk.chat.say("what's the price of eth")
    assert other.route is not None and other.route.skill == "price", other
    listed = await desk.chat.say("show my alerts")
    assert codes(listed) == ["no_alerts"], shown(listed)
