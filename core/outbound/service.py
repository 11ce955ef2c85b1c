"""The Outbound port's implementation: route by platform, skip paused destinations, record
every attempt, pause a destination that turned out blocked."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from core.clock import Clock
from core.outbound.destination import Destination
from core.outbound.ports import (
    DeliveryLog,
    DeliveryRecord,
    DeliveryResult,
    DeliveryStatus,
    PlatformOutbound,
)
from core.reply import Reply

log = logging.getLogger(__name__)

PLATFORM_UNAVAILABLE = "platform_unavailable"
INTERNAL_ERROR = "internal_error"


class PlatformRouter:
    """A PlatformOutbound that hands each message to its platform's sender.

    Senders come and go with their platforms: a chat adapter attaches its sender once its
    client is up (the running Telegram application's bot, the logged-in Discord client) and
    detaches it when it stops. A platform announced with ``expect`` but not attached yet
    (starting, reconnecting) is waited for up to ``wait_seconds``; a platform this process
    does not run fails at once (retryable: another process may run it).
    """

    def __init__(self, *, wait_seconds: float = 30.0) -> None:
        self._senders: dict[str, PlatformOutbound] = {}
        self._ready: dict[str, asyncio.Event] = {}
        self._wait_seconds = wait_seconds

    def expect(self, platform: str) -> None:
        self._ready.setdefault(platform, asyncio.Event())

    def attach(self, platform: str, sender: PlatformOutbound) -> None:
        self._senders[platform] = sender
        self._ready.setdefault(platform, asyncio.Event()).set()

    def detach(self, platform: str) -> None:
        self._senders.pop(platform, None)
        if platform in self._ready:
            self._ready[platform].clear()

    @property
    def platforms(self) -> frozenset[str]:
        """The platforms attached now."""
        return frozenset(self._senders)

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        platform = destination.platform
        sender = self._senders.get(platform)
        if sender is None and platform in self._ready:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ready[platform].wait(), self._wait_seconds)
            sender = self._senders.get(platform)
        if sender is None:
            return DeliveryResult.failed(PLATFORM_UNAVAILABLE, retryable=True)
        return await sender.deliver(destination, reply, kind)


class RecordedOutbound:
    """core.outbound.ports.Outbound: one platform sender (usually a PlatformRouter) plus the log."""

    def __init__(self, platforms: PlatformOutbound, deliveries: DeliveryLog, clock: Clock) -> None:
        self._platforms = platforms
        self._log = deliveries
        self._clock = clock

    async def send(
        self, destination: Destination, reply: Reply, *, kind: str, job_id: str | None = None
    ) -> DeliveryResult:
        # A failing log read raises here, before anything was sent: the caller may retry.
        paused = await self._log.paused(destination)
        if paused is not None:
            result = DeliveryResult.paused(paused.reason)
        else:
            try:
                result = await self._platforms.deliver(destination, reply, kind)
            except Exception:  # a sender bug must not look like a platform refusal, nor crash a job
                log.exception("delivering a %s message to %s failed", kind, destination.platform)
                result = DeliveryResult.failed(INTERNAL_ERROR, retryable=True)
        record = DeliveryRecord(
            destination=destination,
            kind=kind,
            status=result.status,
            created_at=self._clock.now(),
            error_code=result.error_code,
            job_id=job_id,
        )
        try:
            await self._log.record(record, pause=result.status is DeliveryStatus.BLOCKED)
        except Exception:
            # The message went out (or not) already; failing now would make a job send it again.
            log.exception("could not record a %s delivery (%s)", kind, result.status)
        if result.status is not DeliveryStatus.SENT:
            log.info(
                "%s message to a %s destination: %s (%s)",
                kind,
                destination.platform,
                result.status,
                result.error_code,
            )
        return result
