"""Debug logging of python-telegram-bot never prints what people typed (API keys are typed in DMs)."""

from __future__ import annotations

import asyncio
import logging

import httpx
import pytest

from adapters.telegram import TelegramConfig, serve
from core.events import TextMessage
from tests.fakes import COMMANDS
from tests.telegram.bot_api_server import serve_fake_bot_api
from tests.telegram.fakes import TOKEN, ScriptedCore, message, update
from tests.telegram.test_polling import free_port, stop, wait_for

SECRET = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A"


async def test_polled_updates_are_not_logged_with_their_text(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    core = ScriptedCore()
    with serve_fake_bot_api() as api:
        api.updates.append(update(message(SECRET)))
        config = TelegramConfig(token=TOKEN, base_url=api.base_url, base_file_url=api.base_url)
        task = asyncio.create_task(serve(config, core, COMMANDS))
        try:
            await wait_for(lambda: core.events)
            await wait_for(lambda: api.of("sendMessage"))
        finally:
            await stop(task)

    [event] = core.events
    assert isinstance(event, TextMessage) and event.text == SECRET  # the core did get it
    assert "getUpdates" in caplog.text  # debug logging was on
    assert SECRET not in caplog.text


async def test_webhook_updates_are_not_logged_with_their_text(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    core = ScriptedCore()
    port = free_port()
    with serve_fake_bot_api() as api:
        config = TelegramConfig(
            token=TOKEN,
            base_url=api.base_url,
            base_file_url=api.base_url,
            webhook_url="https://bot.example.test/tg/hook",
            listen="127.0.0.1",
            port=port,
            secret_token="s3cret-Token_1",
        )
        task = asyncio.create_task(serve(config, core, COMMANDS))
        try:
            await wait_for(lambda: api.of("setWebhook"))
            headers = {"X-Telegram-Bot-Api-Secret-Token": "s3cret-Token_1"}
            async with httpx.AsyncClient() as client:
                for _ in range(100):
                    try:
                        await client.post(
                            f"http://127.0.0.1:{port}/tg/hook", json=update(message(SECRET)), headers=headers
                        )
                        break
                    except httpx.ConnectError:
                        await asyncio.sleep(0.05)
            await wait_for(lambda: core.events)
        finally:
            await stop(task)

    assert SECRET not in caplog.text
