"""One of their traders named alone with "how much" ("alpha赚了多少钱", "how much did alpha make") is
that trader's P&L (the pnl skill, filtered to it); was "I can't help with that yet". "alpha赚了多少"
stays the trader's status card, as before (zh + en)."""

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


async def test_its_status_question_stays_the_trader_s(desk: TraderDesk) -> None:
    await _alpha(desk)
    reply = await desk.chat.say("alpha赚了多少")
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
