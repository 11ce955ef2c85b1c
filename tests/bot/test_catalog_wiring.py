"""The live market starts on the database's copy of the exchange's list and queues its daily
refresh (one job, however many processes start); the demo market starts on the bundled snapshot."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.market_catalog import SqlCatalogStore
from bot.settings import Settings
from bot.wiring import build_app, migrate
from core.clock import FixedClock
from core.market_cache import CachedMarket
from core.market_guard import MarketGuard
from core.markets import market_for
from core.skills.price.catalog_refresh import REFRESH_CATALOG

NOW = datetime(2026, 12, 2, 3, 0, tzinfo=UTC)


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    for key in list(os.environ):
        if key.startswith("DESKMATE_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}")
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DESKMATE_MARKET", "binance")
    return Settings()


async def test_the_live_market_uses_the_cached_list_and_queues_one_refresh(settings: Settings) -> None:
    migrate(settings)
    engine = create_engine(settings.database_url)
    await SqlCatalogStore(engine).save([market_for("BTC"), market_for("NEWCOIN")], NOW - timedelta(hours=3))
    await engine.dispose()
    apps = [await build_app(settings, clock=FixedClock(NOW)) for _ in range(2)]  # two processes
    try:
        catalog = apps[0].catalog
        assert catalog.origin == "database" and sorted(catalog.symbols) == ["BTCUSDT", "NEWCOINUSDT"]
        assert REFRESH_CATALOG in apps[0].jobs.kinds
        again = await apps[1].jobs.enqueue(REFRESH_CATALOG, {}, dedupe_key=REFRESH_CATALOG)
        assert again.created is False  # the one job both starts queued
        # exchangeInfo goes through the prices' own guard: one block stops both.
        refresh = apps[0].jobs.kinds[REFRESH_CATALOG].handler.__self__  # type: ignore[attr-defined]
        assert isinstance(refresh.source, MarketGuard)
        assert refresh.source is cast(CachedMarket, apps[0].market).inner
    finally:
        for app in apps:
            await app.aclose()


async def test_the_demo_market_starts_on_the_snapshot_with_no_refresh(
    settings: Settings, monkeypatch
) -> None:
    monkeypatch.setenv("DESKMATE_MARKET", "demo")
    demo = Settings()
    migrate(demo)
    app = await build_app(demo, clock=FixedClock(NOW))
    try:
        assert app.catalog.origin == "snapshot" and len(app.catalog) > 300
        assert REFRESH_CATALOG not in app.jobs.kinds
    finally:
        await app.aclose()


async def test_the_planners_prose_guard_knows_the_processs_full_catalog(
    settings: Settings, monkeypatch
) -> None:
    monkeypatch.setenv("DESKMATE_MARKET", "demo")
    monkeypatch.setenv("DESKMATE_LLM__API_KEY", "sk-test-not-used")
    monkeypatch.setenv("DESKMATE_LLM__BASE_URL", "http://127.0.0.1:9/v1")
    configured = Settings()
    migrate(configured)
    app = await build_app(configured, clock=FixedClock(NOW))
    try:
        planner = app.core.planner
        assert planner is not None and planner.guard.catalog is app.catalog
        assert [c.coin for c in planner.guard.coins_in("1inch and dogecoin")] == ["1INCH", "DOGE"]
    finally:
        await app.aclose()
