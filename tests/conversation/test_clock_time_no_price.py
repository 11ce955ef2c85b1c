"""A time of day said with o'clock is no price: "at 10 o'clock sell 0.5 sol" offered a limit sell at 10
(the hour read as the limit price); deskmate keeps no order for a set time, so the sale is refused
saying why, nothing placed. "sell 0.5 sol at 10" is still a limit at 10."""

from __future__ import annotations

from core.reply import Status
from tests.conversation.conftest import Desk, codes


async def test_an_order_at_a_clock_time_is_refused_never_a_limit_at_the_hour(desk: Desk) -> None:
    reply = await desk.chat.say("at 10 o'clock sell 0.5 sol")
    assert reply.route.slots.get("limit_price") is None, reply.route
    assert reply.status is Status.FAILED and "later" in codes(reply), reply
    assert not desk.orders.orders
