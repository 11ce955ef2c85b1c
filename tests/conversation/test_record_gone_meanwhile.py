"""A record a waiting task reads is deleted from another chat (or process) before the task goes
on: the task says the record is gone and does nothing; it never fails the turn. A buy waiting
for its confirmation once raised NotFound out of the engine when its account had been deleted:
at the press (its large-order check read the account), at a typed "yes", and when any other
message brought the conversation back to it."""

from __future__ import annotations

from core.events import ConversationKey
from core.reply import Status
from tests.conversation.conftest import Desk, codes, shown
from tests.workspace.conftest import Chat


async def _buy_waiting_on_a_deleted_account(desk: Desk) -> tuple[Chat, list[str]]:
    await desk.chat.say("create a paper account called p1 with 10000 usdt")
    asked = await desk.chat.say("buy 100 usdt of btc")
    assert asked.status is Status.AWAITING_CONFIRMATION
    other = Chat(desk.chat.core, ConversationKey("console", "chat-2", desk.chat.key.user_id))
    delete = await other.say("delete exchange account p1")
    assert codes(await other.press(delete.buttons[0])) == ["account_deleted"]
    return desk.chat, [b.token for b in asked.buttons]


async def test_pressing_confirm_after_the_account_is_deleted_says_so_and_buys_nothing(desk: Desk) -> None:
    chat, buttons = await _buy_waiting_on_a_deleted_account(desk)
    pressed = await chat.press(buttons[0])
    assert pressed.status is Status.FAILED and codes(pressed) == ["not_found"]
    assert "no longer exists" in shown(pressed)
    assert await desk.orders.recent_orders("1", 10) == []


async def test_a_typed_yes_after_the_account_is_deleted_says_so(desk: Desk) -> None:
    chat, _ = await _buy_waiting_on_a_deleted_account(desk)
    typed = await chat.say("yes")
    assert typed.status is Status.FAILED and codes(typed) == ["not_found"]


async def test_another_message_meanwhile_is_answered_and_the_buy_said_gone(desk: Desk) -> None:
    chat, _ = await _buy_waiting_on_a_deleted_account(desk)
    reply = await chat.say("what is a testnet")
    assert codes(reply)[0] == "glossary" and "not_found" in codes(reply)
    assert codes(await chat.say("yes")) == ["nothing_to_confirm"]
