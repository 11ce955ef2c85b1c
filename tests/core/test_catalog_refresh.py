"""The daily catalog refresh job: a new list replaces the catalog and the cached copy, a failed
fetch keeps what is known, and the job runs again a day later."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any, cast

from bot.catalog import bundled_catalog
from core.jobs import JobContext, Reschedule, Retry
from core.market import MarketError, MarketErrorCode
from core.markets import MarketCatalog, MarketSpec, market_for
from core.services import CATALOG, CATALOG_SOURCE, CATALOG_STORE, CLOCK, MARKET, Services
from core.skills import price
from core.skills.price.catalog_refresh import REFRESH_CATALOG, CatalogRefresh, due_at
from core.skills.price.rules import PriceRule

NOW = datetime(2026, 12, 2, 3, 0, tzinfo=UTC)


class Source:
    def __init__(self, *answers: list[MarketSpec] | MarketError) -> None:
        self.answers = list(answers)

    async def list_markets(self) -> list[MarketSpec]:
        answer = self.answers.pop(0)
        if isinstance(answer, MarketError):
            raise answer
        return answer


class Store:
    def __init__(self) -> None:
        self.saved: list[tuple[list[str], datetime]] = []

    async def load(self) -> tuple[list[MarketSpec], datetime] | None:
        return None

    async def save(self, markets: Sequence[MarketSpec], fetched_at: datetime) -> None:
        self.saved.append(([m.symbol for m in markets], fetched_at))


def ctx() -> JobContext:
    return cast(JobContext, SimpleNamespace(now=NOW))


async def test_a_new_listing_is_cached_swapped_in_and_routed_at_once() -> None:
    catalog = bundled_catalog()
    rule = PriceRule(catalog)
    assert rule.route("NEWCOIN price").slots["unknown"] == "NEWCOIN"
    store = Store()
    listing = [market_for("BTC"), market_for("NEWCOIN")]
    result = await CatalogRefresh(catalog, Source(listing), store).run(cast(Any, None), ctx())
    assert result == Reschedule(NOW + timedelta(days=1))
    assert store.saved == [(["BTCUSDT", "NEWCOINUSDT"], NOW)]
    assert catalog.origin == "exchange" and catalog.fetched_at == NOW and len(catalog) == 2
    assert rule.route("NEWCOIN price").slots["symbols"] == ["NEWCOINUSDT"]  # the same rule object


async def test_a_failed_fetch_keeps_the_list_and_retries() -> None:
    catalog = bundled_catalog()
    before = len(catalog)
    store = Store()
    source = Source(
        MarketError(MarketErrorCode.UNAVAILABLE, "exchangeInfo: HTTP 503"),
        MarketError(MarketErrorCode.RATE_LIMITED, "exchangeInfo: HTTP 429", retry_after=30),
    )
    refresh = CatalogRefresh(catalog, source, store)
    failed = await refresh.run(cast(Any, SimpleNamespace(attempts=1)), ctx())
    kept = f"kept the {before} markets known"
    assert failed == Retry(f"market_unavailable: exchangeInfo: HTTP 503; {kept}")  # the kind's backoff
    # A rate limit: not before it ends, and the attempt's backoff (2 min after a second) on top.
    limited = await refresh.run(cast(Any, SimpleNamespace(attempts=2)), ctx())
    assert limited == Retry(
        f"market_rate_limited: exchangeInfo: HTTP 429; {kept}", at=NOW + timedelta(seconds=30 + 120)
    )
    assert len(catalog) == before and store.saved == []


def test_due_now_for_a_snapshot_else_a_day_after_the_fetch() -> None:
    assert due_at(bundled_catalog(), NOW) == NOW
    fresh = MarketCatalog([market_for("BTC")], fetched_at=NOW - timedelta(hours=2), origin="database")
    assert due_at(fresh, NOW) == NOW + timedelta(hours=22)
    stale = MarketCatalog([market_for("BTC")], fetched_at=NOW - timedelta(days=3), origin="database")
    assert due_at(stale, NOW) == NOW


def test_the_job_kind_exists_only_where_there_is_a_list_to_refresh_from() -> None:
    services = Services().provide(CATALOG, bundled_catalog())
    services.provide(CLOCK, cast(Any, None)).provide(MARKET, cast(Any, None))
    assert price.SPEC.jobs is not None and price.SPEC.jobs(services) == []  # the demo market
    services.provide(CATALOG_SOURCE, Source()).provide(CATALOG_STORE, Store())
    assert [k.name for k in price.SPEC.jobs(services)] == [REFRESH_CATALOG]


async def test_a_long_running_process_follows_the_cached_list() -> None:
    import asyncio

    from bot.catalog import follow_cached

    catalog = MarketCatalog([market_for("BTC")], fetched_at=NOW - timedelta(days=1), origin="database")

    class Cached(Store):
        async def load(self) -> tuple[list[MarketSpec], datetime] | None:
            return [market_for("BTC"), market_for("NEWCOIN")], NOW

    follower = asyncio.create_task(follow_cached(catalog, Cached(), every=0.01))
    for _ in range(100):
        await asyncio.sleep(0.01)
        if catalog.is_supported("NEWCOINUSDT"):
            break
    follower.cancel()
    assert catalog.is_supported("NEWCOINUSDT") and catalog.fetched_at == NOW
