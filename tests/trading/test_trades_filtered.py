"""The coin said is a filter of the trades view: "how much did i buy eth" / "我买了多少eth" show
ETH's trades, not the whole history; "i spent 200 on sol yesterday" / "我昨天在sol上花了200" is a
question about their SOL trades of yesterday, never SOL's price history (both misread before
session 40)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.reply import TradesBlock
from tests.trading.conftest import TradeDesk, confirm_button


async def _bought(desk: TradeDesk, *texts: str) -> None:
    for text in texts:
        summary = await desk.chat.say(text)
        await desk.chat.press(confirm_button(summary))


@pytest.mark.parametrize("text", ["how much did i buy eth", "我买了多少eth"])
async def test_the_coin_said_filters_the_trades(desk: TradeDesk, text: str) -> None:
    await _bought(desk, "buy 1 SOL", "buy 0.1 ETH")
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action, reply.route.slots.get("symbol")) == (
        "account_query",
        "trades",
        "ETHUSDT",
    )
    table = reply.blocks[-1]
    assert isinstance(table, TradesBlock)
    assert [(i.symbol, i.quantity) for i in table.items] == [("ETHUSDT", Decimal("0.1"))]


@pytest.mark.parametrize("text", ["i spent 200 on sol yesterday", "我昨天在sol上花了200"])
async def test_spending_told_of_is_a_question_about_the_trades(desk: TradeDesk, text: str) -> None:
    await _bought(desk, "buy 1 SOL")
    reply = await desk.chat.say(text)
    route = reply.route
    assert (route.skill, route.action) == ("account_query", "trades")
    assert (route.slots.get("symbol"), route.slots.get("day")) == ("SOLUSDT", "yesterday")
    table = reply.blocks[-1]
    assert isinstance(table, TradesBlock) and table.items == ()  # bought today, none yesterday
