"""The order check jobs.

- ``orders.check``: one per symbol paper orders rest on, every CHECK_EVERY, the alert checker's
  pattern. One book per run however many orders rest on the symbol
  (core.trading.orders.RestingOrders.check).
- ``orders.live_check``: one per live account deskmate has resting orders on, every
  LIVE_CHECK_EVERY: the exchange's open orders (one call per symbol), and each order gone from
  them looked up by its client order id and written back — filled (fill, fee, position, audit,
  fill card) or cancelled there (RestingOrders.sync_live). Binance weight: 6 a symbol a minute,
  plus 4 once for each order that ended.

Each fill is a compare-and-set in storage; each fill card is claimed once before it is sent
(never sent twice, whatever the processes)."""

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
from core.trading.ports import ExchangeError, OrderStore
from core.workspace.accounts import ExchangeAccountRepository
from core.workspace.order_talk import CHECK_JOB, LIVE_CHECK_JOB, fill_card

log = logging.getLogger(__name__)

CHECK_EVERY = timedelta(seconds=30)  # one book per symbol with resting orders this often
FAILED_CHECK_PAUSE = timedelta(minutes=1)
LIVE_CHECK_EVERY = timedelta(minutes=1)  # a live account's open orders this often
LIVE_FAILED_PAUSE = timedelta(minutes=5)  # the exchange or the key failing: asked again later


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


class LiveOrderChecker:
    """``orders.live_check``: a live account's resting orders written back from the exchange."""

    def __init__(
        self,
        resting: RestingOrders,
        accounts: ExchangeAccountRepository,
        cards: OrderChecker,
        every: timedelta = LIVE_CHECK_EVERY,
    ) -> None:
        self.resting = resting
        self.accounts = accounts
        self.cards = cards
        self.every = every

    def kind(self) -> JobKind:
        return JobKind(LIVE_CHECK_JOB, self.run, timeout=120, max_attempts=5)

    async def run(self, job: Job, ctx: JobContext) -> JobResult:
        owner = str(job.payload.get("owner", ""))
        account_id = str(job.payload.get("account_id", ""))
        payload = {"owner": owner, "account_id": account_id}
        account = await self.accounts.get(owner, account_id)
        if account is None:
            return DONE  # the account was removed: its orders are the exchange's affair now
        try:
            result = await self.resting.sync_live(account, ctx.now)
        except ExchangeError as exc:  # never the credentials: the exchange's code only
            log.warning("live order check of account %s: %s %s", account_id, exc.fault, exc.code)
            return Reschedule(ctx.now + LIVE_FAILED_PAUSE, {**payload, "last_error": exc.code})
        for symbol in sorted({o.symbol for o in result.filled}):
            await self.cards.deliver(symbol, ctx)
        if result.resting == 0:
            return DONE  # nothing rests there now; the next live order placed queues a new check
        return Reschedule(ctx.now + self.every, payload)
