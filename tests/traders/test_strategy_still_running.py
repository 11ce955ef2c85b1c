"""A strategy asked whether it still runs ("我的網格策略還在跑嗎", "is my grid still running") is
answered with the traders running it and their state; another strategy's traders are left out;
none running it, or no such strategy, is said so (zh + en). Was: the strategy's card, or no route."""

from __future__ import annotations

import pytest

from core.traders.model import NewTrader
from tests.traders.conftest import AUDIT, OWNER, TraderDesk, codes, dca, grid, text_of

ASKED = ["我的網格策略還在跑嗎", "我的网格策略还在跑吗", "is my grid still running"]


@pytest.mark.parametrize("text", ASKED)
async def test_the_traders_running_the_strategy_are_shown(desk: TraderDesk, text: str) -> None:
    account = await desk.account()
    mine = await desk.strategy("ETH网格", grid(), default=True)
    other = await desk.strategy("BTC定投", dca())
    for name, chosen in (("alpha", mine), ("gamma", other)):
        await desk.traders.create(
            NewTrader(OWNER, name, account.id, chosen.id, None, False, False, desk.clock.now()), AUDIT
        )
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "query"), text_of(reply)
    assert "alpha" in text_of(reply) and "gamma" not in text_of(reply), text_of(reply)


@pytest.mark.parametrize("text", ASKED)
async def test_no_trader_on_the_strategy_is_said(desk: TraderDesk, text: str) -> None:
    account = await desk.account()
    await desk.strategy("ETH网格", grid(), default=True)
    other = await desk.strategy("BTC定投", dca())
    await desk.traders.create(
        NewTrader(OWNER, "gamma", account.id, other.id, None, False, False, desk.clock.now()), AUDIT
    )
    reply = await desk.chat.say(text)
    assert "none_running" in codes(reply), text_of(reply)
    assert "ETH网格" in text_of(reply) and "gamma" not in text_of(reply), text_of(reply)
