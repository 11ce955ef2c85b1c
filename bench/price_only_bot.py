"""The Telegram burst's baseline process: the same Telegram adapter (webhook mode, flood control)
and chart renderer as `deskmate telegram`, on the lightest core: the price skill alone, in-memory
state, the offline demo market. Reads the same DESKMATE_ variables as bench/webhook.py sets.

Run as ``python -m bench.price_only_bot``; SIGTERM stops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal

from adapters.charts import MatplotlibChartRenderer
from adapters.demo_market import DemoMarket
from adapters.telegram.app import serve
from adapters.telegram.config import TelegramConfig
from bot.catalog import bundled_catalog
from bot.settings import Settings
from core.clock import SystemClock
from core.engine import Core
from core.market_cache import CachedMarket
from core.memory_store import MemoryStateStore
from core.services import CATALOG, CHARTS, CLOCK, MARKET, Services
from core.skills import price
from core.skills.registry import Registry


async def main() -> None:
    settings = Settings(_env_file=None)
    s = settings.telegram
    assert s.token is not None and s.webhook_secret_token is not None
    config = TelegramConfig(
        token=s.token.get_secret_value(),
        base_url=s.base_url,
        webhook_url=s.webhook_url,
        listen=s.webhook_listen,
        port=s.webhook_port,
        secret_token=s.webhook_secret_token.get_secret_value(),
    )
    clock = SystemClock()
    charts = MatplotlibChartRenderer()
    charts.warm_up()  # and the bot takes updates once it is done, as `deskmate telegram` does
    services = Services().provide(CLOCK, clock).provide(MARKET, CachedMarket(DemoMarket(clock), clock))
    services.provide(CATALOG, bundled_catalog()).provide(CHARTS, charts)
    skills = Registry().register(price.SPEC).build(services)
    core = Core(store=MemoryStateStore(), skills=skills, clock=clock)
    bot = asyncio.create_task(serve(config, core, skills.commands, before_updates=charts.warmed))
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await asyncio.wait({bot, asyncio.create_task(stop.wait())}, return_when=asyncio.FIRST_COMPLETED)
    bot.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await bot
    await charts.aclose()


if __name__ == "__main__":
    asyncio.run(main())
