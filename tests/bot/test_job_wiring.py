"""The job runner in a running process: `deskmate telegram` sends a job's message through the
running bot (on a local fake Bot API), Discord attaches its sender once logged in, settings
reach the runner, and on shutdown the runner stops before the platforms it speaks through."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from sqlalchemy import select

from adapters.storage.deliveries import deliveries
from bot.cli import _run
from bot.jobs import JOB_RUNNER, add_job_runner, build_runner
from bot.platforms import discord_job
from bot.runtime import run_until_signalled
from bot.settings import Settings
from bot.wiring import App, build_app, migrate
from core.jobs import Job, JobStatus
from core.outbound import Destination, PlatformRouter
from tests.bot.job_kinds import KINDS
from tests.telegram.bot_api_server import serve_fake_bot_api
from tests.telegram.fakes import TOKEN


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in list(os.environ):
        if name.startswith("DESKMATE_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DESKMATE_JOBS__POLL_SECONDS", "0.05")
    migrate(Settings())  # as `deskmate` does before build_app
    return tmp_path


async def eventually(check: Callable[[], Awaitable[Any]], within: float = 10.0) -> Any:
    """Poll ``check`` until it returns something truthy."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while loop.time() < deadline:
        if result := await check():
            return result
        await asyncio.sleep(0.02)
    raise AssertionError("condition not met in time")


async def test_deskmate_telegram_runs_jobs_through_the_running_bot(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serve_fake_bot_api() as api:
        monkeypatch.setenv("DESKMATE_TELEGRAM__TOKEN", TOKEN)
        monkeypatch.setenv("DESKMATE_TELEGRAM__BASE_URL", api.base_url)
        monkeypatch.setenv("DESKMATE_TELEGRAM__BASE_FILE_URL", api.base_url)
        settings = Settings()
        migrate(settings)
        app = await build_app(settings, job_kinds=KINDS)
        try:
            here = await app.jobs.enqueue(
                "test.notify", {"to": Destination.direct("telegram", "42").as_dict(), "text": "BTC > 70,000"}
            )
            elsewhere = await app.jobs.enqueue(
                "test.notify", {"to": Destination.direct("discord", "7").as_dict(), "text": "not here"}
            )
            running = asyncio.create_task(_run(app, "telegram", argparse.Namespace(sync=False)))

            async def sent() -> list[dict[str, Any]]:
                return api.of("sendMessage")

            async def job_where(job_id: str, ok: Callable[[Job], bool]) -> Job | None:
                job = await app.jobs.store.get(job_id)
                return job if job is not None and ok(job) else None

            [message] = await eventually(sent)
            assert message["chat_id"] == 42 and "BTC &gt; 70,000" in message["text"]
            await eventually(lambda: job_where(here.job_id, lambda j: j.status is JobStatus.DONE))
            # Discord does not run in this process: that job waits for a retry (another process may).
            other = await eventually(lambda: job_where(elsewhere.job_id, lambda j: j.last_error is not None))
            assert other.status is JobStatus.PENDING
            assert other.last_error == "delivery failed: platform_unavailable"

            os.kill(os.getpid(), signal.SIGTERM)
            assert await asyncio.wait_for(running, 10) == 0
            rows = await _deliveries(app)
            assert ("telegram", "sent", here.job_id) in rows
            assert ("discord", "failed", elsewhere.job_id) in rows
        finally:
            await app.aclose()
    assert len(api.of("sendMessage")) == 1


async def _deliveries(app: App) -> list[tuple[str, str, str | None]]:
    async with app.engine.connect() as conn:
        rows = await conn.execute(select(deliveries.c.platform, deliveries.c.status, deliveries.c.job_id))
        return [(r.platform, r.status, r.job_id) for r in rows]


async def test_discord_attaches_its_sender_once_logged_in_and_detaches_on_stop(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DESKMATE_DISCORD__TOKEN", "discord-test-token")
    logged_in = asyncio.Event()

    async def start(self: discord.Client, token: str, *, reconnect: bool = True) -> None:
        await self.setup_hook()  # discord.py's login() runs it once the HTTP session is up
        logged_in.set()
        await asyncio.Event().wait()

    monkeypatch.setattr(discord.Client, "start", start)
    app = await build_app(Settings())
    router = PlatformRouter()
    try:
        task = asyncio.create_task(discord_job(app, router))
        await asyncio.wait_for(logged_in.wait(), 5)
        assert router.platforms == {"discord"}
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert router.platforms == frozenset()
    finally:
        await app.aclose()


async def test_settings_reach_the_runner_and_can_turn_it_off(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DESKMATE_JOBS__LEASE_SECONDS", "90")
    monkeypatch.setenv("DESKMATE_JOBS__CONCURRENCY", "8")
    monkeypatch.setenv("DESKMATE_JOBS__SHUTDOWN_GRACE_SECONDS", "3")
    app = await build_app(Settings(), job_kinds=KINDS)
    try:
        config = build_runner(app, PlatformRouter()).config
        assert (config.poll_seconds, config.lease_seconds, config.concurrency, config.shutdown_grace) == (
            0.05,
            90,
            8,
            3,
        )
        coroutines: dict[str, Any] = {}
        add_job_runner(coroutines, app, PlatformRouter())
        assert list(coroutines) == [JOB_RUNNER]
        coroutines[JOB_RUNNER].close()

        app.settings.jobs.enabled = False
        coroutines = {}
        add_job_runner(coroutines, app, PlatformRouter())
        assert coroutines == {}
    finally:
        await app.aclose()
    monkeypatch.setenv("DESKMATE_JOBS__POLL_SECONDS", "0")
    with pytest.raises(ValueError, match="poll_seconds"):
        Settings()


async def test_on_shutdown_the_runner_stops_before_the_platforms() -> None:
    stopped: list[str] = []

    async def runner() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            await asyncio.sleep(0.05)  # finishing its last sends: the platforms must still run
            stopped.append("runner")

    async def platform(name: str) -> None:
        try:
            await asyncio.Event().wait()
        finally:
            stopped.append(name)

    loop = asyncio.get_running_loop()
    loop.call_later(0.05, os.kill, os.getpid(), signal.SIGTERM)
    await asyncio.wait_for(
        run_until_signalled(
            {"telegram": platform("telegram"), JOB_RUNNER: runner(), "discord": platform("discord")},
            stop_first=(JOB_RUNNER,),
        ),
        5,
    )
    assert stopped[0] == "runner" and sorted(stopped[1:]) == ["discord", "telegram"]


async def test_a_registered_skills_job_kinds_reach_the_queue(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A skill declares its job kinds in its SkillSpec; build_app hands them to the queue (and so
    to the runner and `deskmate tick`), and the skill reaches the queue through JOBS."""
    import bot.wiring
    from bot.skills import build_registry
    from core.jobs import DONE, JOBS, JobKind
    from core.skills.base import OneShotSkill
    from core.skills.registry import SkillSpec
    from core.tasks.actions import ActionSpec

    seen: dict[str, object] = {}

    async def tick(job: Job, ctx: object) -> object:
        return DONE

    class Pinger(OneShotSkill):
        name = "pinger"

        def __init__(self) -> None:
            super().__init__({"ping": ActionSpec(run=lambda *a: None)})  # type: ignore[arg-type,return-value]

    def build(services: object) -> Pinger:
        seen["jobs"] = services.get(JOBS)  # type: ignore[attr-defined]
        return Pinger()

    pinger = SkillSpec(
        name="pinger",
        build=build,  # type: ignore[arg-type]
        actions={"ping": ActionSpec(run=lambda *a: None)},  # type: ignore[arg-type,return-value]
        jobs=lambda services: [JobKind("pinger.tick", tick)],  # type: ignore[arg-type]
    )
    monkeypatch.setattr(bot.wiring, "build_registry", lambda: build_registry().register(pinger))
    app = await build_app(Settings())
    try:
        assert "pinger.tick" in app.jobs.kinds
        assert app.skills.skill("pinger") is not None  # built at its first use
        assert seen["jobs"] is app.jobs
        await app.jobs.enqueue("pinger.tick")  # a kind the queue knows: accepted
    finally:
        await app.aclose()
