"""Telegram tells the core who administers a group (getChatAdministrators, once per group for
ten minutes): messages and button presses in groups carry it; private chats do not ask; a
failed lookup says "unknown"."""

from __future__ import annotations

from typing import Any

from core.events import ButtonPress, TextMessage
from tests.telegram.conftest import Harness
from tests.telegram.fakes import GROUP, callback, http_error, message, update, user

ALICE = user(42)
BOB = user(43, name="Bob")


async def test_group_messages_carry_the_writers_admin_status_looked_up_once(tg: Harness) -> None:
    tg.api.admins[GROUP["id"]] = [42]

    await tg.feed(update(message("/price btc", chat=GROUP, sender=ALICE)))
    await tg.feed(update(message("/price eth", chat=GROUP, sender=BOB)))
    await tg.feed(update(message("/price sol")))  # private: nothing to ask

    alice, bob, private = tg.core.events
    assert (alice.actor_admin, bob.actor_admin, private.actor_admin) == (True, False, None)
    [lookup] = tg.api.of("getChatAdministrators")  # kept for both messages
    assert lookup.params["chat_id"] == GROUP["id"]


async def test_a_failed_lookup_is_unknown(tg: Harness) -> None:
    tg.api.fail_next("getChatAdministrators", http_error(400, "Bad Request: chat not found"))
    await tg.feed(update(message("@DeskmateTestBot alert me when BTC goes below 80000", chat=GROUP)))
    [event] = tg.core.events
    assert isinstance(event, TextMessage) and event.actor_admin is None


async def test_a_button_press_in_a_group_carries_the_pressers_status(tg: Harness) -> None:
    tg.api.admins[GROUP["id"]] = [43]
    await tg.feed(update(message("@DeskmateTestBot delete agent alpha", chat=GROUP, sender=ALICE)))
    [sent] = tg.api.of("sendMessage")
    rows = sent.params["reply_markup"]["inline_keyboard"]
    confirm = rows[0][0]["callback_data"]
    carrier: dict[str, Any] = {
        "message_id": 900,
        "date": 0,
        "chat": GROUP,
        "from": {"id": 123456, "is_bot": True, "first_name": "Deskmate"},
        "text": "Delete?",
        "reply_markup": sent.params["reply_markup"],
    }
    await tg.feed(callback(confirm, carrier=carrier, presser=BOB))
    press = tg.core.events[-1]
    assert isinstance(press, ButtonPress) and press.actor_admin is True


# Telegram's own accounts for messages sent on behalf of a chat (as the Bot API shows them).
ANONYMOUS_ADMIN = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}
OTHER_CHANNEL = {"id": -100999, "type": "channel", "title": "Someone's channel"}


async def test_an_anonymous_admin_is_an_admin_without_a_lookup(tg: Harness) -> None:
    text = "@DeskmateTestBot alert me when BTC goes below 80000"
    await tg.feed(update(message(text, chat=GROUP, sender=ANONYMOUS_ADMIN, sender_chat=GROUP)))
    [event] = tg.core.events
    assert isinstance(event, TextMessage) and event.actor_admin is True
    assert event.text == "alert me when BTC goes below 80000"
    assert tg.api.of("getChatAdministrators") == []  # only an admin can write as the group


async def test_a_message_sent_as_another_chat_is_not_an_admins(tg: Harness) -> None:
    text = "@DeskmateTestBot alert me when BTC goes below 80000"
    await tg.feed(update(message(text, chat=GROUP, sender=CHANNEL_BOT, sender_chat=OTHER_CHANNEL)))
    assert tg.core.events == []  # a bot account speaking for some other chat: not a person here
