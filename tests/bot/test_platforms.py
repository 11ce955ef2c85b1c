"""Settings reach each platform adapter, and `deskmate run` starts exactly the configured ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.storage import migrate
from bot.platforms import discord_config, telegram_config
from bot.runtime import platform_coroutines
from bot.settings import Settings
from bot.wiring import build_app


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in list(__import__("os").environ):
        if name.startswith("DESKMATE_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESKMATE_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(tmp_path / "data"))
    migrate.upgrade(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}")  # as `deskmate` does before build_app
    return tmp_path


async def test_telegram_settings_map_onto_the_adapter_config(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DESKMATE_TELEGRAM__TOKEN", "123456:TEST-token")
    monkeypatch.setenv("DESKMATE_TELEGRAM__BASE_URL", "http://127.0.0.1:8081/bot")
    monkeypatch.setenv("DESKMATE_TELEGRAM__WEBHOOK_URL", "https://bot.example.test/hook")
    monkeypatch.setenv("DESKMATE_TELEGRAM__WEBHOOK_PORT", "9000")
    monkeypatch.setenv("DESKMATE_TELEGRAM__WEBHOOK_SECRET_TOKEN", "s3cret")
    monkeypatch.setenv("DESKMATE_LOCALE", "zh")
    app = await build_app(Settings())
    try:
        config = telegram_config(app)
        assert config.token == "123456:TEST-token"
        assert config.base_url == "http://127.0.0.1:8081/bot"
        assert (config.webhook_url, config.port, config.secret_token) == (
            "https://bot.example.test/hook",
            9000,
            "s3cret",
        )
        assert config.default_locale == "zh"
        assert "TEST-token" not in repr(config) and "s3cret" not in repr(config)
        jobs = platform_coroutines(app)
        assert list(jobs) == ["telegram"]
        for job in jobs.values():
            job.close()
    finally:
        await app.aclose()


async def test_discord_settings_and_run_with_both_platforms(
    env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DESKMATE_TELEGRAM__TOKEN", "123456:TEST-token")
    monkeypatch.setenv("DESKMATE_DISCORD__TOKEN", "discord-test-token")
    monkeypatch.setenv("DESKMATE_DISCORD__DEV_GUILD_ID", "42")
    app = await build_app(Settings())
    try:
        config = discord_config(app)
        assert (config.token, config.dev_guild_id) == ("discord-test-token", 42)
        jobs = platform_coroutines(app)
        assert sorted(jobs) == ["discord", "telegram"]
        only = platform_coroutines(app, "discord")
        assert list(only) == ["discord"]
        for job in (*jobs.values(), *only.values()):
            job.close()
    finally:
        await app.aclose()


async def test_no_token_no_platform(env: Path) -> None:
    app = await build_app(Settings())
    try:
        assert platform_coroutines(app) == {}
        assert app.core.planner is None  # no model configured: no model is ever called
    finally:
        await app.aclose()
