"""The Outbound port's implementation: route by platform, skip paused destinations, record
every attempt, pause a destination that turned out blocked."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field

from core.clock import Clock
from core.outbound.destination import Destination
from core.outbound.ports import (
    DeliveryLog,
    DeliveryRecord,
    DeliveryResult,
    DeliveryStatus,
    PausedDestination,
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


@dataclass
class _Batch:
    """Sends of one batch (``RecordedOutbound.batch``): the pauses read for them, and the sent
    ones' records, written when the batch ends."""

    paused: dict[str, PausedDestination | None]
    sent: list[DeliveryRecord] = field(default_factory=list)


_BATCH: ContextVar[_Batch | None] = ContextVar("deskmate_delivery_batch", default=None)


class RecordedOutbound:
    """core.outbound.ports.Outbound: one platform sender (usually a PlatformRouter) plus the log."""

    def __init__(self, platforms: PlatformOutbound, deliveries: DeliveryLog, clock: Clock) -> None:
        self._platforms = platforms
        self._log = deliveries
        self._clock = clock

    @contextlib.asynccontextmanager
    async def batch(self, destinations: Sequence[Destination]) -> AsyncIterator[None]:
        """Sends to ``destinations`` within (in this task): their pauses are read at once (one
        read, not one a send) and the records of those sent are written at once when the batch
        ends (one write, not one a send). A send that did not go out is recorded at once (a
        blocked one pauses its destination; "what did not reach me" lists them); a send killed
        before the batch ends loses only its "sent" row of the log (the caller keeps its own
        exactly-once record, e.g. an alert firing's)."""
        found = await self._log.paused_among(destinations) if destinations else {}
        batch = _Batch({d.as_str(): found.get(d.as_str()) for d in destinations})
        token = _BATCH.set(batch)
        try:
            yield
        finally:
            _BATCH.reset(token)
            if batch.sent:
                try:
                    await self._log.record_many(batch.sent)
                except Exception:  # as in send: the messages went out already
                    log.exception("could not record %d sent deliveries", len(batch.sent))

    async def send(
        self, destination: Destination, reply: Reply, *, kind: str, job_id: str | None = None
    ) -> DeliveryResult:
        batch = _BATCH.get()
        key = destination.as_str()
        if batch is not None and key in batch.paused:
            paused = batch.paused[key]
        else:
            # A failing log read raises here, before anything was sent: the caller may retry.
            paused = await self._log.paused(destination)
            if batch is not None:
                batch.paused[key] = paused
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
        blocked = result.status is DeliveryStatus.BLOCKED
        if batch is not None and result.status is DeliveryStatus.SENT:
            batch.sent.append(record)
        else:
            await self._record(record, blocked)
        if batch is not None and blocked and batch.paused.get(key) is None:
            reason = result.error_code or "blocked"
            batch.paused[key] = PausedDestination(destination, reason, record.created_at)
        if result.status is not DeliveryStatus.SENT:
            log.info(
                "%s message to a %s destination: %s (%s)",
                kind,
                destination.platform,
                result.status,
                result.error_code,
            )
        return result

    async def _record(self, record: DeliveryRecord, pause: bool) -> None:
        try:
            await self._log.record(record, pause=pause)
        except Exception:
            # The message went out (or not) already; failing now would make a job send it again.
            log.exception("could not record a %s delivery (%s)", record.kind, record.status)
