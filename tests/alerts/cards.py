"""A fired alert's card, as the check job builds it, for the platform delivery tests."""

from __future__ import annotations

from decimal import Decimal

from core.markets import MarketCatalog
from core.memory_store import MemoryStateStore
from core.outbound import Destination
from core.reply import Reply
from core.skills.price_alert.card import alert_card
from core.skills.price_alert.model import Alert, AlertSpec, AlertStatus, Trigger
from tests.fakes import NOW


def fired(destination: Destination, created_in: str, locale: str = "en") -> Alert:
    return Alert(
        "3f9c01ab", "telegram:42", created_in, destination, AlertSpec("BTCUSDT", "below", Decimal("80000")),
        AlertStatus.TRIGGERED, False, locale, "binance", NOW, fired=1,  # type: ignore[arg-type]
    )  # fmt: skip


async def card(
    destination: Destination, created_in: str, locale: str = "en"
) -> tuple[Reply, MemoryStateStore]:
    tokens = MemoryStateStore()
    alert = fired(destination, created_in, locale)
    trigger = Trigger("3f9c01ab:1", alert.id, Decimal("79950.12"), NOW, "binance", None, NOW)
    return await alert_card(alert, trigger, MarketCatalog(), tokens), tokens
