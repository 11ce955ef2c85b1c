"""A take-profit said on a percent of a coin held ("take profit on 30% of my sol", "止盈30%的sol")
sells that share, as "take profit on half of my eth" does; before, the percent was read as a
take-profit set 30% over the entry and refused. A percent said as the level ("take profit at 30% on
my sol") is still that refusal."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.trading.conftest import confirm_button, make_trade_desk


@pytest.mark.parametrize("text", ["take profit on 30% of my sol", "止盈30%的sol"])
async def test_a_take_profit_on_a_percent_of_a_coin_sells_that_share(text: str) -> None:
    desk = make_trade_desk()
    bought = await desk.chat.say("buy 1 SOL")
    await desk.chat.press(confirm_button(bought))
    summary = await desk.chat.say(text)
    assert (summary.route.skill, summary.route.action) == ("trade_execution", "sell")
    assert summary.route.slots["amount"] == "fraction:0.3"
    assert summary.status is Status.AWAITING_CONFIRMATION


@pytest.mark.parametrize("text", ["take profit at 30% on my sol", "sol止盈 30%"])
async def test_a_percent_said_as_the_level_is_still_refused(text: str) -> None:
    reply = await make_trade_desk().chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("orders", "protect")
    assert reply.status is not Status.AWAITING_CONFIRMATION
