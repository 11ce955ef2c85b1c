"""An order told unfilled for a while or still pending is a resting order asked about, not a failed
one: with a limit buy resting, "my eth order hasn't been filled for hours" (which went to the order
diagnosis, and crashed there) is answered by why_resting with where the order waits; a failure
told ("why did my order fail", "下单失败了") stays the order diagnosis's."""

from __future__ import annotations

import pytest

from core.reply import NoticeBlock, Status
from tests.conversation.conftest import Desk
from tests.trading.conftest import confirm_button


@pytest.mark.parametrize(
    "text",
    [
        "my eth order hasn't been filled for hours",
        "my sell order at 4000 is still pending",
        "my order hasn't filled yet",
        "我的订单几个小时了还没成交",
    ],
)
async def test_an_order_told_waiting_is_answered_with_where_it_waits(text: str) -> None:
    desk = Desk()
    asked = await desk.chat.say("limit buy 0.1 eth at 2000")
    await desk.chat.press(confirm_button(asked))
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("orders", "why_resting"), reply.route
    assert reply.status is Status.COMPLETED
    (notice,) = [b for b in reply.blocks if isinstance(b, NoticeBlock)]
    assert "42.86%" in notice.text and "2,000.00" in notice.text, notice.text


@pytest.mark.parametrize("text", ["why did my order fail", "my order got rejected", "下单失败了"])
async def test_a_failure_told_stays_the_diagnosis(text: str) -> None:
    desk = Desk()
    asked = await desk.chat.say("limit buy 0.1 eth at 2000")
    await desk.chat.press(confirm_button(asked))
    reply = await desk.chat.say(text)
    assert reply.route.skill == "order_execution_diagnosis", reply.route
