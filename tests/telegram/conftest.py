"""A real python-telegram-bot Application on a recording Bot API, fed updates in-process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from telegram import Update

from adapters.telegram import TelegramConfig, build_application
from adapters.telegram.app import TelegramApp
from adapters.telegram.flood import FloodControl, Limits
from core.ports import ConversationHandler
from tests.fakes import COMMANDS
from tests.telegram.fakes import TOKEN, RecordingRequest, ScriptedCore
from tests.telegram.virtual_time import VirtualTimeLoop


def pytest_asyncio_loop_factories(
    config: pytest.Config, item: pytest.Item
) -> Mapping[str, Callable[[], asyncio.AbstractEventLoop]]:
    """A test marked ``virtual_time`` runs on a loop whose clock moves only when it is idle
    (virtual_time.py): what it measures is the code's timing, not how busy the machine is."""
    if item.get_closest_marker("virtual_time") is not None:
        return {"virtual_time": VirtualTimeLoop}
    return {"asyncio": asyncio.new_event_loop}


@dataclass
class Harness:
    app: TelegramApp
    api: RecordingRequest
    core: Any

    async def feed(self, data: dict[str, Any]) -> None:
        """Deliver one update as the Updater would, and wait until it is handled."""
        await self.app.process_update(Update.de_json(data, self.app.bot))


# Telegram's limits, except a shorter gap between two messages in one chat, so tests of what a
# reply says do not wait a second per message. test_pacing.py tests the real limits.
QUICK = Limits(chat_interval=0.01)


async def start_harness(handler: ConversationHandler, *, limits: Limits = QUICK, **config: Any) -> Harness:
    api = RecordingRequest()
    app = build_application(
        TelegramConfig(token=TOKEN, **config),
        handler,
        commands=COMMANDS,
        request=api,
        get_updates_request=RecordingRequest(),
        flood=FloodControl(limits),
    )
    await app.initialize()
    api.calls.clear()  # getMe at start-up is not what the tests look at
    return Harness(app, api, handler)


@pytest.fixture
async def tg() -> AsyncIterator[Harness]:
    harness = await start_harness(ScriptedCore())
    yield harness
    await harness.app.shutdown()
