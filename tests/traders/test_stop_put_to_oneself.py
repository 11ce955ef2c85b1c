"""A question of a trader with an act put to oneself after it ("阿福有没有赚钱，还是我直接停掉算了",
"rex有冇賺錢，定係我直接停咗佢算"): the act is advice asked, the P&L is answered and nothing is stopped.
The message stopped the trader (the question read as a remark beside the stop)."""

from __future__ import annotations

import pytest

from core.traders.model import TraderState
from tests.traders.conftest import OWNER, TraderDesk, text_of


@pytest.mark.parametrize(
    ("name", "text"),
    [("阿福", "阿福有没有赚钱，还是我直接停掉算了"), ("rex", "rex有冇賺錢，定係我直接停咗佢算")],
)
async def test_an_act_put_to_oneself_stops_nothing(desk: TraderDesk, name: str, text: str) -> None:
    await desk.running(name)
    reply = await desk.chat.say(text)
    assert reply.route.skill == "pnl", text_of(reply)
    (trader,) = [t for t in await desk.traders.owned(OWNER) if t.name == name]
    assert trader.state is TraderState.RUNNING
