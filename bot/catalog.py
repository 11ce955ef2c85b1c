"""The market catalog a process starts with: the database's copy of the exchange's list when there
is one (the daily refresh keeps it), else the snapshot bundled with deskmate (offline start, the
demo market, which adds labelled demo filters where the snapshot has none). Reading either is a
few milliseconds; the name indexes are built on first use."""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from core.markets import CatalogStore, MarketCatalog, MarketSpec, markets_from_rows

log = logging.getLogger(__name__)

SNAPSHOT = Path(__file__).resolve().with_name("data") / "market_catalog.json"


@cache
def _snapshot(path: Path) -> tuple[tuple[MarketSpec, ...], datetime | None]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    fetched = data.get("fetched_at")
    return tuple(markets_from_rows(data["symbols"])), datetime.fromisoformat(fetched) if fetched else None


def bundled_catalog(path: Path = SNAPSHOT) -> MarketCatalog:
    """A fresh catalog of the bundled snapshot (each caller may replace its own)."""
    markets, fetched_at = _snapshot(path)
    return MarketCatalog(markets, fetched_at=fetched_at, origin="snapshot")


def demo_catalog(path: Path = SNAPSHOT) -> MarketCatalog:
    """The demo market's catalog: the snapshot, with labelled demo filters where the exchange's
    are not known (adapters.demo_market.rules), so a paper order for any coin can be checked
    offline. Never the live market's: its orders wait for the exchange's own filters."""
    from adapters.demo_market import demo_rules

    markets, fetched_at = _snapshot(path)
    return MarketCatalog(markets, fetched_at=fetched_at, origin="snapshot", default_rules=demo_rules)


async def load_cached(catalog: MarketCatalog, store: CatalogStore) -> None:
    """The database's copy of the exchange's list, when there is one, replaces the snapshot."""
    cached = await store.load()
    if cached is not None:
        markets, fetched_at = cached
        catalog.replace(markets, fetched_at, "database")
        log.debug("market catalog: %d markets from the database (%s)", len(markets), fetched_at)


async def follow_cached(catalog: MarketCatalog, store: CatalogStore, *, every: float = 3600.0) -> None:
    """Keep a long-running process on the newest cached list: the daily refresh runs in whichever
    process claims its job, and the others take its result from the database within ``every``."""
    while True:
        await asyncio.sleep(every)
        try:
            cached = await store.load()
        except Exception:  # the database is unreachable for a moment: the list in hand stays
            log.warning("market catalog: could not read the cached list", exc_info=True)
            continue
        if cached is not None and (catalog.fetched_at is None or cached[1] > catalog.fetched_at):
            catalog.replace(cached[0], cached[1], "database")
            log.info("market catalog: %d markets from the database", len(cached[0]))
