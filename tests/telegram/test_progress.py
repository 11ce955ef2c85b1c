"""The core's interim replies ("working…" with a Cancel button) and how the final one replaces them."""

from __future__ import annotations

from core.events import Inbound
from core.ports import ProgressSink
from core.reply import Button, ChartBlock, NoticeBlock, Reply, Status, TextBlock
from tests.telegram.conftest import Harness
from tests.telegram.fakes import message, tiny_png, update

WORKING = Reply(
    Status.NEEDS_INPUT, (NoticeBlock("Working…", code="working"),), "en", buttons=(Button("Cancel", "stop1"),)
)


def with_progress(tg: Harness, final: Reply) -> None:
    async def handle(event: Inbound, progress: ProgressSink | None = None) -> Reply:
        tg.core.events.append(event)
        assert progress is not None
        await progress(WORKING)
        return final

    tg.core.handle = handle


async def test_the_interim_message_becomes_the_final_answer(tg: Harness) -> None:
    with_progress(tg, Reply(Status.COMPLETED, (TextBlock("BTC looks calm today."),), "en"))

    await tg.feed(update(message("tell me a story about btc")))

    [interim] = tg.api.of("sendMessage")
    assert interim.params["text"] == "Working…"
    assert interim.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "dm:stop1"
    [edit] = tg.api.of("editMessageText")
    assert edit.params["text"] == "BTC looks calm today."
    assert "reply_markup" not in edit.params  # the Cancel button is gone


async def test_a_final_answer_with_a_chart_replaces_the_interim_message(tg: Harness) -> None:
    final = Reply(
        Status.COMPLETED, (ChartBlock(tiny_png(), "BTCUSDT", "demo", "chart"), TextBlock("closes")), "en"
    )
    with_progress(tg, final)

    await tg.feed(update(message("chart btc please")))

    endpoints = [c.endpoint for c in tg.api.user_visible]
    assert endpoints == ["sendMessage", "deleteMessage", "sendPhoto"]  # the chart carries the text
    interim_id = 1000  # the recording API numbers messages from 1000
    assert tg.api.of("deleteMessage")[0].params["message_id"] == interim_id
