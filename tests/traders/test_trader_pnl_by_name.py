"""One of their traders named alone with what it made ("alpha赚了多少钱", "how much did alpha make",
"alpha赚了多少", "小牛这周盈亏如何") is that trader's P&L (the pnl skill, filtered to it); was "I
can't help with that yet", then the trader's status card for "alpha赚了多少". How it is doing ("how
is alpha doing", "alpha运行得怎么样") stays the trader's status card (zh + en)."""

from __future__ import annotations

import pytest

from core.traders.model import NewTrader
from tests.traders.conftest import AUDIT, OWNER, TraderDesk, dca


async def _alpha(desk: TraderDesk) -> None:
    account = await desk.account()
    strategy = await desk.strategy("定投", dca(), default=True)
    await desk.traders.create(
        NewTrader(OWNER, "alpha", account.id, strategy.id, None, False, False, desk.clock.now()), AUDIT
    )


@pytest.mark.parametrize("text", ["alpha赚了多少钱", "how much did alpha make", "alpha賺了多少錢"])
async def test_a_trader_named_alone_gets_its_pnl(desk: TraderDesk, text: str) -> None:
    await _alpha(desk)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("pnl", "report"), reply.route
    assert reply.route.slots.get("trader") == "alpha", reply.route


@pytest.mark.parametrize("text", ["alpha赚了多少", "how much has alpha earned", "alpha 的盈亏如何"])
async def test_what_it_made_said_any_way_is_its_pnl(desk: TraderDesk, text: str) -> None:
    await _alpha(desk)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("pnl", "report"), reply.route
    assert reply.route.slots.get("trader") == "alpha", reply.route


@pytest.mark.parametrize("text", ["how is alpha doing", "alpha运行得怎么样"])
async def test_its_status_question_stays_the_trader_s(desk: TraderDesk, text: str) -> None:
    await _alpha(desk)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "query"), reply.route


@pytest.mark.parametrize(
    "text", ["how much has alpha made this week", "alpha这周赚了多少钱", "alpha這週賺了多少錢"]
)
async def test_with_a_period_too(desk: TraderDesk, text: str) -> None:
    """The period made the message a price question with no coin, so their names were never read
    (was a 7-day price history of no coin)."""
    await _alpha(desk)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("pnl", "report"), reply.route
    assert reply.route.slots.get("trader") == "alpha", reply.route
    assert reply.route.slots.get("period") == "week", reply.route
