"""A story told before a clear ask decides nothing: the ask is read, its coin the one the story names
where it names none, and a trade still waits for its confirmation; a story with no ask places
nothing (core.conversation.story, core.conversation.lent_coin)."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.conversation.conftest import Desk, shown


@pytest.mark.parametrize(
    ("text", "coin"),
    [
        ("my brother won't stop talking about eth. buy 20 usdt of it", "ETH"),
        ("手里的sol拿了半年一直横着不动，看着就心累，帮我买100u", "SOL"),
        ("以太坊跌了一大截，好心痛，先买100u吧", "ETH"),
        ("大餅跌咗好多，嚇死我，幫我買100u", "BTC"),
    ],
)
async def test_a_trade_after_a_story_names_its_coin_and_waits_for_yes(
    desk: Desk, text: str, coin: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, (text, reply)
    assert coin in shown(reply), shown(reply)
    assert not desk.orders.orders


@pytest.mark.parametrize(
    "text",
    [
        "手里的sol拿了半年一直横着不动，看着就心累",
        "去年我把eth全卖了，现在有点后悔",
        "i sold all my eth last year at the top, kinda regret it",
        "群組話大餅又跌咗好多，嚇死我",
        "我昨天买了eth，今天全卖了",
    ],
)
async def test_a_story_with_no_ask_places_nothing(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is not Status.AWAITING_CONFIRMATION, (text, reply)
    assert not desk.orders.orders
