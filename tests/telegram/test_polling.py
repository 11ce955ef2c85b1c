"""The real update loops: long polling and the webhook server, against a local fake Bot API."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from adapters.telegram import TelegramConfig, serve
from core.events import Command
from tests.fakes import COMMANDS
from tests.telegram.bot_api_server import serve_fake_bot_api
from tests.telegram.fakes import TOKEN, ScriptedCore, message, update


async def wait_for(condition: Callable[[], Any], within: float = 10.0) -> Any:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while loop.time() < deadline:
        if result := condition():
            return result
        await asyncio.sleep(0.02)
    raise AssertionError("condition not met in time")


async def stop(task: asyncio.Task[None]) -> None:
    """Cancel serve() as the runtime does; it must end by cancellation, not by an error."""
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.wait_for(task, timeout=10)
    assert task.cancelled()


async def test_real_polling_loop_against_a_local_bot_api(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    core = ScriptedCore()
    with serve_fake_bot_api() as api:
        upd = update(message("/price btc"))
        api.updates.append(upd)
        config = TelegramConfig(token=TOKEN, base_url=api.base_url, base_file_url=api.base_url)
        task = asyncio.create_task(serve(config, core, COMMANDS))
        try:
            [sent] = await wait_for(lambda: api.of("sendMessage"))
            # the loop acknowledges the update: a later getUpdates asks for the next one
            await wait_for(lambda: any(p.get("offset") == upd["update_id"] + 1 for p in api.of("getUpdates")))
        finally:
            await stop(task)

    assert api.unknown_paths == []
    assert "getUpdates" in caplog.text  # the HTTP client did log its requests ...
    assert TOKEN not in caplog.text  # ... without the token in the URL
    assert TOKEN.partition(":")[2] not in caplog.text
    assert "<b>BTC/USDT</b>" in sent["text"] and sent["parse_mode"] == "HTML"
    assert sent["chat_id"] == 42
    [event] = core.events  # handled once
    assert isinstance(event, Command) and event.name == "price"
    menus = {p.get("language_code"): [c["command"] for c in p["commands"]] for p in api.of("setMyCommands")}
    assert set(menus) == {None, "zh", "en"}
    assert menus["zh"] == ["start", "help", "price", "history", "alert", "lang", "cancel"]
    assert api.of("deleteWebhook")  # polling makes sure no webhook is set
    assert all(
        set(p.get("allowed_updates", [])) <= {"message", "edited_message", "callback_query"}
        for p in api.of("getUpdates")
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_webhook_mode_checks_the_secret_and_answers() -> None:
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
            [hook] = await wait_for(lambda: api.of("setWebhook"))
            url = f"http://127.0.0.1:{port}/tg/hook"
            async with httpx.AsyncClient() as client:

                async def post(secret: str, body: dict[str, Any]) -> httpx.Response:
                    for _ in range(100):
                        try:
                            headers = {"X-Telegram-Bot-Api-Secret-Token": secret}
                            return await client.post(url, json=body, headers=headers)
                        except httpx.ConnectError:
                            await asyncio.sleep(0.05)
                    raise AssertionError("webhook server never listened")

                forged = await post("wrong", update(message("/price eth")))
                genuine = await post("s3cret-Token_1", update(message("/price btc")))
            [sent] = await wait_for(lambda: api.of("sendMessage"))
        finally:
            await stop(task)

    assert hook["url"] == "https://bot.example.test/tg/hook"
    assert hook["secret_token"] == "s3cret-Token_1"
    assert forged.status_code == 403
    assert genuine.status_code == 200
    assert "<b>BTC/USDT</b>" in sent["text"]
    assert [e.name for e in core.events if isinstance(e, Command)] == ["price"]
    assert len(core.events) == 1  # the forged update never reached the core


async def test_serve_takes_no_updates_before_its_warm_up_is_done() -> None:
    core = ScriptedCore()
    warmed = asyncio.Event()
    with serve_fake_bot_api() as api:
        api.updates.append(update(message("/price btc")))
        config = TelegramConfig(token=TOKEN, base_url=api.base_url, base_file_url=api.base_url)
        task = asyncio.create_task(serve(config, core, COMMANDS, before_updates=warmed.wait))
        try:
            await wait_for(lambda: len(api.of("setMyCommands")) == 3)  # set up meanwhile
            await asyncio.sleep(0.3)
            assert api.of("getUpdates") == [] and core.events == []
            warmed.set()
            await wait_for(lambda: api.of("sendMessage"))
        finally:
            await stop(task)
    assert len(core.events) == 1


async def test_deskmate_telegram_takes_updates_once_the_chart_warm_up_is_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first burst after a start is not the one that waits for matplotlib's import (every
    chart of it behind the import, and its turns sharing the GIL with it): the bot sets itself up
    while the chart pool warms, and takes updates (polling, or the webhook) once it is warm."""
    from adapters.charts import MatplotlibChartRenderer
    from adapters.charts import renderer as renderer_module
    from bot.platforms import telegram_job
    from bot.settings import Settings

    importing = threading.Event()
    monkeypatch.setattr(renderer_module, "_warm_up", lambda: importing.wait(10) and None)
    charts = MatplotlibChartRenderer()
    core = ScriptedCore()
    with serve_fake_bot_api() as api:
        api.updates.append(update(message("/price btc")))
        settings = Settings(
            _env_file=None, telegram={"token": TOKEN, "base_url": api.base_url, "base_file_url": api.base_url}
        )
        app = SimpleNamespace(
            settings=settings, core=core, skills=SimpleNamespace(commands=COMMANDS), charts=charts
        )
        task = asyncio.create_task(telegram_job(app))  # type: ignore[arg-type]
        try:
            await wait_for(lambda: len(api.of("setMyCommands")) == 3)
            await asyncio.sleep(0.3)
            assert api.of("getUpdates") == [] and core.events == []
            importing.set()
            await wait_for(lambda: api.of("sendMessage"))
        finally:
            importing.set()
            await stop(task)
            charts.close()
    assert len(core.events) == 1
