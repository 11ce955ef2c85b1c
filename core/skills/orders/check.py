"""The order check job: one per symbol paper orders rest on, every CHECK_EVERY, the alert
checker's pattern. One book per run however many orders rest on the symbol
(core.trading.orders.RestingOrders.check); each fill a compare-and-set in storage, each fill
card claimed once before it is sent (never sent twice, whatever the processes)."""

from __future__ import annotations

import logging
from datetime import timedelta

from core.jobs.kinds import JobContext, JobKind
from core.jobs.model import DONE, Job, JobResult, Reschedule
from core.market import MarketError
from core.markets import MarketCatalog
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryStatus
from core.trading.orders import RestingOrders
from core.trading.ports import OrderStore
from core.workspace.order_talk import CHECK_JOB, fill_card

log = logging.getLogger(__name__)

CHECK_EVERY = timedelta(seconds=30)  # one book per symbol with resting orders this often
FAILED_CHECK_PAUSE = timedelta(minutes=1)


def destination_of(owner: str) -> Destination:
    """A fill card goes to its owner's private chat ("telegram:42" -> that person)."""
    platform, _, user = owner.partition(":")
    return Destination.direct(platform, user)


class OrderChecker:
    def __init__(
        self,
        resting: RestingOrders,
        store: OrderStore,
        catalog: MarketCatalog,
        every: timedelta = CHECK_EVERY,
    ) -> None:
        self.resting = resting
        self.store = store
        self.catalog = catalog
        self.every = every

    def kind(self) -> JobKind:
        return JobKind(CHECK_JOB, self.run, timeout=60, max_attempts=5)

    async def run(self, job: Job, ctx: JobContext) -> JobResult:
        """One check. Whatever fails, the symbol stays watched: rescheduled, not retried to death
        (nothing else would start it again until someone places another order on it)."""
        symbol = str(job.payload.get("symbol", ""))
        try:
            result = await self.resting.check(symbol, ctx.now)
        except MarketError as exc:  # no book, no fill: nothing fills on a made-up price
            log.warning("order check for %s: no book (%s)", symbol, exc.code)
            await self.deliver(symbol, ctx)
            return Reschedule(ctx.now + self.every, {"symbol": symbol, "last_error": exc.code})
        except Exception as exc:
            log.exception("order check for %s failed; trying again later", symbol)
            return Reschedule(
                ctx.now + FAILED_CHECK_PAUSE, {"symbol": symbol, "last_error": type(exc).__name__}
            )
        await self.deliver(symbol, ctx)
        if result.resting == 0:
            return DONE  # nothing rests on it now; the next order placed on it queues a new check
        return Reschedule(ctx.now + self.every, {"symbol": symbol})

    async def deliver(self, symbol: str, ctx: JobContext) -> None:
        """Send every fill card of ``symbol`` that is due, each claimed (due -> sending) first."""
        for order in await self.store.claim_notices(symbol):
            try:
                reply = fill_card(order, self.catalog)
                result = await ctx.send(destination_of(order.owner), reply, kind="order_fill")
            except Exception:  # before it went out: tried again at the next check
                log.exception("order %s: sending its fill card failed", order.client_order_id)
                await self.store.finish_notice(order.client_order_id, "retry")
                continue
            if result.status is DeliveryStatus.SENT:
                outcome = "sent"
            elif result.retryable and result.status not in (DeliveryStatus.BLOCKED, DeliveryStatus.PAUSED):
                outcome = "retry"
            else:  # blocked, or a send that may have arrived: never sent twice
                outcome = "lost"
            await self.store.finish_notice(order.client_order_id, outcome)
