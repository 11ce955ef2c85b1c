"""Running the configured chat platforms in one process, on one event loop, and stopping
them all cleanly on Ctrl-C or SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Coroutine
from typing import Any

from bot.wiring import App
from core.outbound import PlatformRouter

log = logging.getLogger(__name__)


def platform_coroutines(
    app: App, only: str | None = None, outbound: PlatformRouter | None = None
) -> dict[str, Coroutine[Any, Any, None]]:
    """One long-running coroutine per configured platform (or just ``only``). With ``outbound``,
    each platform attaches its sender to it while it runs (the job runner speaks through it)."""
    settings = app.settings
    jobs: dict[str, Coroutine[Any, Any, None]] = {}
    if settings.telegram.token and only in (None, "telegram"):
        from bot.platforms import telegram_job

        jobs["telegram"] = telegram_job(app, outbound)
    if settings.discord.token and only in (None, "discord"):
        from bot.platforms import discord_job

        jobs["discord"] = discord_job(app, outbound)
    if outbound is not None:
        for platform in jobs:
            outbound.expect(platform)  # messages for it wait while it starts
    return jobs


async def run_until_signalled(
    jobs: dict[str, Coroutine[Any, Any, None]], *, stop_first: tuple[str, ...] = ()
) -> dict[str, BaseException]:
    """Run every job; the first to fail, or SIGINT/SIGTERM, stops them all. Jobs named in
    ``stop_first`` are stopped (and awaited) before the others: the job runner finishes its
    sends while the platforms it sends through still run. Returns the jobs that failed
    (name -> error): empty when a signal stopped them."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    tasks: dict[asyncio.Task[Any], str] = {
        asyncio.create_task(job, name=name): name for name, job in jobs.items()
    }
    stopper: asyncio.Task[Any] = asyncio.create_task(stop.wait(), name="signal")
    failed: dict[str, BaseException] = {}
    try:
        done, _ = await asyncio.wait({*tasks, stopper}, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            error = None if task is stopper or task.cancelled() else task.exception()
            if error is not None:
                log.error("%s stopped with an error: %r", tasks[task], error)
                failed[tasks[task]] = error
    finally:
        log.info("shutting down: %s", ", ".join(tasks.values()))
        first = [task for task, name in tasks.items() if name in stop_first]
        for task in first:
            task.cancel()
        await asyncio.gather(*first, return_exceptions=True)
        for task in (*tasks, stopper):
            task.cancel()
        await asyncio.gather(*tasks, stopper, return_exceptions=True)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
    return failed
