"""Price alerts as data: what an alert watches, its state, and when it fires.

An alert fires on a *change*: its condition must go from not holding to holding between two
observations of the price ("crossing"), so an alert set below a price that is already below
never fires at once. ``armed`` is that memory: the condition did not hold at the last
observation. A repeating alert is armed again when its condition stops holding, and fires again
no sooner than its cooldown allows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum
from typing import Literal

from core.i18n import Locale
from core.outbound.destination import Destination

Condition = Literal["above", "below", "move"]
Window = Literal["1h", "24h"]
WINDOWS: dict[str, timedelta] = {"1h": timedelta(hours=1), "24h": timedelta(hours=24)}


def reference_slack(window: str) -> timedelta:
    """How far from exactly one window ago a price may be to stand for it (a tenth of it)."""
    return WINDOWS[window] / 10


class AlertStatus(StrEnum):
    ACTIVE = "active"  # watched
    TRIGGERED = "triggered"  # a one-shot alert that fired: kept until deleted or re-armed
    PAUSED = "paused"  # its destination blocked the bot: not watched until the person writes again


@dataclass(frozen=True, slots=True)
class AlertSpec:
    """What a person asked to be told: the symbol, the condition and how often."""

    symbol: str
    condition: Condition
    level: Decimal  # a price for above / below; a percent for a move
    window: Window | None = None  # a move's window
    repeat: bool = False
    cooldown: timedelta | None = None  # a repeating alert's shortest gap between two firings

    def holds(self, price: Decimal, reference: Decimal | None) -> bool | None:
        """The condition at ``price`` (a move's against ``reference``, the price one window ago);
        None when it cannot be told (a move without a reference)."""
        if self.condition == "above":
            return price >= self.level
        if self.condition == "below":
            return price <= self.level
        if reference is None or reference <= 0:
            return None
        return move_percent(price, reference).copy_abs() >= self.level


def move_percent(price: Decimal, reference: Decimal) -> Decimal:
    return (price - reference) / reference * 100


@dataclass(frozen=True, slots=True)
class Alert:
    id: str
    owner: str  # who set it ("telegram:42")
    created_in: str  # the ConversationKey string it was set from: its card's buttons belong there
    destination: Destination  # where it is delivered: the person, or the chat as a whole
    spec: AlertSpec
    status: AlertStatus
    armed: bool
    locale: Locale  # the card's language
    source: str  # the market it was set on ("binance", "demo"): a demo alert says so
    created_at: datetime
    version: int = 1  # compare-and-set: one process's change wins
    last_price: Decimal | None = None
    checked_at: datetime | None = None
    cooldown_until: datetime | None = None
    fired: int = 0  # how many times it fired
    paused_reason: str | None = None
    name: str | None = None  # the person's name for it ("dip buyer"): unique in its destination

    @property
    def symbol(self) -> str:
        return self.spec.symbol

    @property
    def to_channel(self) -> bool:
        """Delivered to a chat as a whole (a group, a Discord channel), not to one person."""
        return not self.destination.is_direct


@dataclass(frozen=True, slots=True)
class Trigger:
    """One firing of an alert, claimed in the database when it fires, delivered once."""

    id: str  # "<alert id>:<firing number>": unique, so a firing is recorded once
    alert_id: str
    price: Decimal
    quoted_at: datetime  # when deskmate fetched the quote
    source: str
    reference: Decimal | None  # a move's price one window ago
    fired_at: datetime


@dataclass(frozen=True, slots=True)
class Observation:
    """What one check decided for one alert."""

    alert: Alert  # its new state
    trigger: Trigger | None  # set when it fired


def observe(
    alert: Alert, price: Decimal, reference: Decimal | None, now: datetime, quoted_at: datetime, source: str
) -> Observation:
    """The alert after one observation of ``price``: fired or not, armed or not. The alert's new
    state is one copy of it (a firing's or a change of arming in the same copy as the price)."""
    if alert.status is not AlertStatus.ACTIVE:  # triggered or paused: watched no more
        return Observation(replace(alert, last_price=price, checked_at=now), None)
    holds = alert.spec.holds(price, reference)
    if holds is None:  # a move with no reference yet: nothing to tell
        return Observation(replace(alert, last_price=price, checked_at=now), None)
    if not holds:
        return Observation(replace(alert, last_price=price, checked_at=now, armed=True), None)
    cooling = alert.cooldown_until is not None and now < alert.cooldown_until
    if not alert.armed or cooling:
        # Already beyond the level (no crossing), or a repeat inside its cooldown: it stays
        # unarmed until the condition stops holding, so a cooldown never queues a late firing.
        return Observation(replace(alert, last_price=price, checked_at=now, armed=False), None)
    fired = alert.fired + 1
    trigger = Trigger(
        id=f"{alert.id}:{fired}",
        alert_id=alert.id,
        price=price,
        quoted_at=quoted_at,
        source=source,
        reference=reference,
        fired_at=now,
    )
    if alert.spec.repeat:
        cooldown = alert.spec.cooldown or timedelta(0)
        after = replace(
            alert, last_price=price, checked_at=now, armed=False, fired=fired, cooldown_until=now + cooldown
        )
    else:
        after = replace(
            alert, last_price=price, checked_at=now, armed=False, fired=fired, status=AlertStatus.TRIGGERED
        )
    return Observation(after, trigger)
