"""The composition root: settings in, a ready conversation core (and its resources) out."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.charts import MatplotlibChartRenderer
from adapters.demo_market import DemoMarket
from adapters.secrets import build_secret_box
from adapters.storage.engine import create_engine
from adapters.storage.migrate import upgrade
from adapters.storage.state_store import SqlStateStore
from adapters.storage.workspace_store import SqlWorkspaceStore
from bot.settings import Settings
from core.clock import Clock, SystemClock
from core.engine import Core, Planner
from core.market import MarketData
from core.market_cache import CachedMarket
from core.markets import MarketCatalog
from core.skills.price_service import PriceService
from core.workspace import build_workspace

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)


@dataclass
class App:
    """Everything a process runs on; ``aclose`` releases it."""

    settings: Settings
    core: Core
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
        import httpx  # only the live market needs an HTTP client (~0.15 s to import)

        from adapters.binance import BinanceMarket

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
    prices = PriceService(market, catalog, clock)
    planner: Planner | None = None
    closers: list[Any] = []
    if settings.llm.configured:  # the model is only a fallback for what no skill covers
        from bot.planner_wiring import build as build_planner

        planner, chat_model = build_planner(settings, engine, prices, charts, clock)
        closers.append(chat_model.aclose)
    store = SqlStateStore(engine)
    closers.append(store.close)
    secret_key = settings.secret_key.get_secret_value() if settings.secret_key is not None else None
    secrets = build_secret_box(secret_key, settings.data_dir)
    workspace_rules, workspace_skills = build_workspace(SqlWorkspaceStore(engine), secrets, clock)
    core = Core(
        store=store,
        prices=prices,
        charts=charts,
        clock=clock,
        default_locale=settings.locale,
        planner=planner,
        extra_rules=workspace_rules,
        extra_skills=workspace_skills,
    )
    return App(settings, core, engine, market, catalog, charts, http, closers)
