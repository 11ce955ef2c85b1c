"""The composition root: settings in, a ready conversation core (and its resources) out."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.binance import BinanceMarket
from adapters.charts import MatplotlibChartRenderer
from adapters.demo_market import DemoMarket
from adapters.secrets import build_secret_box
from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.exchange_accounts import SqlExchangeAccounts
from adapters.storage.migrate import upgrade
from adapters.storage.model_configs import SqlModelConfigs
from adapters.storage.state_store import SqlStateStore
from bot.settings import Settings
from bot.skills import build_registry
from core.clock import Clock, SystemClock
from core.engine import Core, Planner
from core.market import MarketData
from core.market_cache import CachedMarket
from core.markets import MarketCatalog
from core.secrets import SECRET_BOX
from core.services import CATALOG, CHARTS, CLOCK, MARKET, Services
from core.skills.registry import SkillSet
from core.tasks.audit import AUDIT_LOG
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.model_configs import MODEL_CONFIGS

log = logging.getLogger(__name__)


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
    http: httpx.AsyncClient | None = None
    closers: list[Any] = field(default_factory=list)  # async callables run on shutdown

    async def aclose(self) -> None:
        for close in self.closers:
            await close()
        await self.charts.aclose()
        if self.http is not None:
            await self.http.aclose()
        await self.engine.dispose()


def migrate(settings: Settings) -> None:
    """Apply the Alembic migrations (idempotent; start-up calls it too)."""
    upgrade(settings.database_url)


def build_market(settings: Settings, clock: Clock) -> tuple[MarketData, httpx.AsyncClient | None]:
    """Binance over HTTP or the offline demo market, behind single-flight + a short TTL cache.
    The demo market is never a silent fallback for a failing Binance."""
    if settings.market == "binance":
        http = httpx.AsyncClient(headers={"User-Agent": "deskmate/0.1"})
        inner: MarketData = BinanceMarket(
            http, settings.binance.base_url, clock, settings.binance.timeout_seconds
        )
        return CachedMarket(inner, clock), http
    return CachedMarket(DemoMarket(clock), clock), None


async def build_app(
    settings: Settings, *, clock: Clock | None = None, market: MarketData | None = None
) -> App:
    clock = clock or SystemClock()
    catalog = MarketCatalog()
    http: httpx.AsyncClient | None = None
    if market is None:
        market, http = build_market(settings, clock)
    engine = create_engine(settings.database_url)
    charts = MatplotlibChartRenderer()
    secret_key = settings.secret_key.get_secret_value() if settings.secret_key is not None else None
    services = (
        Services()
        .provide(CLOCK, clock)
        .provide(MARKET, market)
        .provide(CATALOG, catalog)
        .provide(CHARTS, charts)
        .provide(SECRET_BOX, build_secret_box(secret_key, settings.data_dir))
        .provide(EXCHANGE_ACCOUNTS, SqlExchangeAccounts(engine))
        .provide(MODEL_CONFIGS, SqlModelConfigs(engine))
        .provide(AUDIT_LOG, SqlAuditLog(engine))
    )
    skills = build_registry().build(services)
    planner: Planner | None = None
    closers: list[Any] = []
    if settings.llm.configured:  # the model is only a fallback for what no rule covers
        from bot.planner_wiring import build as build_planner

        planner, chat_model = build_planner(settings, engine, skills, clock)
        closers.append(chat_model.aclose)
    store = SqlStateStore(engine)
    closers.append(store.close)
    core = Core(store=store, skills=skills, clock=clock, default_locale=settings.locale, planner=planner)
    return App(settings, core, skills, engine, market, catalog, charts, http, closers)
