"""What is kept is never the amount sold: '把eth卖到只剩1个' (sell ETH down to 1 left) and '卖掉eth只留
0.5个' offered selling 1 and 0.5 ETH, 'sell eth but keep 0.5' / 'keep 0.5 eth and sell the rest' 0.5 ETH:
the opposite of what was asked. The amount is refused, saying it is what is kept, and nothing is
offered."""

from __future__ import annotations

from core.reply import Status
from tests.conversation.conftest import Desk, shown


async def test_an_amount_kept_is_refused_not_sold(desk: Desk) -> None:
    for text, typed in (("把eth卖到只剩1个", "卖到只剩1个"), ("sell eth but keep 0.5", "but keep 0.5")):
        reply = await desk.chat.say(text)
        assert reply.status is not Status.AWAITING_CONFIRMATION, reply
        assert typed in shown(reply) and not desk.orders.orders
        assert ("留下" in shown(reply)) or ("what you keep" in shown(reply))
