"""A trade on another coin's price ("if btc hits 100k sell my eth") is refused whole: the task
ends saying why and suggesting an alert, nothing asked (no coin, no amount), nothing placed, no
account opened for it; the next message is read on its own."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.conversation.conftest import Desk, codes, shown


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("if btc hits 100k sell my eth", "set an alert"),
        ("如果btc到10万就卖掉我的eth", "设个提醒"),
    ],
)
async def test_a_cross_coin_trade_ends_without_a_question(desk: Desk, text: str, said: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED and codes(reply) == ["cross_coin"], (codes(reply), reply)
    assert said in shown(reply) and "?" not in shown(reply) and "？" not in shown(reply)
    after = await desk.chat.say("btc")  # no question open: the coin alone is its price
    assert after.status is Status.COMPLETED, after
    assert not desk.orders.orders
