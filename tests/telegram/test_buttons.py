"""Inline buttons: the initiator, someone else, a double press, an expired button."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from core.events import ButtonPress
from tests.telegram.conftest import Harness
from tests.telegram.fakes import GROUP, callback, message, update, user

ALICE = user(42)
BOB = user(43, name="Bob")


async def ask_confirmation(tg: Harness, chat: dict[str, Any] = GROUP) -> tuple[dict[str, Any], str, str]:
    """Alice asks for something risky; returns the bot's message carrying Confirm / Cancel."""
    text = "delete agent alpha" if chat["type"] == "private" else "@DeskmateTestBot delete agent alpha"
    await tg.feed(update(message(text, chat=chat, sender=ALICE)))
    [sent] = tg.api.of("sendMessage")
    rows = sent.params["reply_markup"]["inline_keyboard"]
    confirm, cancel = (b["callback_data"] for row in rows for b in row)
    carrier: dict[str, Any] = {
        "message_id": 900,
        "date": 0,
        "chat": chat,
        "from": {"id": 123456, "is_bot": True, "first_name": "Deskmate"},
        "text": "Delete agent “alpha”? This cannot be undone.",
        "reply_markup": sent.params["reply_markup"],
    }
    tg.api.calls.clear()
    return carrier, confirm, cancel


async def test_press_by_the_initiator_edits_the_message_to_the_outcome(tg: Harness) -> None:
    carrier, confirm, _ = await ask_confirmation(tg)

    await tg.feed(callback(confirm, carrier=carrier, presser=ALICE))

    press = tg.core.events[-1]
    assert isinstance(press, ButtonPress)
    assert press.token == confirm.removeprefix("dm:")
    assert press.key.user_id == "42"
    [answer] = tg.api.of("answerCallbackQuery")
    assert not answer.params.get("show_alert")
    [edit] = tg.api.of("editMessageText")
    assert edit.params["message_id"] == 900
    assert edit.params["text"] == "Agent “alpha” deleted."
    assert "reply_markup" not in edit.params  # the keyboard is gone
    assert tg.api.of("sendMessage") == []
    assert tg.api.calls[0].endpoint == "answerCallbackQuery"  # answered before anything else


async def test_press_by_someone_else_alerts_and_changes_nothing(tg: Harness) -> None:
    carrier, confirm, _ = await ask_confirmation(tg)

    await tg.feed(callback(confirm, carrier=carrier, presser=BOB))

    [answer] = tg.api.of("answerCallbackQuery")
    assert answer.params["show_alert"] is True
    assert answer.params["text"] == "This button is not for you."
    assert [c.endpoint for c in tg.api.calls] == ["answerCallbackQuery"]  # no edit, no message

    # ... and Alice can still use it
    await tg.feed(callback(confirm, carrier=carrier, presser=ALICE))
    assert tg.api.of("editMessageText")[0].params["text"] == "Agent “alpha” deleted."


async def test_second_press_says_used_and_removes_the_keyboard(tg: Harness) -> None:
    carrier, confirm, cancel = await ask_confirmation(tg)
    await tg.feed(callback(confirm, carrier=carrier, presser=ALICE))
    tg.api.calls.clear()

    await tg.feed(callback(cancel, carrier=carrier, presser=ALICE))  # the other button of the pair

    [answer] = tg.api.of("answerCallbackQuery")
    assert answer.params["text"] == "Already done."
    assert not answer.params.get("show_alert")
    [removal] = tg.api.of("editMessageReplyMarkup")
    assert removal.params["message_id"] == 900
    assert "reply_markup" not in removal.params
    assert tg.api.of("editMessageText") == []


async def test_press_after_expiry_says_so_and_removes_the_keyboard(tg: Harness) -> None:
    carrier, confirm, _ = await ask_confirmation(tg)
    tg.core.now += timedelta(minutes=6)

    await tg.feed(callback(confirm, carrier=carrier, presser=ALICE))

    [answer] = tg.api.of("answerCallbackQuery")
    assert answer.params["text"] == "This button has expired."
    [removal] = tg.api.of("editMessageReplyMarkup")
    assert "reply_markup" not in removal.params
    assert tg.api.of("editMessageText") == []


async def test_private_chat_buttons_work_too(tg: Harness) -> None:
    carrier, _, cancel = await ask_confirmation(tg, chat={"id": 42, "type": "private"})

    await tg.feed(callback(cancel, carrier=carrier, presser=ALICE))

    assert tg.api.of("editMessageText")[0].params["text"] == "Kept agent “alpha”."


async def test_foreign_callback_data_is_answered_and_ignored(tg: Harness) -> None:
    carrier, _, _ = await ask_confirmation(tg)
    events_before = len(tg.core.events)

    await tg.feed(callback("something-else", carrier=carrier, presser=ALICE))

    assert len(tg.core.events) == events_before
    assert [c.endpoint for c in tg.api.calls] == ["answerCallbackQuery"]


async def test_slow_decision_is_answered_before_the_core_finishes(tg: Harness) -> None:
    carrier, confirm, _ = await ask_confirmation(tg)
    tg.core.delay = 1.4

    await tg.feed(callback(confirm, carrier=carrier, presser=ALICE))

    answer, edit = tg.api.of("answerCallbackQuery")[0], tg.api.of("editMessageText")[0]
    # The spinner stopped while the action still ran: before the core's slow part ended, however
    # busy the machine (a bound measured from the press failed once at load 12).
    assert tg.core.delayed_until is not None and answer.at < tg.core.delayed_until
    assert edit.at > answer.at
    assert edit.params["text"] == "Agent “alpha” deleted."
