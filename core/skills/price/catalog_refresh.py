"""The daily catalog refresh: the exchange's list of USDT spot markets, cached for every process.

One recurring job ("price.refresh_catalog", one row thanks to its dedupe key) fetches the list,
writes it to the database in one transaction, swaps it into this process's catalog and runs
again a day later. A failed fetch keeps the list it has (never an empty one) and retries with
backoff; after its attempts it is rescheduled by the next start (ensure_refresh).

The source is the prices' own MarketGuard (core.market_guard): while Binance's rate limit or ban
is recorded (by any process), the refresh sends nothing, and a 429/418 to exchangeInfo (request
weight 20) is recorded for every call. Either way the retry waits for the block to end and then
its backoff on top, so the first call after a ban is a light price call, never this heavy one.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Final

from core.jobs import JobKind, JobQueue
from core.jobs.backoff import Backoff
from core.jobs.kinds import JobContext
from core.jobs.model import Job, JobResult, Reschedule, Retry
from core.market import MarketError
from core.market_guard import BLOCKING_CODES
from core.markets import CATALOG_MAX_AGE_HOURS, CatalogSource, CatalogStore, MarketCatalog

log = logging.getLogger(__name__)

REFRESH_CATALOG: Final = "price.refresh_catalog"
_EVERY = timedelta(hours=CATALOG_MAX_AGE_HOURS)
BACKOFF: Final = Backoff(first=60.0, cap=3600.0)


class CatalogRefresh:
    def __init__(self, catalog: MarketCatalog, source: CatalogSource, store: CatalogStore) -> None:
        self.catalog = catalog
        self.source = source
        self.store = store

    def kind(self) -> JobKind:
        return JobKind(REFRESH_CATALOG, self.run, timeout=60.0, max_attempts=6, backoff=BACKOFF)

    async def run(self, job: Job, ctx: JobContext) -> JobResult:
        try:
            markets = await self.source.list_markets()
        except MarketError as exc:
            kept = len(self.catalog)
            log.warning("catalog refresh: %s (%s); keeping the %d markets known", exc.code, exc, kept)
            error = f"{exc.code}: {exc}; kept the {kept} markets known"
            if exc.code in BLOCKING_CODES:
                # Not before the block ends, and then not first: the backoff comes on top.
                block = timedelta(seconds=exc.retry_after or 0.0)
                return Retry(error, at=ctx.now + block + BACKOFF.delay(job.attempts))
            return Retry(error)
        await self.store.save(markets, ctx.now)
        self.catalog.replace(markets, ctx.now, "exchange")
        log.info("catalog refresh: %d USDT spot markets", len(markets))
        return Reschedule(ctx.now + _EVERY)


def due_at(catalog: MarketCatalog, now: datetime) -> datetime:
    """When the next refresh is due: now for a list older than a day (or built in), else a day
    after it was fetched."""
    if catalog.fetched_at is None or catalog.origin not in ("database", "exchange"):
        return now
    return max(now, catalog.fetched_at + _EVERY)


async def ensure_refresh(queue: JobQueue, catalog: MarketCatalog, now: datetime) -> None:
    """The one refresh job, queued if none is live (the dedupe key keeps it one row)."""
    await queue.enqueue(REFRESH_CATALOG, {}, due_at=due_at(catalog, now), dedupe_key=REFRESH_CATALOG)
