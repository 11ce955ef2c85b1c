"""Flood control: RetryAfter waited out, network errors retried, BadRequest never retried."""

from __future__ import annotations

import pytest
from telegram.error import BadRequest, TimedOut

from tests.telegram.conftest import Harness
from tests.telegram.fakes import http_error, message, update


async def test_retry_after_is_waited_out(tg: Harness) -> None:
    tg.api.fail_next("sendMessage", http_error(429, "Too Many Requests: retry after 1", retry_after=1))

    await tg.feed(update(message("/price btc")))

    first, second = tg.api.of("sendMessage")
    assert second.at - first.at >= 1.0  # waited as Telegram asked
    assert first.params == second.params
    assert len(tg.api.sent_texts) == 2 and "67,123.45" in second.params["text"]
    assert "Something went wrong" not in second.params["text"]


async def test_bad_request_is_not_retried(tg: Harness) -> None:
    tg.api.fail_next("sendMessage", http_error(400, "Bad Request: chat not found"))

    with pytest.raises(BadRequest, match=r"(?i)chat not found"):
        await tg.app.bot.send_message(42, "hello")

    assert len(tg.api.of("sendMessage")) == 1


async def test_bad_request_during_a_turn_is_not_repeated(tg: Harness) -> None:
    tg.api.fail_next("sendMessage", http_error(400, "Bad Request: message thread not found"))

    await tg.feed(update(message("/price btc")))

    quotes = [t for t in tg.api.sent_texts if "67,123.45" in t]
    assert len(quotes) == 1  # tried once; then only the short error answer
    assert tg.api.sent_texts[-1] == "Something went wrong on my side. Please try again in a moment."


async def test_network_errors_are_retried(tg: Harness) -> None:
    tg.api.fail_next("sendMessage", http_error(502, "Bad Gateway"))

    sent = await tg.app.bot.send_message(42, "hello")

    assert sent.text == "hello"
    assert len(tg.api.of("sendMessage")) == 2


async def test_a_timed_out_send_is_not_repeated_but_an_edit_is(tg: Harness) -> None:
    tg.api.fail_next("sendMessage", TimedOut())
    tg.api.fail_next("editMessageText", TimedOut())

    with pytest.raises(TimedOut):
        await tg.app.bot.send_message(42, "hello")  # may have arrived: never send twice
    await tg.app.bot.edit_message_text("hello again", chat_id=42, message_id=5)

    assert len(tg.api.of("sendMessage")) == 1
    assert len(tg.api.of("editMessageText")) == 2
