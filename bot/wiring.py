"""The composition root: settings in, a ready conversation core (and its resources) out."""

from __future__ import annotations

import logging
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.charts import MatplotlibChartRenderer
from adapters.demo_market import DemoMarket
from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.deliveries import SqlDeliveryLog
from adapters.storage.engine import create_engine
from adapters.storage.exchange_accounts import SqlExchangeAccounts
from adapters.storage.jobs import SqlJobStore
from adapters.storage.market_blocks import SqlMarketBlockStore
from adapters.storage.market_catalog import SqlCatalogStore
from adapters.storage.migrate import upgrade
from adapters.storage.model_configs import SqlModelConfigs
from adapters.storage.price_alerts import SqlAlertStore
from adapters.storage.state_store import SqlStateStore
from adapters.storage.strategies import SqlStrategies
from adapters.storage.traders import SqlTraders
from adapters.storage.trading import SqlOrderStore
from adapters.storage.usage_ledger import SqlUsageLedger
from bot.catalog import bundled_catalog, demo_catalog, load_cached
from bot.errors import StartupError
from bot.settings import Settings
from bot.skills import build_registry
from core.clock import Clock, SystemClock
from core.diagnosis.ports import MODEL_PROBE, ModelAnswer
from core.engine import Core, Planner
from core.jobs import JOBS, JobKind, JobKinds, JobQueue
from core.market import BookData, MarketData
from core.market_cache import CachedMarket
from core.market_guard import MarketGuard
from core.markets import CatalogSource, CatalogStore, MarketCatalog
from core.outbound import DELIVERIES, DeliveryLog
from core.planner.budget import TokenBudget
from core.planner.ports import ModelResponse
from core.secrets import SECRET_BOX, SecretBox
from core.services import CATALOG, CATALOG_SOURCE, CATALOG_STORE, CHARTS, CLOCK, MARKET, Services
from core.skills.price.catalog_refresh import ensure_refresh
from core.skills.price_alert.ports import PRICE_ALERTS
from core.skills.registry import SkillSet
from core.strategies import STRATEGIES
from core.tasks.audit import AUDIT_LOG
from core.tasks.tokens import BUTTON_TOKENS
from core.traders.ports import DECISION_MODELS, MODEL_BUDGET, TRADERS, DecisionModels
from core.trading.ports import LIVE_EXCHANGES, ORDERS, LiveExchanges
from core.trading.risk import RiskLimits
from core.trading.service import TRADING, TradingConfig, TradingService
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.model_configs import MODEL_CONFIGS, ModelConfig

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

# Job kinds of a one-off composition (a test's own kinds, for `deskmate tick` in a subprocess).
# Skills declare theirs in their SkillSpec (``jobs``); build_app(job_kinds=...) adds more too.
EXTRA_JOB_KINDS: tuple[JobKind, ...] = ()


@dataclass
class App:
    """Everything a process runs on; ``aclose`` releases it."""

    settings: Settings
    core: Core
    skills: SkillSet
    engine: AsyncEngine
    market: MarketData
    catalog: MarketCatalog
    charts: MatplotlibChartRenderer
    clock: Clock
    jobs: JobQueue  # enqueue jobs; .store and .kinds are what a runner needs
    deliveries: DeliveryLog
    http: httpx.AsyncClient | None = None
    closers: list[Any] = field(default_factory=list)  # async callables run on shutdown
    catalog_store: CatalogStore | None = None  # the live market's cached list (None: demo)

    async def aclose(self) -> None:
        for close in self.closers:
            await close()
        await self.charts.aclose()
        if self.http is not None:
            await self.http.aclose()
        await self.engine.dispose()


def migrate(settings: Settings) -> None:
    """Apply the Alembic migrations (idempotent; start-up calls it too). A database that cannot
    be reached is a StartupError naming it (password hidden) and the driver's reason."""
    try:
        upgrade(settings.database_url)
    except (SQLAlchemyError, OSError) as exc:
        where = make_url(settings.database_url).render_as_string(hide_password=True)
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        raise StartupError(
            f"cannot use the database {where}: {reason[0] if reason else type(exc).__name__}"
        ) from None


def secure_data_dir(settings: Settings) -> None:
    """The data directory (key file, default database) is 0700 whatever the umask it was made
    with; it is only created where it is needed (the key file, the database), 0700 too."""
    path = settings.data_dir
    try:
        if path.is_dir() and stat.S_IMODE(path.stat().st_mode) != 0o700:
            path.chmod(0o700)
    except PermissionError:
        log.warning("cannot restrict the permissions of %s to 700", path)


def build_market(
    settings: Settings, clock: Clock, engine: AsyncEngine
) -> tuple[MarketData, httpx.AsyncClient | None]:
    """Binance over HTTP or the offline demo market, behind single-flight + a short TTL cache.
    Binance's rate limits and bans are respected by every process on the database (MarketGuard).
    The demo market is never a silent fallback for a failing Binance."""
    if settings.market == "binance":
        import httpx  # only the live market needs an HTTP client (~0.15 s to import)

        from adapters.binance import BinanceMarket

        http = httpx.AsyncClient(headers={"User-Agent": "deskmate/0.1"})
        # exchangeInfo (the daily catalog refresh) gets its own, longer budget: at least 30 s.
        binance = BinanceMarket(http, settings.binance.base_url, clock, settings.binance.timeout_seconds)
        guarded = MarketGuard(binance, SqlMarketBlockStore(engine), clock)
        return CachedMarket(guarded, clock), http
    return CachedMarket(DemoMarket(clock), clock), None


async def _live_catalog(
    engine: AsyncEngine, market: MarketData, catalog: MarketCatalog, services: Services
) -> None:
    """The live market's catalog: the database's copy (refreshed daily from exchangeInfo) over the
    bundled snapshot, and the source and store the refresh job uses. The source is the prices'
    own MarketGuard (behind the caches): a recorded block stops the refresh too, and a 429/418
    from exchangeInfo is recorded for prices and every process."""
    store = SqlCatalogStore(engine)
    try:
        await load_cached(catalog, store)
    except SQLAlchemyError:
        log.exception("could not read the cached market catalog; using the bundled snapshot")
    guard = market.inner if isinstance(market, CachedMarket) else market
    services.provide(CATALOG_SOURCE, cast(CatalogSource, guard)).provide(CATALOG_STORE, store)


def trading_config(settings: Settings) -> TradingConfig:
    t = settings.trading
    limits = RiskLimits(t.max_order_notional, t.max_equity_share, t.confirm_twice_share, t.price_tolerance)
    return TradingConfig(t.taker_fee, limits)


class LazyModelProbe:
    """core.diagnosis.ports.ModelProbe, loading httpx's probe only when a diagnosis runs (the
    adapters.llm package imports the openai SDK, which a start must not pay for)."""

    async def complete(self, base_url: str, model: str, api_key: str, seconds: float) -> ModelAnswer:
        from adapters.llm.probe import HttpModelProbe

        return await HttpModelProbe().complete(base_url, model, api_key, seconds)


def build_live_exchanges(settings: Settings, secrets: SecretBox) -> LiveExchanges:
    """Live accounts' signed calls through ccxt (imported by the first live call, never at start)."""
    from adapters.exchanges import CcxtExchanges, Endpoints

    endpoints = {
        "binance": Endpoints(settings.binance.base_url, None),
        "binance_testnet": Endpoints(None, settings.binance.testnet_base_url),
        "okx": Endpoints(settings.okx.base_url, settings.okx.testnet_base_url),
        "bybit": Endpoints(settings.bybit.base_url, settings.bybit.testnet_base_url),
    }
    return CcxtExchanges(secrets, endpoints, timeout_seconds=settings.trading.exchange_timeout_seconds)


class LazyDecisionModels:
    """An ai trader's model calls (adapters.llm.decisions), importing the openai SDK with the
    first call rather than at start-up."""

    def __init__(self, secrets: SecretBox) -> None:
        self._secrets = secrets
        self._real: DecisionModels | None = None

    async def complete(
        self,
        config: ModelConfig,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        timeout: float,  # noqa: ASYNC109 - the port's own
    ) -> ModelResponse:
        if self._real is None:
            from adapters.llm.decisions import OpenAIDecisionModels

            self._real = OpenAIDecisionModels(self._secrets)
        return await self._real.complete(config, messages, max_tokens=max_tokens, timeout=timeout)


def model_budget(settings: Settings, engine: AsyncEngine) -> TokenBudget:
    """The daily token budgets ai traders count against: the planner's, on the same ledger."""
    llm = settings.llm
    return TokenBudget(SqlUsageLedger(engine), llm.user_daily_token_budget, llm.site_daily_token_budget)


async def build_app(
    settings: Settings,
    *,
    clock: Clock | None = None,
    market: MarketData | None = None,
    job_kinds: Iterable[JobKind] = (),
) -> App:
    clock = clock or SystemClock()
    catalog = bundled_catalog()  # the database's fresher copy replaces it below (live market)
    http: httpx.AsyncClient | None = None
    engine = create_engine(settings.database_url)
    from bot.secret_keys import open_secret_box  # cryptography: only for a process that starts

    try:  # before anything else: a wrong key must stop the process before it touches data
        secrets = await open_secret_box(settings, engine, clock)
    except BaseException:
        await engine.dispose()
        raise
    if market is None:
        market, http = build_market(settings, clock, engine)
    if market.source == "demo":  # invented (labelled) filters only beside invented prices
        catalog = demo_catalog()
    charts = MatplotlibChartRenderer()
    closers: list[Any] = []
    store = SqlStateStore(engine)
    closers.append(store.close)
    job_store = SqlJobStore(engine)
    closers.append(job_store.close)
    deliveries = SqlDeliveryLog(engine)
    closers.append(deliveries.close)
    # The queue's kinds are the skills' own (built below from these same services) and any extra.
    jobs = JobQueue(job_store, JobKinds(), clock)
    orders = SqlOrderStore(engine)
    live = build_live_exchanges(settings, secrets)
    alerts = SqlAlertStore(engine)
    closers.append(alerts.close)
    trading = TradingService(
        orders, cast(BookData, market), catalog, clock, live=live, config=trading_config(settings)
    )
    services = (
        Services()
        .provide(CLOCK, clock)
        .provide(MARKET, market)
        .provide(CATALOG, catalog)
        .provide(CHARTS, charts)
        .provide(SECRET_BOX, secrets)
        .provide(EXCHANGE_ACCOUNTS, SqlExchangeAccounts(engine))
        .provide(MODEL_CONFIGS, SqlModelConfigs(engine))
        .provide(STRATEGIES, SqlStrategies(engine))
        .provide(TRADERS, SqlTraders(engine))
        .provide(DECISION_MODELS, LazyDecisionModels(secrets))
        .provide(MODEL_BUDGET, model_budget(settings, engine))
        .provide(AUDIT_LOG, SqlAuditLog(engine))
        .provide(JOBS, jobs)
        .provide(DELIVERIES, deliveries)
        .provide(ORDERS, orders)
        .provide(TRADING, trading)
        .provide(LIVE_EXCHANGES, live)
        .provide(PRICE_ALERTS, alerts)
        .provide(BUTTON_TOKENS, store)
        .provide(MODEL_PROBE, LazyModelProbe())
    )
    if settings.market == "binance" and http is not None:
        await _live_catalog(engine, market, catalog, services)
    skills = build_registry().build(services)
    jobs.kinds.add([*skills.job_kinds, *EXTRA_JOB_KINDS, *job_kinds])
    if services.find(CATALOG_SOURCE) is not None:
        try:  # one recurring job; a database hiccup here must not stop the process
            await ensure_refresh(jobs, catalog, clock.now())
        except SQLAlchemyError:
            log.exception("could not queue the market catalog refresh")
    planner: Planner | None = None
    if settings.llm.configured:  # the model is only a fallback for what no rule covers
        from bot.planner_wiring import build as build_planner

        planner, chat_model = build_planner(settings, engine, skills, clock, catalog)
        closers.append(chat_model.aclose)
    core = Core(store=store, skills=skills, clock=clock, default_locale=settings.locale, planner=planner)
    return App(
        settings=settings,
        core=core,
        skills=skills,
        engine=engine,
        market=market,
        catalog=catalog,
        charts=charts,
        clock=clock,
        jobs=jobs,
        deliveries=deliveries,
        http=http,
        closers=closers,
        catalog_store=services.find(CATALOG_STORE),
    )
