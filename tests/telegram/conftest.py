"""A real python-telegram-bot Application on a recording Bot API, fed updates in-process."""

from __future__ import annotations

from collections.abc import AsyncIterator
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
