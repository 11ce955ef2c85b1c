"""The daily catalog refresh (exchangeInfo, request weight 20) goes through the same rate-limit
guard as prices, shared by every process on the database: a recorded block stops it before any
request, and a 429/418 from exchangeInfo is recorded so prices stop too. The job retries after
the block and its backoff, and the catalog keeps the list it has. httpx.MockTransport plays
Binance; each "process" has its own engine, HTTP client, guard and job runner."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from adapters.binance import BinanceMarket
from adapters.storage.engine import create_engine
from adapters.storage.jobs import SqlJobStore
from adapters.storage.market_blocks import SqlMarketBlockStore
from adapters.storage.market_catalog import SqlCatalogStore
from bot.catalog import bundled_catalog
from core.clock import FixedClock
from core.jobs import JobKinds, JobOutcome, JobQueue, JobRunner, JobStatus
from core.market import MarketError, MarketErrorCode
from core.market_guard import MarketGuard
from core.outbound import PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.skills.price.catalog_refresh import REFRESH_CATALOG, CatalogRefresh, ensure_refresh

NOW = datetime(2026, 12, 3, 4, 0, tzinfo=UTC)
SNAPSHOT_SIZE = len(bundled_catalog())


def exchange_info(*bases: str) -> httpx.Response:
    rows = [
        {
            "symbol": f"{b}USDT",
            "status": "TRADING",
            "baseAsset": b,
            "quoteAsset": "USDT",
            "filters": [
                {"filterType": "PRICE_FILTER", "tickSize": "0.01"},
                {"filterType": "LOT_SIZE", "minQty": "0.001", "maxQty": "9000", "stepSize": "0.001"},
                {"filterType": "NOTIONAL", "minNotional": "5"},
            ],
        }
        for b in bases
    ]
    return httpx.Response(200, json={"symbols": rows})


def ticker() -> httpx.Response:
    body = {"symbol": "BTCUSDT", "bidPrice": "91000.00", "askPrice": "91000.01"}
    return httpx.Response(200, json=body)


class Binance:
    """Scripted answers per path; every request is recorded."""

    def __init__(self, **answers: list[httpx.Response]) -> None:
        self.answers = answers
        self.requests: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request.url.path)
        name = request.url.path.rsplit("/", 1)[-1]
        queue = self.answers.get(name)
        if not queue:
            return httpx.Response(500)  # an unscripted call fails the test's request count anyway
        return queue.pop(0)


class Process:
    """One deskmate process on the shared database, wired as bot.wiring does: the refresh's
    source is the prices' MarketGuard."""

    def __init__(self, url: str, clock: FixedClock, binance: Binance) -> None:
        self.engine = create_engine(url)
        self.binance = binance
        self.http = httpx.AsyncClient(transport=httpx.MockTransport(binance))
        market = BinanceMarket(self.http, "https://binance.test", clock, retry_backoff_seconds=0.0)
        self.guard = MarketGuard(market, SqlMarketBlockStore(self.engine), clock)
        self.catalog = bundled_catalog()
        self.refresh = CatalogRefresh(self.catalog, self.guard, SqlCatalogStore(self.engine))
        self.jobs = SqlJobStore(self.engine)
        kinds = JobKinds([self.refresh.kind()])
        outbound = RecordedOutbound(PlatformRouter(wait_seconds=0.05), MemoryDeliveryLog(), clock)
        self.runner = JobRunner(self.jobs, kinds, outbound, clock, owner="test")
        self.queue = JobQueue(self.jobs, kinds, clock)

    async def aclose(self) -> None:
        await self.jobs.close()
        await self.http.aclose()
        await self.engine.dispose()


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(NOW)


@pytest.fixture
async def processes(db_url: str, clock: FixedClock) -> AsyncIterator[Callable[[Binance], Process]]:
    made: list[Process] = []

    def make(binance: Binance) -> Process:
        made.append(Process(db_url, clock, binance))
        return made[-1]

    yield make
    for process in made:
        await process.aclose()


async def test_a_block_recorded_by_another_process_stops_the_refresh_before_any_request(
    processes: Callable[[Binance], Process], clock: FixedClock
) -> None:
    banned = processes(Binance(bookTicker=[httpx.Response(418, headers={"Retry-After": "300"})]))
    refresher = processes(Binance(exchangeInfo=[exchange_info("BTC", "NEWCOIN")]))
    with pytest.raises(MarketError):
        await banned.guard.get_quote("BTCUSDT")  # Binance bans the first process's IP
    await ensure_refresh(refresher.queue, refresher.catalog, clock.now())

    [run] = await refresher.runner.run_due()

    assert refresher.binance.requests == []  # nothing was sent to Binance
    assert run.outcome is JobOutcome.RETRY
    assert run.error == (
        f"market_blocked: binance is blocking requests; 300 s left; kept the {SNAPSHOT_SIZE} markets known"
    )
    # After the block, and its backoff on top: the first call after a ban is a light one.
    assert run.next_due == NOW + timedelta(seconds=300 + 60)
    job = await refresher.jobs.get(run.job_id)
    assert job is not None and job.kind == REFRESH_CATALOG
    assert (job.status, job.due_at, job.last_error) == (JobStatus.PENDING, run.next_due, run.error)
    assert refresher.catalog.origin == "snapshot" and len(refresher.catalog) == SNAPSHOT_SIZE

    clock.advance(359)
    assert await refresher.runner.run_due() == []  # not before its time
    clock.advance(1)
    [run] = await refresher.runner.run_due()
    assert run.outcome is JobOutcome.RESCHEDULED and run.next_due == clock.now() + timedelta(days=1)
    assert refresher.binance.requests == ["/api/v3/exchangeInfo"]
    assert sorted(refresher.catalog.symbols) == ["BTCUSDT", "NEWCOINUSDT"]


@pytest.mark.parametrize(
    ("status", "retry_after", "code", "wait"),
    [
        (418, "120", MarketErrorCode.BLOCKED, 120),
        (429, "30", MarketErrorCode.RATE_LIMITED, 30),
        (429, "99999", MarketErrorCode.BLOCKED, 300),  # a longer wait is a block, capped
    ],
)
async def test_a_429_or_418_from_exchange_info_is_recorded_and_stops_prices_everywhere(
    processes: Callable[[Binance], Process],
    clock: FixedClock,
    status: int,
    retry_after: str,
    code: str,
    wait: int,
) -> None:
    limited = httpx.Response(status, headers={"Retry-After": retry_after})
    refresher = processes(Binance(exchangeInfo=[limited]))
    other = processes(Binance(bookTicker=[ticker()]))
    await ensure_refresh(refresher.queue, refresher.catalog, clock.now())

    [run] = await refresher.runner.run_due()

    assert refresher.binance.requests == ["/api/v3/exchangeInfo"]  # one request, no retry
    assert run.outcome is JobOutcome.RETRY and run.next_due == NOW + timedelta(seconds=wait + 60)
    assert run.error == f"{code}: /api/v3/exchangeInfo: HTTP {status}; kept the {SNAPSHOT_SIZE} markets known"
    assert len(refresher.catalog) == SNAPSHOT_SIZE
    block = await SqlMarketBlockStore(other.engine).get_block("binance")
    assert block is not None and (block.reason, block.ends_at) == (code, NOW + timedelta(seconds=wait))
    for process in (refresher, other):  # this process and another one: prices stop too
        with pytest.raises(MarketError) as err:
            await process.guard.get_quote("BTCUSDT")
        assert err.value.code == code and err.value.retry_after == wait
    assert other.binance.requests == [] and refresher.binance.requests == ["/api/v3/exchangeInfo"]

    clock.advance(wait + 1)  # the block is over: prices are called again
    assert (await other.guard.get_quote("BTCUSDT")).symbol == "BTCUSDT"
