"""An update that says an interval and an amount in one new value ("把我的定投改成每天50u", "change
my dca to 50 usdt per week") changed the interval and dropped the amount unsaid: the strategy kept
buying its old amount. One field changes at a time; such a value is refused, quoting it, and
nothing changes (session 40; zh + en)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from core.strategies import DcaParams, Interval
from tests.strategies.desk import OWNER, StrategyDesk, strategy_desk
from tests.workspace.conftest import text_of


@pytest.fixture
def desk() -> StrategyDesk:
    return strategy_desk()


@pytest.mark.parametrize(
    ("said", "quoted"),
    [
        ("把我的定投改成每天50u", "「每天50u」一次改了不止一项"),
        ("change my dca to 50 usdt per week", "“50 usdt per week” changes more"),
    ],
)
async def test_an_interval_and_an_amount_in_one_update_are_refused(
    desk: StrategyDesk, said: str, quoted: str
) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买100U")
    reply = await desk.chat.say(said)
    assert reply.route.action == "update" and quoted in text_of(reply), text_of(reply)
    (s,) = await desk.strategies.owned(OWNER)
    assert s.params == DcaParams("BTCUSDT", D(100), Interval.of("1d"))


async def test_one_change_is_still_made(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买100U")
    await desk.chat.say("把我的定投改成每周")
    (s,) = await desk.strategies.owned(OWNER)
    assert s.params == DcaParams("BTCUSDT", D(100), Interval.of("1w"))
