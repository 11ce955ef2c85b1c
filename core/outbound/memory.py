"""An in-memory DeliveryLog: for unit tests and one-off runs. Not persistent."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.outbound.destination import Destination
from core.outbound.ports import DeliveryRecord, DeliveryStatus, PausedDestination

UNDELIVERED = frozenset({DeliveryStatus.BLOCKED, DeliveryStatus.FAILED, DeliveryStatus.PAUSED})


class MemoryDeliveryLog:
    def __init__(self) -> None:
        self.records: list[DeliveryRecord] = []
        self._paused: dict[str, PausedDestination] = {}

    async def record(self, delivery: DeliveryRecord, *, pause: bool = False) -> None:
        self.records.append(delivery)
        key = delivery.destination.as_str()
        if pause and key not in self._paused:
            reason = delivery.error_code or delivery.status.value
            self._paused[key] = PausedDestination(delivery.destination, reason, delivery.created_at)

    async def paused(self, destination: Destination) -> PausedDestination | None:
        return self._paused.get(destination.as_str())

    async def paused_among(self, destinations: Sequence[Destination]) -> dict[str, PausedDestination]:
        keys = {d.as_str() for d in destinations}
        return {k: p for k, p in self._paused.items() if k in keys}

    async def record_many(self, deliveries: Sequence[DeliveryRecord]) -> None:
        self.records.extend(deliveries)

    async def resume(self, destination: Destination) -> bool:
        return self._paused.pop(destination.as_str(), None) is not None

    async def undelivered(self, destination: Destination, since: datetime) -> list[DeliveryRecord]:
        key = destination.as_str()
        found = [
            r
            for r in self.records
            if r.destination.as_str() == key and r.status in UNDELIVERED and r.created_at >= since
        ]
        return sorted(found, key=lambda r: r.created_at)
