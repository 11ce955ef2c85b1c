"""The price alerts' repository port (services key PRICE_ALERTS), and the limits it enforces."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Final, Literal, Protocol

from core.outbound.destination import Destination
from core.ports import ActionToken
from core.services import ServiceKey
from core.skills.price_alert.model import Alert, Observation, Trigger
from core.tasks.audit import AuditEntry

# "retry": back to waiting, tried at the next check; "lost": not sent and never tried again (a
# send that may have arrived: a duplicate is worse than a gap).
TriggerOutcome = Literal["sent", "blocked", "paused", "retry", "lost"]


@dataclass(frozen=True, slots=True)
class LimitReached:
    """Creating would exceed the destination's limit: nothing was stored."""

    limit: int


@dataclass(frozen=True, slots=True)
class NameInUse:
    """Another alert of the destination already has this name (case and width folded): nothing
    was stored."""

    name: str


@dataclass(frozen=True, slots=True)
class ClaimedTrigger:
    trigger: Trigger
    alert: Alert


@dataclass(frozen=True, slots=True)
class Comeback:
    """What a person who is reachable again is told: their paused alerts, now watched again, and
    the firings that could not reach them (each told once)."""

    resumed: list[Alert]
    missed: list[ClaimedTrigger]


class AlertStore(Protocol):
    """Alerts, their firings (claimed once, delivered once) and the prices checks saw.

    Every call is one transaction and safe with several processes: a check's changes are
    compare-and-sets on each alert's version, and a firing is a row with a unique id claimed
    for delivery by one process at a time."""

    async def create(self, alert: Alert, limit: int, audit: AuditEntry) -> Alert | LimitReached | NameInUse:
        """Store ``alert`` unless its destination already has ``limit`` alerts, or an alert named
        as it is (core.tasks.names.name_key: one name whatever its case or width; refused by the
        store itself, so two processes never both name one); audited with it."""
        ...

    async def get(self, alert_id: str) -> Alert | None: ...

    async def for_destination(self, destination: Destination) -> list[Alert]:
        """The alerts delivered to ``destination``, oldest first."""
        ...

    async def delete(self, alert_id: str, audit: AuditEntry) -> bool:
        """False when it was gone already."""
        ...

    async def rename(self, alert_id: str, name: str, audit: AuditEntry) -> Alert | NameInUse | None:
        """Give the alert ``name`` (refused as NameInUse when another alert of its destination has
        it, by the store itself); None when it is gone."""
        ...

    async def rearm(self, alert_id: str, now: datetime, audit: AuditEntry) -> Alert | None:
        """Watch a triggered (or paused) alert again, from its next observation on."""
        ...

    async def watched_symbols(self) -> list[str]:
        """Symbols with at least one active alert."""
        ...

    async def active_for(self, symbol: str) -> list[Alert]: ...

    async def record(
        self,
        observations: Sequence[Observation],
        expected: dict[str, int],
        *,
        sample: tuple[str, datetime, Decimal] | None = None,
    ) -> list[Trigger]:
        """Save each observation's alert if its version is still ``expected[alert.id]`` (else another
        process saw it first and this one is dropped), with its firing in the same transaction.
        Returns the firings stored. ``sample``: the check's (symbol, at, price), added as
        ``add_sample`` does, in the same write where the store can (one write less a check)."""
        ...

    async def claim_triggers(
        self, symbol: str, claimer: str, now: datetime, stale_before: datetime
    ) -> list[ClaimedTrigger]:
        """Firings of ``symbol``'s alerts waiting for delivery (or claimed before ``stale_before``
        by a process that vanished before sending them), now claimed by ``claimer``; one whose
        send had begun before ``stale_before`` and never finished is marked ``lost`` instead."""
        ...

    async def begin_delivery(
        self,
        trigger_id: str,
        claimer: str,
        now: datetime,
        *,
        finished: tuple[str, TriggerOutcome] | None = None,
        buttons: Sequence[ActionToken] = (),
    ) -> bool:
        """Recorded just before the card goes to the platform: the claim becomes ``delivering``.
        False when this claim is no longer ``claimer``'s (it lapsed and another process took it):
        do not send. A ``delivering`` firing whose claimer vanished is never sent again: the next
        claim marks it ``lost`` (it may have arrived; a duplicate is worse than a gap).
        ``finished``: the previous firing's (id, outcome), recorded in the same transaction (as
        ``finish_trigger``): a check's deliveries cost one write each. ``buttons``: the check's
        cards' buttons, stored in the same write whether or not the claim still holds (only with
        the check's first start, ``finished`` None, where ``stores_buttons`` said so)."""
        ...

    def stores_buttons(self, token_store: object, buttons: Sequence[ActionToken]) -> bool:
        """Whether ``begin_delivery`` can store ``buttons`` (issued on ``token_store``) in its own
        write, in place of the token store's write before it: one write less a check."""
        ...

    async def finish_trigger(
        self, trigger_id: str, claimer: str, outcome: TriggerOutcome, now: datetime
    ) -> None:
        """Its delivery's outcome; a retryable failure puts it back to be tried at the next check."""
        ...

    def delivering(self) -> AbstractAsyncContextManager[None]:
        """A check's deliveries run within: the store may keep what their writes (a start of
        delivery a firing, the outcomes) need for all of them, e.g. one database connection in
        place of one from the pool a write. Each write is still its own, durable when it returns."""
        ...

    async def pause_destination(self, destination: Destination, reason: str, now: datetime) -> int:
        """The destination blocked the bot: its active alerts are paused. Returns how many."""
        ...

    async def paused_for(self, destinations: Sequence[Destination]) -> list[Alert]: ...

    async def awaiting_return(self) -> frozenset[str]:
        """Every destination (``Destination.as_str()``) a message may resume: those with a paused
        alert or a firing blocked on its way there. Nearly always none; one read."""
        ...

    async def resume(self, destinations: Sequence[Destination], now: datetime) -> Comeback:
        """Paused alerts of ``destinations`` watched again (their person wrote to the bot), and
        the firings that were blocked on the way to them, marked told. The usual case, nothing
        of either, is one read."""
        ...

    async def add_sample(self, symbol: str, at: datetime, price: Decimal) -> None:
        """A price a check or a creation saw, for moves over a window (kept about a day)."""
        ...

    async def reference(self, symbol: str, at: datetime, within: timedelta) -> Decimal | None:
        """The price at ``at``: the last sample at or before it when it is at most ``within``
        older; else the first sample after it (watched for less than that, or no check ran then:
        a later price, never an older one taken for it); None without samples."""
        ...


PRICE_ALERTS: Final = ServiceKey[AlertStore]("price alerts")
