"""An in-memory AlertStore for unit tests and one-process runs: the SQL store's rules (limits,
compare-and-set on versions, firings claimed once) without durability."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal

from core.outbound.destination import Destination
from core.ports import ActionToken
from core.skills.price_alert.model import Alert, AlertStatus, Observation, Trigger
from core.skills.price_alert.ports import ClaimedTrigger, Comeback, LimitReached, NameInUse, TriggerOutcome
from core.tasks.audit import AuditEntry, AuditLog
from core.tasks.names import name_key


@dataclass
class _Firing:
    trigger: Trigger
    state: str = "pending"  # pending | sending | delivering | sent | blocked | paused | lost | told
    claimer: str | None = None
    claimed_at: datetime | None = None


class MemoryAlertStore:
    def __init__(self, audit: AuditLog) -> None:
        self.audit = audit
        self.alerts: dict[str, Alert] = {}
        self.firings: dict[str, _Firing] = {}
        self.samples: dict[str, list[tuple[datetime, Decimal]]] = {}

    async def create(self, alert: Alert, limit: int, audit: AuditEntry) -> Alert | LimitReached | NameInUse:
        key = alert.destination.as_str()
        here = [a for a in self.alerts.values() if a.destination.as_str() == key]
        if alert.name is not None and any(
            a.name is not None and name_key(a.name) == name_key(alert.name) for a in here
        ):
            return NameInUse(alert.name)
        if len(here) >= limit:
            return LimitReached(limit)
        self.alerts[alert.id] = alert
        await self.audit.record(replace(audit, target_id=alert.id))
        return alert

    async def get(self, alert_id: str) -> Alert | None:
        return self.alerts.get(alert_id)

    async def for_destination(self, destination: Destination) -> list[Alert]:
        key = destination.as_str()
        found = [a for a in self.alerts.values() if a.destination.as_str() == key]
        return sorted(found, key=lambda a: (a.created_at, a.id))

    async def delete(self, alert_id: str, audit: AuditEntry) -> bool:
        if self.alerts.pop(alert_id, None) is None:
            return False
        await self.audit.record(audit)
        return True

    async def rename(self, alert_id: str, name: str, audit: AuditEntry) -> Alert | NameInUse | None:
        alert = self.alerts.get(alert_id)
        if alert is None:
            return None
        key = alert.destination.as_str()
        if any(
            a.id != alert_id
            and a.destination.as_str() == key
            and a.name
            and name_key(a.name) == name_key(name)
            for a in self.alerts.values()
        ):
            return NameInUse(name)
        alert = self.alerts[alert_id] = replace(alert, name=name)
        await self.audit.record(audit)
        return alert

    async def rearm(self, alert_id: str, now: datetime, audit: AuditEntry) -> Alert | None:
        alert = self.alerts.get(alert_id)
        if alert is None:
            return None
        alert = _rearmed(alert)
        self.alerts[alert_id] = alert
        await self.audit.record(audit)
        return alert

    async def watched_symbols(self) -> list[str]:
        return sorted({a.symbol for a in self.alerts.values() if a.status is AlertStatus.ACTIVE})

    async def active_for(self, symbol: str) -> list[Alert]:
        found = [a for a in self.alerts.values() if a.symbol == symbol and a.status is AlertStatus.ACTIVE]
        return sorted(found, key=lambda a: (a.created_at, a.id))

    async def record(
        self,
        observations: Sequence[Observation],
        expected: dict[str, int],
        *,
        sample: tuple[str, datetime, Decimal] | None = None,
    ) -> list[Trigger]:
        if sample is not None:
            await self.add_sample(*sample)
        stored: list[Trigger] = []
        for seen in observations:
            now = self.alerts.get(seen.alert.id)
            if now is None or now.version != expected.get(seen.alert.id):
                continue
            self.alerts[now.id] = replace(seen.alert, version=now.version + 1)
            if seen.trigger is not None and seen.trigger.id not in self.firings:
                self.firings[seen.trigger.id] = _Firing(seen.trigger)
                stored.append(seen.trigger)
        return stored

    async def claim_triggers(
        self, symbol: str, claimer: str, now: datetime, stale_before: datetime
    ) -> list[ClaimedTrigger]:
        claimed: list[ClaimedTrigger] = []
        for firing in sorted(self.firings.values(), key=lambda f: (f.trigger.fired_at, f.trigger.id)):
            alert = self.alerts.get(firing.trigger.alert_id)
            if alert is None or alert.symbol != symbol:
                continue
            lapsed = firing.claimed_at is not None and firing.claimed_at < stale_before
            if firing.state == "delivering" and lapsed:  # its send began and never finished
                firing.state, firing.claimer = "lost", None
                continue
            if firing.state == "pending" or (firing.state == "sending" and lapsed):
                firing.state, firing.claimer, firing.claimed_at = "sending", claimer, now
                claimed.append(ClaimedTrigger(firing.trigger, alert))
        return claimed

    async def finish_trigger(
        self, trigger_id: str, claimer: str, outcome: TriggerOutcome, now: datetime
    ) -> None:
        firing = self.firings.get(trigger_id)
        if firing is None or firing.claimer != claimer or firing.state not in ("sending", "delivering"):
            return
        firing.state = "pending" if outcome == "retry" else outcome
        firing.claimer = None

    def delivering(self) -> AbstractAsyncContextManager[None]:
        return nullcontext()

    async def begin_delivery(
        self,
        trigger_id: str,
        claimer: str,
        now: datetime,
        *,
        finished: tuple[str, TriggerOutcome] | None = None,
        buttons: Sequence[ActionToken] = (),
    ) -> bool:
        if buttons:
            raise ValueError("this store does not store buttons (stores_buttons is False)")
        if finished is not None:
            await self.finish_trigger(finished[0], claimer, finished[1], now)
        firing = self.firings.get(trigger_id)
        if firing is None or firing.claimer != claimer or firing.state != "sending":
            return False
        firing.state, firing.claimed_at = "delivering", now
        return True

    def stores_buttons(self, token_store: object, buttons: Sequence[ActionToken]) -> bool:
        return False

    async def pause_destination(self, destination: Destination, reason: str, now: datetime) -> int:
        key, count = destination.as_str(), 0
        for alert in list(self.alerts.values()):
            if alert.destination.as_str() == key and alert.status is AlertStatus.ACTIVE:
                self.alerts[alert.id] = replace(
                    alert, status=AlertStatus.PAUSED, paused_reason=reason, version=alert.version + 1
                )
                count += 1
        return count

    async def paused_for(self, destinations: Sequence[Destination]) -> list[Alert]:
        keys = {d.as_str() for d in destinations}
        return [
            a
            for a in self.alerts.values()
            if a.status is AlertStatus.PAUSED and a.destination.as_str() in keys
        ]

    async def awaiting_return(self) -> frozenset[str]:
        paused = {a.destination.as_str() for a in self.alerts.values() if a.status is AlertStatus.PAUSED}
        for firing in self.firings.values():
            owner = self.alerts.get(firing.trigger.alert_id)
            if owner is not None and firing.state in _UNDELIVERED:
                paused.add(owner.destination.as_str())
        return frozenset(paused)

    async def resume(self, destinations: Sequence[Destination], now: datetime) -> Comeback:
        resumed = []
        for alert in await self.paused_for(destinations):
            self.alerts[alert.id] = _rearmed(alert)
            resumed.append(alert)  # as it was: its pause's reason is what the person is told
        keys = {d.as_str() for d in destinations}
        missed = []
        for firing in sorted(self.firings.values(), key=lambda f: (f.trigger.fired_at, f.trigger.id)):
            owner = self.alerts.get(firing.trigger.alert_id)
            if owner is not None and owner.destination.as_str() in keys and firing.state in _UNDELIVERED:
                firing.state = "told"
                missed.append(ClaimedTrigger(firing.trigger, owner))
        return Comeback(resumed, missed)

    async def add_sample(self, symbol: str, at: datetime, price: Decimal) -> None:
        self.samples.setdefault(symbol, []).append((at, price))
        self.samples[symbol].sort()

    async def reference(self, symbol: str, at: datetime, within: timedelta) -> Decimal | None:
        samples = self.samples.get(symbol, [])
        before = [(t, p) for t, p in samples if t <= at]
        if before and at - before[-1][0] <= within:
            return before[-1][1]
        after = [p for t, p in samples if t > at]
        return after[0] if after else None

    def trigger_status(self, trigger_id: str) -> str | None:
        firing = self.firings.get(trigger_id)
        return firing.state if firing else None


_UNDELIVERED = ("blocked", "paused")


def _rearmed(alert: Alert) -> Alert:
    """Watched again from its next observation: that observation only arms it (a level already
    crossed does not fire at once); cooldowns start over."""
    return replace(
        alert,
        status=AlertStatus.ACTIVE,
        armed=False,
        last_price=None,
        cooldown_until=None,
        paused_reason=None,
        version=alert.version + 1,
    )
