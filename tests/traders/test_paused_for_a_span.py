"""A trader paused for a span of time ("暂停阿强半天", "pause rex for half a day"): deskmate keeps no
resume for later, so the stop is refused saying why, nothing stopped. "暂停阿强半天" read nothing
(阿强 glued to 半天, no word the tagger knew, was taken for part of a longer name) and "pause rex for
half a day" stopped rex for good (half a day no span)."""

from __future__ import annotations

import pytest

from core.reply import Status
from core.traders.model import TraderState
from tests.traders.conftest import OWNER, TraderDesk, codes, text_of


@pytest.mark.parametrize(
    ("name", "text"),
    [("阿强", "暂停阿强半天"), ("阿强", "把阿强停半个小时"), ("rex", "pause rex for half a day")],
)
async def test_a_pause_for_a_span_is_refused_and_nothing_stopped(
    desk: TraderDesk, name: str, text: str
) -> None:
    await desk.running(name)
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == ("trader_management", "stop"), text_of(reply)
    assert reply.status is Status.FAILED and "later" in codes(reply), text_of(reply)
    (trader,) = [t for t in await desk.traders.owned(OWNER) if t.name == name]
    assert trader.state is TraderState.RUNNING
