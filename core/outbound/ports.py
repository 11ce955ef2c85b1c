"""Ports for speaking first: the outbound port, each platform's sender, and the delivery log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final, Protocol

from core.outbound.destination import Destination
from core.reply import Reply
from core.services import ServiceKey


class DeliveryStatus(StrEnum):
    SENT = "sent"
    # The destination cannot be reached until its person acts (blocked the bot, left, deleted
    # the chat): it is paused, and later sends are skipped instead of retried forever.
    BLOCKED = "blocked"
    # This attempt failed; ``retryable`` says whether trying again later may help.
    FAILED = "failed"
    # Not attempted: the destination was paused by an earlier BLOCKED.
    PAUSED = "paused"


@dataclass(frozen=True, slots=True)
class DeliveryResult:
    status: DeliveryStatus
    error_code: str | None = None  # e.g. "bot_blocked", "chat_not_found", "rate_limited"
    retryable: bool = False  # FAILED only

    @classmethod
    def sent(cls) -> DeliveryResult:
        return cls(DeliveryStatus.SENT)

    @classmethod
    def blocked(cls, code: str) -> DeliveryResult:
        return cls(DeliveryStatus.BLOCKED, code)

    @classmethod
    def failed(cls, code: str, *, retryable: bool) -> DeliveryResult:
        return cls(DeliveryStatus.FAILED, code, retryable)

    @classmethod
    def paused(cls, reason: str) -> DeliveryResult:
        return cls(DeliveryStatus.PAUSED, reason)

    @property
    def ok(self) -> bool:
        return self.status is DeliveryStatus.SENT


class Outbound(Protocol):
    """Port: put a Reply in front of a destination that did not just write (an alert, a fill, a
    trader that stopped itself). Rendered exactly like an answer on that platform; every
    attempt is recorded in the delivery log."""

    async def send(
        self, destination: Destination, reply: Reply, *, kind: str, job_id: str | None = None
    ) -> DeliveryResult:
        """``kind`` says what the message is ("alert", "fill", "trader_stopped", "test"); ``job_id``
        the job that sent it, if any. Never raises for a platform's refusal: that is the result."""
        ...


class PlatformOutbound(Protocol):
    """One platform's sender (implemented by each chat adapter): render and send, nothing more.
    Pausing, routing and recording are the core's (core.outbound.service)."""

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult: ...


@dataclass(frozen=True, slots=True)
class DeliveryRecord:
    destination: Destination
    kind: str
    status: DeliveryStatus
    created_at: datetime
    error_code: str | None = None
    job_id: str | None = None


@dataclass(frozen=True, slots=True)
class PausedDestination:
    destination: Destination
    reason: str  # the error code of the delivery that paused it
    paused_at: datetime


class DeliveryLog(Protocol):
    """Port: every delivery attempt, and the destinations paused because they are unreachable."""

    async def record(self, delivery: DeliveryRecord, *, pause: bool = False) -> None:
        """Store ``delivery``; with ``pause``, also pause its destination (reason: the error code),
        in the same transaction. Pausing a paused destination keeps the first pause."""
        ...

    async def paused(self, destination: Destination) -> PausedDestination | None: ...

    async def paused_among(self, destinations: Sequence[Destination]) -> dict[str, PausedDestination]:
        """The paused ones of ``destinations`` (one read), by ``Destination.as_str()``."""
        ...

    async def record_many(self, deliveries: Sequence[DeliveryRecord]) -> None:
        """Store ``deliveries`` (none of them pausing), in one write."""
        ...

    async def resume(self, destination: Destination) -> bool:
        """Lift a pause (the person wrote again); False when it was not paused."""
        ...

    async def undelivered(self, destination: Destination, since: datetime) -> list[DeliveryRecord]:
        """What did not reach ``destination`` (blocked, failed, paused) since ``since``, oldest
        first: what to tell the person when they are back."""
        ...


# Services keys: the deliveries a skill may read ("your alert could not be delivered"), and the
# outbound a skill may send through outside a job (a job has its own, JobContext.send).
DELIVERIES: Final = ServiceKey[DeliveryLog]("delivery log")
