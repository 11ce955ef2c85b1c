"""An order asked with a fee to be watched after it ("buy 0.01 btc and alert me when fees drop"): an
alert watches a coin's price, never a fee, so the order is what is asked and no alert is set.
Before, the whole read as BTC's price alert (its level asked) and the buy was dropped; "buy 50u of
eth and alert me when gas fees drop" set ETH's alert at 50."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.trading.conftest import make_trade_desk, notices, open_account


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        ("buy 0.01 btc and alert me when fees drop", "BTCUSDT"),
        ("buy 50u of eth and alert me when gas fees drop", "ETHUSDT"),
        ("买0.01个btc，手续费降了提醒我", "BTCUSDT"),
    ],
)
async def test_the_order_is_offered_and_no_alert_set(text: str, symbol: str) -> None:
    desk = make_trade_desk()
    await open_account(desk, "练手", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, notices(reply)
    told = notices(reply)
    assert symbol.removesuffix("USDT") in told and "alert" not in told.lower() and "提醒" not in told
    assert desk.orders.orders == {}
