"""The order diagnosis asked about an order that did not fill but did not fail either: a resting
limit order is answered with where it waits (its price against the book now, how far it still
has to move), a cancelled one with how it ended, never with a failure cause, and neither is
checked against the market-order filters or the balance (its funds are locked). Before, the
diagnosis took any order not filled as "the failed order" and crashed on a resting one (KeyError
'dx.status.open')."""

from __future__ import annotations

import pytest

from core.reply import DiagnosisBlock, Reply, Status
from tests.conversation.conftest import Desk
from tests.trading.conftest import confirm_button


def diagnosis(reply: Reply) -> DiagnosisBlock:
    assert reply.route.skill == "order_execution_diagnosis" and reply.status is Status.COMPLETED, reply
    (block,) = [b for b in reply.blocks if isinstance(b, DiagnosisBlock)]
    return block


async def resting_eth_buy(desk: Desk) -> None:
    asked = await desk.chat.say("limit buy 0.1 eth at 2000")
    await desk.chat.press(confirm_button(asked))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("why did my eth order fail", ("has not failed", "3,500.00", "42.86%", "2,000.00")),
        ("为什么我的eth订单失败了", ("没有失败", "3,500.00", "42.86%", "2,000.00")),
    ],
)
async def test_a_resting_order_is_answered_with_where_it_waits(text: str, words: tuple[str, ...]) -> None:
    desk = Desk()
    await resting_eth_buy(desk)
    block = diagnosis(await desk.chat.say(text))
    assert block.cause_code == "order_resting"
    assert {c.name: c.outcome for c in block.checks} == {"order": "ok", "resting": "ok"}
    said = " ".join((block.happened, block.cause, *(c.detail for c in block.checks)))
    for word in words:
        assert word in said, said


async def test_a_cancelled_order_is_answered_with_how_it_ended() -> None:
    desk = Desk()
    await resting_eth_buy(desk)
    asked = await desk.chat.say("cancel my eth limit buy at 2000")
    await desk.chat.press(confirm_button(asked))
    block = diagnosis(await desk.chat.say("why did my eth order fail"))
    assert block.cause_code == "order_cancelled"
    assert [c.name for c in block.checks] == ["order"]
    assert "cancelled" in block.happened and "did not fail" in block.cause
