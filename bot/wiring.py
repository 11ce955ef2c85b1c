"""The composition root: settings in, a ready conversation core (and its resources) out."""

from __future__ import annotations

import importlib
import logging
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from adapters.charts import MatplotlibChartRenderer
from adapters.demo_market import DemoMarket
from adapters.storage.engine import create_engine
from adapters.storage.migrate import upgrade
from adapters.storage.price_alerts import SqlAlertStore
from adapters.storage.runner import close_shared_runner
from adapters.storage.state_store import SqlStateStore
from bot.catalog import bundled_catalog, demo_catalog, load_cached
from bot.errors import StartupError
from bot.settings import Settings
from bot.skills import build_registry
from core.clock import SystemClock
from core.engine import Core
from core.jobs import JobKinds, JobQueue
from core.market_cache import CachedMarket
from core.secrets import SECRET_BOX
from core.services import CATALOG, CATALOG_SOURCE, CATALOG_STORE, CHARTS, CLOCK, MARKET, Services
from core.skills.price_alert.ports import PRICE_ALERTS

# Only named here: the ports over trading, traders, strategies, P&L... are imported by the skills
# that use them (their services are provided by their keys' names: Services.provide_later).
if TYPE_CHECKING:
    import httpx
    from sqlalchemy.ext.asyncio import AsyncEngine

    from adapters.storage.trading import SqlOrderStore
    from core.clock import Clock
    from core.diagnosis.ports import ModelAnswer, ModelProbe
    from core.engine import Planner
    from core.jobs import JobKind, JobStore
    from core.market import BookData, MarketData
    from core.markets import CatalogSource, CatalogStore, MarketCatalog
    from core.outbound import DeliveryLog
    from core.planner.budget import TokenBudget
    from core.planner.ports import ModelResponse, UsageLedger
    from core.ports import ChartRenderer
    from core.secrets import SecretBox
    from core.skills.price_alert.ports import AlertStore
    from core.skills.registry import Registry, SkillSet
    from core.strategies import StrategyStore
    from core.tasks.audit import AuditLog
    from core.tasks.tokens import TokenStore
    from core.traders.ports import DecisionModels, TraderStore
    from core.trading.ports import LiveExchanges, OrderStore
    from core.trading.service import TradingConfig
    from core.workspace.accounts import ExchangeAccountRepository
    from core.workspace.model_configs import ModelConfig, ModelConfigRepository

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
        from adapters.storage.market_blocks import SqlMarketBlockStore
        from adapters.storage.market_weights import SqlMarketWeightStore
        from core.market_guard import MarketGuard

        http = httpx.AsyncClient(headers={"User-Agent": "deskmate/0.1"})
        # exchangeInfo (the daily catalog refresh) gets its own, longer budget: at least 30 s.
        binance = BinanceMarket(http, settings.binance.base_url, clock, settings.binance.timeout_seconds)
        guarded = MarketGuard(
            binance,
            SqlMarketBlockStore(engine),
            clock,
            weights=SqlMarketWeightStore(engine),
            weight_budget=settings.binance.weight_per_minute,
        )
        return CachedMarket(guarded, clock), http
    return CachedMarket(DemoMarket(clock), clock), None


async def _live_catalog(
    engine: AsyncEngine, market: MarketData, catalog: MarketCatalog, services: Services
) -> None:
    """The live market's catalog: the database's copy (refreshed daily from exchangeInfo) over the
    bundled snapshot, and the source and store the refresh job uses. The source is the prices'
    own MarketGuard (behind the caches): a recorded block stops the refresh too, and a 429/418
    from exchangeInfo is recorded for prices and every process."""
    from adapters.storage.market_catalog import SqlCatalogStore

    store = SqlCatalogStore(engine)
    try:
        await load_cached(catalog, store)
    except SQLAlchemyError:
        log.exception("could not read the cached market catalog; using the bundled snapshot")
    guard = market.inner if isinstance(market, CachedMarket) else market
    services.provide(CATALOG_SOURCE, cast("CatalogSource", guard)).provide(CATALOG_STORE, store)


def trading_config(settings: Settings) -> TradingConfig:
    from core.trading.risk import RiskLimits
    from core.trading.service import TradingConfig

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
    from core.planner.budget import TokenBudget

    llm = settings.llm
    ledger = cast("UsageLedger", deferred("adapters.storage.usage_ledger", "SqlUsageLedger", engine))
    return TokenBudget(ledger, llm.user_daily_token_budget, llm.site_daily_token_budget)


class Deferred:
    """A store (or chart renderer, or another service ``name`` makes: a class, or a function of
    ``args``) made, and its module imported, at its first use rather than at start: most of a
    process's stores are not needed for its first turn, nor at all for a price question, and
    importing each (its tables' ORM classes) was a part of every `deskmate ask`'s start.
    Anything asked of it is asked of the real one."""

    def __init__(self, module: str, name: str, *args: Any) -> None:
        self._where = (module, name, args)
        self._made: Any = None

    def made(self) -> Any:
        if self._made is None:
            module, name, args = self._where
            self._made = getattr(importlib.import_module(module), name)(*args)
        return self._made

    @property
    def is_made(self) -> bool:
        return self._made is not None

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.made(), attribute)

    async def close_if_made(self) -> None:
        if self._made is not None:
            await self._made.close()


def deferred(module: str, name: str, *args: Any) -> Deferred:
    return Deferred(module, name, *args)


@dataclass(frozen=True)
class Stores:
    """What the skills keep and read: SQL tables in a process (``sql_stores``), memory ones in
    tests (tests/fakes.py)."""

    secrets: SecretBox
    accounts: ExchangeAccountRepository
    models: ModelConfigRepository
    strategies: StrategyStore
    traders: TraderStore
    audit: AuditLog
    orders: OrderStore
    alerts: AlertStore


def sql_stores(
    engine: AsyncEngine, secrets: SecretBox, alerts: AlertStore, orders: SqlOrderStore | Deferred
) -> Stores:
    """A process's stores, all on ``engine`` (``alerts``, ``orders``: made by the caller, which
    closes them); each made at its first use (``Deferred``)."""
    storage = "adapters.storage."
    return Stores(
        secrets=secrets,
        accounts=cast(
            "ExchangeAccountRepository",
            deferred(storage + "exchange_accounts", "SqlExchangeAccounts", engine),
        ),
        models=cast("ModelConfigRepository", deferred(storage + "model_configs", "SqlModelConfigs", engine)),
        strategies=cast("StrategyStore", deferred(storage + "strategies", "SqlStrategies", engine)),
        traders=cast("TraderStore", deferred(storage + "traders", "SqlTraders", engine)),
        audit=cast("AuditLog", deferred(storage + "audit_log", "SqlAuditLog", engine)),
        orders=cast("OrderStore", orders),
        alerts=alerts,
    )


def build_skills(
    stores: Stores,
    *,
    clock: Clock,
    market: MarketData,
    catalog: MarketCatalog,
    charts: ChartRenderer | None = None,
    live: LiveExchanges | None = None,
    trading: TradingConfig | Callable[[], TradingConfig] | None = None,
    trading_catalog: MarketCatalog | None = None,
    decision_models: DecisionModels | None = None,
    model_budget: TokenBudget | None = None,
    jobs: JobQueue | None = None,
    deliveries: DeliveryLog | None = None,
    button_tokens: TokenStore | None = None,
    model_probe: ModelProbe | None = None,
    extra: Services | None = None,
    registry: Registry | None = None,
) -> SkillSet:
    """The one composition of deskmate's skills: every service they ask for, then every skill
    of ``registry`` (deskmate's own by default) built from them. A process passes its SQL stores
    and real adapters (``build_app``), tests their memory stores and fakes; ``extra`` holds any
    other service (a test skill's repository, the live catalog's source and store), and gets
    everything provided here. The optional ports are left out when not given (a skill that needs
    one says which is missing). ``trading_catalog``: the filters orders are checked against
    (``catalog`` unless given)."""
    services = extra if extra is not None else Services()
    services.provide(CLOCK, clock).provide(MARKET, market).provide(CATALOG, catalog)
    services.provide(SECRET_BOX, stores.secrets).provide(PRICE_ALERTS, stores.alerts)

    def trading_service() -> object:
        from core.trading.service import TradingService

        books = cast("BookData", market)
        config = trading() if callable(trading) else trading
        return TradingService(
            stores.orders, books, trading_catalog or catalog, clock, live=live, config=config
        )

    # The others by the name of their key, made when a skill first asks (Services.provide_later):
    # their keys' modules declare the ports over the models of trading, traders, strategies...
    # which a process answering a price question never loads.
    later: tuple[tuple[str, object | None], ...] = (
        ("core.workspace.accounts:EXCHANGE_ACCOUNTS", stores.accounts),
        ("core.workspace.model_configs:MODEL_CONFIGS", stores.models),
        ("core.strategies.model:STRATEGIES", stores.strategies),
        ("core.traders.ports:TRADERS", stores.traders),
        ("core.tasks.audit:AUDIT_LOG", stores.audit),
        ("core.trading.ports:ORDERS", stores.orders),
        ("core.trading.ports:LIVE_EXCHANGES", live),
        ("core.traders.ports:DECISION_MODELS", decision_models),
        ("core.traders.ports:MODEL_BUDGET", model_budget),
        ("core.jobs.queue:JOBS", jobs),
        ("core.outbound.ports:DELIVERIES", deliveries),
        ("core.tasks.tokens:BUTTON_TOKENS", button_tokens),
        ("core.diagnosis.ports:MODEL_PROBE", model_probe),
    )
    for key, value in later:
        if value is not None:
            services.provide_later(key, partial(_given, value))
    services.provide_later("core.trading.service:TRADING", trading_service)
    if charts is not None:
        services.provide(CHARTS, charts)
    return (registry or build_registry()).build(services)


def _given(value: object) -> object:
    return value


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
        await close_shared_runner(engine)  # the key check read on it
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
    storage = "adapters.storage."
    # Stores a question may never touch are made (their tables' ORM classes imported) at first use.
    job_store = deferred(storage + "jobs", "SqlJobStore", engine)
    closers.append(job_store.close_if_made)
    deliveries = cast("DeliveryLog", deferred(storage + "deliveries", "SqlDeliveryLog", engine))
    closers.append(cast(Deferred, deliveries).close_if_made)
    # The queue's kinds are the skills' own (built below from these same services) and any extra.
    jobs = JobQueue(cast("JobStore", job_store), JobKinds(), clock)
    alerts = SqlAlertStore(engine)
    closers.append(alerts.close)
    orders = deferred("adapters.storage.trading", "SqlOrderStore", engine)
    closers.append(orders.close_if_made)
    closers.append(partial(close_shared_runner, engine))  # the records' and traders' reads
    services = Services()  # provided by their keys' names (Services.provide_later), as below
    for key, made in (
        ("core.backtest.history:KLINE_CACHE", deferred(storage + "klines", "SqlKlineCache", engine)),
        (
            "core.backtest.picture:BACKTEST_CHARTS",
            deferred("adapters.charts.backtest", "MatplotlibBacktestCharts"),
        ),
        ("core.pnl.ports:SNAPSHOTS", deferred(storage + "pnl", "SqlSnapshotStore", engine)),  # daily equity
        ("core.pnl.picture:EQUITY_CHARTS", deferred("adapters.charts.equity", "MatplotlibEquityCharts")),
        ("core.pnl.weekly:WEEKLY_REPORTS", deferred(storage + "pnl", "SqlWeeklyReports", engine)),
    ):
        services.provide_later(key, partial(_given, made))
    if settings.market == "binance" and http is not None:
        await _live_catalog(engine, market, catalog, services)
    skills = build_skills(
        sql_stores(engine, secrets, alerts, orders),
        clock=clock,
        market=market,
        catalog=catalog,
        charts=charts,
        # ccxt's client and the trading models it speaks: at the first live call.
        live=cast("LiveExchanges", deferred(__name__, "build_live_exchanges", settings, secrets)),
        trading=partial(trading_config, settings),  # the trading service's, made with it
        decision_models=LazyDecisionModels(secrets),
        model_budget=cast("TokenBudget", deferred(__name__, "model_budget", settings, engine)),
        jobs=jobs,
        deliveries=deliveries,
        button_tokens=store,
        model_probe=LazyModelProbe(),
        extra=services,
    )
    from bot.retention import retention_kind  # queued by the job runner (bot.jobs)

    extra_kinds = [*EXTRA_JOB_KINDS, retention_kind(engine), *job_kinds]
    jobs.kinds.add_later(lambda: [*skills.job_kinds, *extra_kinds])  # made when a job is queued or run
    if services.find(CATALOG_SOURCE) is not None:
        try:  # one recurring job; a database hiccup here must not stop the process
            from core.skills.price.catalog_refresh import ensure_refresh

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
