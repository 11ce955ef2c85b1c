"""The daily catalog refresh: the exchange's list of USDT spot markets, cached for every process.

One recurring job ("price.refresh_catalog", one row thanks to its dedupe key) fetches the list,
writes it to the database in one transaction, swaps it into this process's catalog and runs
again a day later. A failed fetch keeps the list it has (never an empty one) and retries with
backoff; after its attempts it is rescheduled by the next start (ensure_refresh).
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
from core.markets import CATALOG_MAX_AGE_HOURS, CatalogSource, CatalogStore, MarketCatalog

log = logging.getLogger(__name__)

REFRESH_CATALOG: Final = "price.refresh_catalog"
_EVERY = timedelta(hours=CATALOG_MAX_AGE_HOURS)


class CatalogRefresh:
    def __init__(self, catalog: MarketCatalog, source: CatalogSource, store: CatalogStore) -> None:
        self.catalog = catalog
        self.source = source
        self.store = store

    def kind(self) -> JobKind:
        return JobKind(
            REFRESH_CATALOG, self.run, timeout=60.0, max_attempts=6, backoff=Backoff(first=60.0, cap=3600.0)
        )

    async def run(self, job: Job, ctx: JobContext) -> JobResult:
        try:
            markets = await self.source.list_markets()
        except MarketError as exc:
            log.warning("catalog refresh: %s; keeping the %d markets known", exc.code, len(self.catalog))
            return Retry(exc.code)
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
