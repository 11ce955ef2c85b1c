"""The outbound port in the core: routing by platform, pausing blocked destinations, recording
every attempt; and the Destination value."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from core.clock import FixedClock
from core.events import ChatKind, ConversationKey
from core.outbound import (
    DeliveryResult,
    DeliveryStatus,
    Destination,
    PlatformRouter,
    RecordedOutbound,
    reachable_from,
)
from core.outbound.memory import MemoryDeliveryLog
from core.reply import Reply, Status, TextBlock

NOW = datetime(2026, 7, 13, 12, 0, tzinfo=UTC)
ALICE = Destination.direct("telegram", "42")
REPLY = Reply(Status.COMPLETED, (TextBlock("BTC crossed 70,000 USDT"),), "en")


class Scripted:
    """A platform sender answering from a script (default: sent), recording what it was asked."""

    def __init__(self, *results: DeliveryResult) -> None:
        self.results = list(results)
        self.calls: list[tuple[Destination, str]] = []

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        self.calls.append((destination, kind))
        return self.results.pop(0) if self.results else DeliveryResult.sent()


def outbound(
    sender: Scripted, platform: str = "telegram"
) -> tuple[RecordedOutbound, MemoryDeliveryLog, FixedClock]:
    router = PlatformRouter()
    router.attach(platform, sender)
    log = MemoryDeliveryLog()
    clock = FixedClock(NOW)
    return RecordedOutbound(router, log, clock), log, clock


async def test_a_blocked_destination_is_paused_and_later_sends_are_skipped_until_resumed() -> None:
    sender = Scripted(DeliveryResult.blocked("bot_blocked"))
    out, log, clock = outbound(sender)

    first = await out.send(ALICE, REPLY, kind="alert", job_id="j1")
    clock.advance(60)
    second = await out.send(ALICE, REPLY, kind="fill")
    other = await out.send(Destination.direct("telegram", "43"), REPLY, kind="alert")

    assert (first.status, first.error_code) == (DeliveryStatus.BLOCKED, "bot_blocked")
    assert (second.status, second.error_code) == (DeliveryStatus.PAUSED, "bot_blocked")
    assert other.ok
    assert len(sender.calls) == 2  # the paused destination was not tried again
    assert [(r.kind, r.status, r.job_id) for r in log.records] == [
        ("alert", DeliveryStatus.BLOCKED, "j1"),
        ("fill", DeliveryStatus.PAUSED, None),
        ("alert", DeliveryStatus.SENT, None),
    ]
    undelivered = await log.undelivered(ALICE, since=NOW)
    assert [(r.kind, r.status) for r in undelivered] == [
        ("alert", DeliveryStatus.BLOCKED),
        ("fill", "paused"),
    ]

    assert await log.resume(ALICE)
    assert (await out.send(ALICE, REPLY, kind="alert")).ok
    assert len(sender.calls) == 3


async def test_a_failed_delivery_is_recorded_but_pauses_nothing() -> None:
    sender = Scripted(DeliveryResult.failed("network_error", retryable=True))
    out, log, _ = outbound(sender)
    result = await out.send(ALICE, REPLY, kind="alert")
    assert (result.status, result.retryable) == (DeliveryStatus.FAILED, True)
    assert await log.paused(ALICE) is None
    assert (await out.send(ALICE, REPLY, kind="alert")).ok


async def test_a_sender_that_raises_is_a_failed_delivery_not_a_crash() -> None:
    class Broken:
        async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
            raise RuntimeError("renderer bug")

    router = PlatformRouter()
    router.attach("discord", Broken())
    log = MemoryDeliveryLog()
    out = RecordedOutbound(router, log, FixedClock(NOW))
    result = await out.send(Destination.direct("discord", "7"), REPLY, kind="alert")
    assert (result.status, result.error_code, result.retryable) == (
        DeliveryStatus.FAILED,
        "internal_error",
        True,
    )
    assert [r.status for r in log.records] == [DeliveryStatus.FAILED]


async def test_a_platform_this_process_does_not_run_fails_at_once_and_retryably() -> None:
    out, log, _ = outbound(Scripted(), platform="telegram")
    result = await out.send(Destination.direct("discord", "7"), REPLY, kind="alert")
    assert (result.status, result.error_code, result.retryable) == (
        DeliveryStatus.FAILED,
        "platform_unavailable",
        True,
    )
    assert await log.paused(Destination.direct("discord", "7")) is None


async def test_an_expected_platform_is_waited_for_until_it_attaches() -> None:
    router = PlatformRouter(wait_seconds=0.3)
    router.expect("telegram")
    sender = Scripted()
    out = RecordedOutbound(router, MemoryDeliveryLog(), FixedClock(NOW))

    sending = asyncio.create_task(out.send(ALICE, REPLY, kind="alert"))
    await asyncio.sleep(0.02)
    assert not sending.done()  # Telegram is still starting
    router.attach("telegram", sender)
    assert (await asyncio.wait_for(sending, 1)).ok
    assert router.platforms == {"telegram"}

    router.detach("telegram")  # stopped: waited for again, then given up
    loop = asyncio.get_running_loop()
    started = loop.time()
    result = await out.send(ALICE, REPLY, kind="alert")
    assert result.error_code == "platform_unavailable" and loop.time() - started >= 0.3
    assert len(sender.calls) == 1


def test_destination_shapes() -> None:
    key = ConversationKey("discord", "c1", "u1", "t1")
    assert Destination.of(key) == Destination("discord", "c1", "u1", "t1")
    assert Destination.direct("telegram", "42").is_direct
    assert not Destination.chat("telegram", "-100", "5").is_direct
    for bad in (
        lambda: Destination("telegram"),
        lambda: Destination("", user_id="1"),
        lambda: Destination("telegram", user_id="1", thread_id="9"),
    ):
        with pytest.raises(ValueError):
            bad()


def test_destination_string_forms_never_collide_and_json_round_trips() -> None:
    a = Destination("console", chat_id="x:y")
    b = Destination("console", chat_id="x", user_id="y")
    assert a.as_str() != b.as_str()
    for dest in (a, b, Destination("discord", "1", "2", "3")):
        assert Destination.from_dict(dest.as_dict()) == dest


def test_writing_in_a_private_chat_makes_the_direct_destination_reachable_but_a_group_does_not() -> None:
    private = ConversationKey("telegram", "42", "42")
    group = ConversationKey("telegram", "-100", "42")
    assert reachable_from(private, ChatKind.PRIVATE) == (
        Destination("telegram", "42", "42"),
        Destination.direct("telegram", "42"),
    )
    assert reachable_from(group, ChatKind.GROUP) == (Destination("telegram", "-100", "42"),)


async def test_undelivered_is_per_destination_and_since_a_time() -> None:
    log = MemoryDeliveryLog()
    clock = FixedClock(NOW)
    out = RecordedOutbound(_attached(Scripted(DeliveryResult.failed("x", retryable=True))), log, clock)
    await out.send(ALICE, REPLY, kind="old")
    clock.advance(3600)
    await out.send(ALICE, REPLY, kind="sent-ok")
    await out.send(Destination.direct("telegram", "43"), REPLY, kind="someone-else")
    assert [r.kind for r in await log.undelivered(ALICE, NOW)] == ["old"]
    assert await log.undelivered(ALICE, NOW + timedelta(minutes=1)) == []


def _attached(sender: Scripted) -> PlatformRouter:
    router = PlatformRouter()
    router.attach("telegram", sender)
    return router
