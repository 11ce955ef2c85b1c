"""A trade put to a move with no level ("buy 100u of doge when it drops", "等btc回调再买50u") is held:
the reply says why in the person's language, names the coin and asks its price (a limit order or
an alert), nothing placed, no confirmation offered, and the next message is read on its own."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.conversation.conftest import Desk, codes, shown


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("buy 100u of doge when it drops", ["won't buy DOGE now", "Tell me the price", "limit order"]),
        ("buy eth on the next dip", ["won't buy ETH now", "Tell me the price"]),
        ("sell my sol when it pumps", ["won't sell SOL now", "Tell me the price"]),
        ("等btc回调再买50u", ["不会现在就买 BTC", "告诉我价格", "限价单"]),
        ("逢低买入eth", ["不会现在就买 ETH", "告诉我价格"]),
        ("涨上去了再卖sol", ["不会现在就卖 SOL", "告诉我价格"]),
        ("跌落嚟先買100u狗狗幣", ["不會現在就買 DOGE", "告訴我價格"]),
        ("buy 0.05 eth if it dips", ["won't buy ETH now", "Tell me the price"]),
        ("if btc dips, buy 0.1 btc", ["won't buy BTC now", "Tell me the price"]),
        ("sell my sol if it pumps", ["won't sell SOL now", "Tell me the price"]),
        ("如果eth跌了就买0.05个", ["不会现在就买 ETH", "告诉我价格"]),
        ("如果sol漲咗就賣", ["不會現在就賣 SOL", "告訴我價格"]),
        # no coin said: asked with the price (was: the generic "I can't help with that yet")
        ("buy when it drops", ["won't buy now", "no coin and no price", "Tell me the coin and the price"]),
        ("sell when it pumps", ["won't sell now", "Tell me the coin and the price"]),
        ("等回调再买", ["不会现在就买", "没说买哪个币", "告诉我币和价格"]),
        ("逢低買入", ["不會現在就買", "告訴我幣和價格"]),
    ],
)
async def test_a_trade_held_for_a_move_says_why_and_asks_the_price(
    desk: Desk, text: str, said: list[str]
) -> None:
    reply = await desk.chat.say(text)
    held = "held_buy" if ("buy" in text or "买" in text or "買" in text) else "held_sell"
    assert reply.status is Status.FAILED and codes(reply) == [held], (codes(reply), reply)
    assert all(s in shown(reply) for s in said), shown(reply)
    assert reply.status is not Status.AWAITING_CONFIRMATION and "?" not in shown(reply)
    assert not desk.orders.orders
    after = await desk.chat.say("btc")  # no question open: the coin alone is its price
    assert after.status is Status.COMPLETED, after
    assert not desk.orders.orders


@pytest.mark.parametrize("text", ["what if i buy 1 eth", "if i had bought btc in 2015"])
async def test_a_supposed_trade_asks_nothing_and_is_no_held_trade(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert "held_buy" not in codes(reply) and "held_sell" not in codes(reply), (codes(reply), reply)
    assert reply.status is not Status.AWAITING_CONFIRMATION
    assert not desk.orders.orders
