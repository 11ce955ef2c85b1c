"""Messages nobody asked for, on Telegram: through the real Application's bot (flood control
included) on the recording Bot API, with the core's pausing and delivery log around it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from telegram.error import TimedOut

from adapters.telegram.outbound import TelegramOutbound
from core.clock import FixedClock
from core.outbound import DeliveryResult, DeliveryStatus, Destination, PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.reply import ChartBlock, NoticeBlock, Reply, Status, TextBlock
from tests.telegram.conftest import Harness, start_harness
from tests.telegram.fakes import (
    BOT_USERNAME,
    NOW,
    RecordingRequest,
    ScriptedCore,
    history,
    http_error,
    quote,
    tiny_png,
)

ALICE = Destination.direct("telegram", "42")
ALERT = Reply(Status.COMPLETED, (NoticeBlock("BTC crossed 70,000 USDT", code="alert"), quote()), "en")


@dataclass
class Outbox:
    out: RecordedOutbound
    log: MemoryDeliveryLog
    api: RecordingRequest

    async def send(
        self, destination: Destination = ALICE, reply: Reply = ALERT, kind: str = "alert"
    ) -> DeliveryResult:
        return await self.out.send(destination, reply, kind=kind, job_id="job-7")


@pytest.fixture
async def tg_out() -> AsyncIterator[Outbox]:
    harness: Harness = await start_harness(ScriptedCore())
    router = PlatformRouter()
    router.attach("telegram", TelegramOutbound(harness.app.bot))
    log = MemoryDeliveryLog()
    yield Outbox(RecordedOutbound(router, log, FixedClock(NOW)), log, harness.api)
    await harness.app.shutdown()


async def test_an_alert_is_rendered_like_an_answer_and_sent_to_the_person(tg_out: Outbox) -> None:
    result = await tg_out.send()

    assert result.ok
    [call] = tg_out.api.of("sendMessage")
    assert call.params["chat_id"] == 42
    assert call.params["parse_mode"] == "HTML"
    assert "BTC crossed 70,000 USDT" in call.params["text"] and "<b>BTC/USDT</b>" in call.params["text"]
    assert "reply_parameters" not in call.params  # nothing to quote: nobody just wrote
    [record] = tg_out.log.records
    assert (record.destination, record.kind, record.status, record.job_id) == (
        ALICE,
        "alert",
        "sent",
        "job-7",
    )


async def test_a_chart_goes_as_one_photo_with_the_text_as_its_caption(tg_out: Outbox) -> None:
    reply = Reply(Status.COMPLETED, (history(), ChartBlock(tiny_png(), "BTCUSDT", "demo", "BTC chart")), "en")
    assert (await tg_out.send(reply=reply, kind="report")).ok
    [photo] = tg_out.api.user_visible
    assert photo.endpoint == "sendPhoto"
    assert "BTC/USDT" in photo.params["caption"]  # the same single message an answer is


@pytest.mark.parametrize(
    ("status", "description", "code"),
    [
        (403, "Forbidden: bot was blocked by the user", "bot_blocked"),
        (403, "Forbidden: user is deactivated", "user_deactivated"),
        (400, "Bad Request: chat not found", "chat_not_found"),
        (403, "Forbidden: bot was kicked from the supergroup chat", "bot_kicked"),
    ],
)
async def test_an_unreachable_destination_is_recorded_blocked_and_paused_not_retried(
    tg_out: Outbox, status: int, description: str, code: str
) -> None:
    tg_out.api.fail_next("sendMessage", http_error(status, description))

    first = await tg_out.send()
    second = await tg_out.send(kind="fill")

    assert (first.status, first.error_code) == (DeliveryStatus.BLOCKED, code)
    assert (second.status, second.error_code) == (DeliveryStatus.PAUSED, code)
    assert len(tg_out.api.of("sendMessage")) == 1  # tried once, then skipped
    paused = await tg_out.log.paused(ALICE)
    assert paused is not None and paused.reason == code
    assert [(r.kind, r.status) for r in await tg_out.log.undelivered(ALICE, NOW)] == [
        ("alert", "blocked"),
        ("fill", "paused"),
    ]

    assert await tg_out.log.resume(ALICE)  # they wrote again
    assert (await tg_out.send()).ok


async def test_a_retry_after_is_waited_out_by_flood_control(tg_out: Outbox) -> None:
    tg_out.api.fail_next("sendMessage", http_error(429, "Too Many Requests: retry after 1", retry_after=1))

    result = await tg_out.send()

    assert result.ok
    first, second = tg_out.api.of("sendMessage")
    assert second.at - first.at >= 1.0
    assert [r.status for r in tg_out.log.records] == ["sent"]


async def test_a_flood_wait_too_long_to_hold_is_a_retryable_failure_not_a_pause(tg_out: Outbox) -> None:
    tg_out.api.fail_next(
        "sendMessage", http_error(429, "Too Many Requests: retry after 600", retry_after=600)
    )

    result = await tg_out.send()

    assert (result.status, result.error_code, result.retryable) == (
        DeliveryStatus.FAILED,
        "rate_limited",
        True,
    )
    assert await tg_out.log.paused(ALICE) is None


async def test_a_server_error_that_outlasts_flood_control_is_a_retryable_failure(tg_out: Outbox) -> None:
    tg_out.api.fail_next("sendMessage", *[http_error(502, "Bad Gateway")] * 3)

    result = await tg_out.send()

    assert (result.status, result.error_code, result.retryable) == (
        DeliveryStatus.FAILED,
        "network_error",
        True,
    )
    assert len(tg_out.api.of("sendMessage")) == 3  # flood control's own retries, then the job layer's turn
    assert await tg_out.log.paused(ALICE) is None


async def test_a_timed_out_send_may_have_arrived_so_it_is_not_retried(tg_out: Outbox) -> None:
    tg_out.api.fail_next("sendMessage", TimedOut())
    result = await tg_out.send()
    assert (result.status, result.error_code, result.retryable) == (DeliveryStatus.FAILED, "timed_out", False)


async def test_a_personal_notice_for_someone_in_a_group_goes_to_their_private_chat(tg_out: Outbox) -> None:
    in_group = Destination("telegram", chat_id="-100777", user_id="42")
    personal = Reply(Status.COMPLETED, (TextBlock("Your order filled: 0.1 BTC"),), "en", audience="private")

    assert (await tg_out.send(in_group, personal, kind="fill")).ok
    [call] = tg_out.api.of("sendMessage")
    assert call.params["chat_id"] == 42 and "0.1 BTC" in call.params["text"]


async def test_a_personal_notice_to_a_whole_group_shows_no_personal_data(tg_out: Outbox) -> None:
    group = Destination.chat("telegram", "-100777", "5")
    personal = Reply(Status.COMPLETED, (TextBlock("Balance: 12.5 USDT"),), "en", audience="private")

    assert (await tg_out.send(group, personal, kind="fill")).ok
    [call] = tg_out.api.of("sendMessage")
    assert call.params["chat_id"] == -100777 and call.params["message_thread_id"] == 5
    assert "12.5" not in call.params["text"]
    assert f"t.me/{BOT_USERNAME}?start=" in str(call.params["reply_markup"])  # the way to the DM


async def test_a_group_that_became_a_supergroup_gets_the_notice_at_its_new_id(tg_out: Outbox) -> None:
    tg_out.api.fail_next(
        "sendMessage",
        http_error(
            400, "Bad Request: group chat was upgraded to a supergroup chat", migrate_to_chat_id=-100999
        ),
    )
    result = await tg_out.send(Destination.chat("telegram", "-4242"), kind="alert")
    assert result.ok
    assert [c.params["chat_id"] for c in tg_out.api.of("sendMessage")] == [-4242, -100999]


async def test_a_destination_telegram_cannot_address_is_refused_without_a_call(tg_out: Outbox) -> None:
    result = await tg_out.send(Destination.direct("telegram", "not-a-number"))
    assert (result.status, result.error_code, result.retryable) == (
        DeliveryStatus.FAILED,
        "bad_destination",
        False,
    )
    assert tg_out.api.user_visible == []
