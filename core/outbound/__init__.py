"""Speaking first: messages nobody asked for (alerts, fills, a trader that stopped itself).

A skill or a job sends a Reply to a Destination through the Outbound port; the platform
adapters render it exactly like an answer; every attempt lands in the DeliveryLog, and a
destination that turned out unreachable is paused instead of retried forever.
"""

from core.outbound.destination import Destination, reachable_from
from core.outbound.ports import (
    DELIVERIES,
    DeliveryLog,
    DeliveryRecord,
    DeliveryResult,
    DeliveryStatus,
    Outbound,
    PausedDestination,
    PlatformOutbound,
)
from core.outbound.service import PlatformRouter, RecordedOutbound

__all__ = [
    "DELIVERIES",
    "DeliveryLog",
    "DeliveryRecord",
    "DeliveryResult",
    "DeliveryStatus",
    "Destination",
    "Outbound",
    "PausedDestination",
    "PlatformOutbound",
    "PlatformRouter",
    "RecordedOutbound",
    "reachable_from",
]
