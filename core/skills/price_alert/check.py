"""The check job: one per watched symbol, every CHECK_EVERY. One quote per run, however many
alerts watch the symbol; each alert's change is a compare-and-set and each firing a row claimed
once for delivery, so several processes (and a re-run after a crash) deliver a firing once.

A check that was due while no process ran (a restart, a long outage) runs once when a runner is
back, with the price then, and the next one is due CHECK_EVERY after that: missed checks are
caught up once, never replayed one by one."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from decimal import Decimal

from core.jobs.kinds import JobContext, JobKind
from core.jobs.model import DONE, Job, JobResult, Reschedule
from core.market import MarketData, MarketError, Quote
from core.markets import MarketCatalog
from core.outbound.ports import DeliveryStatus
from core.ports import ActionToken
from core.reply import Reply
from core.skills.price_alert.card import alert_card
from core.skills.price_alert.model import WINDOWS, Alert, Observation, observe, reference_slack
from core.skills.price_alert.ports import AlertStore, ClaimedTrigger, TriggerOutcome
from core.skills.price_alert.skill import CHECK_EVERY, CHECK_JOB
from core.tasks import tokens
from core.tasks.tokens import TokenStore

log = logging.getLogger(__name__)

FAILED_CHECK_PAUSE = timedelta(minutes=1)  # after an unexpected failure, before the next try
# A firing claimed by a process that vanished before sending it is sent by another after this;
# one whose send had begun is marked lost instead (never sent twice). Above the job's timeout
# (60 s), so a live attempt never loses its claims.
CLAIM_LEASE = timedelta(minutes=2)
WATCHED = "watched"  # the payload's mark of a check that found alerts on its symbol


class AlertChecker:
    def __init__(
        self,
        store: AlertStore,
        market: MarketData,
        catalog: MarketCatalog,
        tokens: TokenStore | None,
        every: timedelta = CHECK_EVERY,
    ) -> None:
        self.store = store
        self.market = market
        self.catalog = catalog
        self.tokens = tokens
        self.every = every

    def kind(self) -> JobKind:
        return JobKind(CHECK_JOB, self.run, timeout=60, max_attempts=5)

    async def run(self, job: Job, ctx: JobContext) -> JobResult:
        """One check. Whatever fails (the database, a bug), the symbol stays watched: the job is
        rescheduled rather than retried to death, since nothing would start it again until
        someone sets another alert on the symbol."""
        try:
            return await self._check(job, ctx)
        except Exception as exc:
            log.exception("alert check for %s failed; trying again later", job.payload.get("symbol"))
            payload = {"symbol": job.payload.get("symbol"), "last_error": type(exc).__name__}
            return Reschedule(ctx.now + FAILED_CHECK_PAUSE, payload)

    async def _check(self, job: Job, ctx: JobContext) -> JobResult:
        symbol = str(job.payload.get("symbol", ""))
        now = ctx.now
        quoted: Quote | MarketError | None
        if job.payload.get(WATCHED):
            # Watched at its last check, so most likely still: the quote is asked for while the
            # alerts are read, not after (its 15 ms or more overlap the read). A symbol whose
            # last alert went since spends that one quote; its check then ends.
            alerts, quoted = await asyncio.gather(self.store.active_for(symbol), self._quote(symbol))
        else:
            alerts = await self.store.active_for(symbol)
            quoted = await self._quote(symbol) if alerts else None
        if alerts:
            if not isinstance(quoted, Quote):
                # No price, no decision: nothing fires on a made-up price. Try again next round.
                code = quoted.code if quoted is not None else "no_quote"
                log.warning("alert check for %s: no quote (%s)", symbol, code)
                await self.deliver(symbol, job, ctx)
                return Reschedule(now + self.every, {"symbol": symbol, "last_error": code, WATCHED: True})
            quote = quoted
            sample: tuple[str, datetime, Decimal] | None = (symbol, quote.fetched_at, quote.price)
            windows = {a.spec.window for a in alerts if a.spec.condition == "move" and a.spec.window}
            if windows:  # the price one window ago is read after this one is added, as before
                await self.store.add_sample(symbol, quote.fetched_at, quote.price)
                sample = None
            references = {
                window: await self.store.reference(symbol, now - WINDOWS[window], reference_slack(window))
                for window in windows
            }
            seen: list[Observation] = []
            for alert in alerts:
                reference = references.get(alert.spec.window) if alert.spec.window else None
                observation = observe(alert, quote.price, reference, now, quote.fetched_at, quote.source)
                if observation.trigger is not None or _changed(alert, observation):
                    seen.append(observation)
            if seen:  # the sample with them, in one write where the store can
                await self.store.record(seen, {a.id: a.version for a in alerts}, sample=sample)
            elif sample is not None:
                await self.store.add_sample(*sample)
        await self.deliver(symbol, job, ctx)
        if not alerts and not await self.store.active_for(symbol):
            return DONE  # nobody watches it now; the next alert set on it queues a new check
        return Reschedule(now + self.every, {"symbol": symbol, WATCHED: bool(alerts)})

    async def _quote(self, symbol: str) -> Quote | MarketError:
        try:
            return await self.market.get_quote(symbol)
        except MarketError as exc:
            return exc

    async def deliver(self, symbol: str, job: Job, ctx: JobContext) -> None:
        """Send every firing of ``symbol`` waiting for delivery, each claimed first. The cards'
        buttons are stored together (one write, or with the first start of delivery where the
        store can: one write less), their destinations' pauses read together and
        the sent ones' log rows written together (ctx.deliveries); each firing's start of
        delivery is its own write, with the previous firing's outcome; the last one's, and any
        left when this fails, on their own."""
        claimer = f"{job.id}:{job.lease_token or secrets.token_hex(4)}"
        now = ctx.now
        done: tuple[str, TriggerOutcome] | None = None  # sent, not recorded yet
        # The deliveries' writes one after another, on what the store keeps for them (one
        # connection on PostgreSQL, in place of one from the pool a write).
        async with self.store.delivering():
            try:
                claimed = await self.store.claim_triggers(symbol, claimer, now, now - CLAIM_LEASE)
                cards, buttons = await self._cards(claimed, claimer, now)
                if cards:
                    async with ctx.deliveries([c.alert.destination for c, _ in cards]):
                        for one, reply in cards:
                            done = await self._deliver_one(one, reply, claimer, ctx, done, buttons)
                            buttons = ()  # stored with the first start of delivery
            finally:
                if done is not None:
                    await self.store.finish_trigger(done[0], claimer, done[1], now)

    async def _cards(
        self, claimed: list[ClaimedTrigger], claimer: str, now: datetime
    ) -> tuple[list[tuple[ClaimedTrigger, Reply]], Sequence[ActionToken]]:
        """Each firing's card, its buttons' tokens stored at once before any is sent: here, or
        (returned) by the first start of delivery, in its write, where the store can
        (AlertStore.stores_buttons). A card that cannot be built (or buttons that cannot be
        stored here) is tried again at the next check; buttons its first start failed to store
        leave the check failed, and its firings claimed until the claim's lease ends."""
        collected = tokens.Collected()
        cards: list[tuple[ClaimedTrigger, Reply]] = []
        for one in claimed:
            try:
                reply = await alert_card(
                    one.alert, one.trigger, self.catalog, collected if self.tokens is not None else None
                )
            except Exception:
                log.exception("alert %s: building its card failed", one.alert.id)
                await self.store.finish_trigger(one.trigger.id, claimer, "retry", now)
                continue
            cards.append((one, reply))
        if collected.tokens and self.tokens is not None:
            if self.store.stores_buttons(self.tokens, collected.tokens):
                return cards, collected.tokens
            try:
                await tokens.issue_collected(self.tokens, collected)
            except Exception:  # e.g. the token store failed: tried again at the next check
                log.exception("alert cards of %d firing(s): storing their buttons failed", len(cards))
                for one, _ in cards:
                    await self.store.finish_trigger(one.trigger.id, claimer, "retry", now)
                return [], ()
        return cards, ()

    async def _deliver_one(
        self,
        claimed: ClaimedTrigger,
        reply: Reply,
        claimer: str,
        ctx: JobContext,
        done: tuple[str, TriggerOutcome] | None,
        buttons: Sequence[ActionToken] = (),
    ) -> tuple[str, TriggerOutcome] | None:
        """One firing: its start of delivery (with ``done`` recorded, and ``buttons`` stored),
        the send. Its outcome to record, or None when recorded (or not this claim's any more)."""
        alert, trigger, now = claimed.alert, claimed.trigger, ctx.now
        # Recorded before the send: were this process to die mid-send, the firing is not
        # sent again by another (it may have arrived); a claim that lapsed is not sent here.
        began = await self.store.begin_delivery(trigger.id, claimer, now, finished=done, buttons=buttons)
        if not began:
            log.info("alert %s: its claim lapsed and was taken over; not sent here", alert.id)
            return None
        try:
            result = await ctx.send(alert.destination, reply, kind="alert")
        except Exception:  # the outbound raises only before sending (its log read failed)
            log.exception("alert %s: sending its card failed before it went out", alert.id)
            await self.store.finish_trigger(trigger.id, claimer, "retry", now)
            return None
        outcome: TriggerOutcome
        if result.status is DeliveryStatus.SENT:
            outcome = "sent"
        elif result.status in (DeliveryStatus.BLOCKED, DeliveryStatus.PAUSED):
            # The person blocked the bot (or left): stop watching for them until they are back.
            paused = await self.store.pause_destination(
                alert.destination, result.error_code or "blocked", now
            )
            log.info("alert %s undeliverable (%s): %d alert(s) paused", alert.id, result.error_code, paused)
            outcome = "blocked" if result.status is DeliveryStatus.BLOCKED else "paused"
        elif result.retryable:
            outcome = "retry"
        else:  # e.g. a timed-out Telegram send that may have arrived: never sent twice
            outcome = "lost"
        return (trigger.id, outcome)


def _changed(before: Alert, observation: Observation) -> bool:
    """Worth a write: only what decides the next firing (the last price alone is not)."""
    after = observation.alert
    fields = (before.armed, before.status, before.fired, before.cooldown_until)
    return fields != (after.armed, after.status, after.fired, after.cooldown_until)
