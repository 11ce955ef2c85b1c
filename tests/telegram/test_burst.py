"""A burst as it ships: 120 users ask for a chart at the same moment, answered by the core
`deskmate` builds (bot.wiring.build_app: every skill, a SQLite file, the chart renderer) through
the real Telegram adapter (python-telegram-bot over HTTP) and its flood control at Telegram's
limits, against the bench's fake Bot API (its own process on 127.0.0.1, answering after 5 ms).
Every user gets the chart, once; a burst that stalls fails the test.

(Before, each slow turn queued "typing…" indicators in the bot-wide 30 a second and a finished
turn's queued indicator kept its slot: answers waited behind indicators, and a burst could
starve for minutes.)"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from cryptography.fernet import Fernet
from telegram import Update

from adapters.telegram import TelegramConfig, build_application
from bench.fakes import CONTENT, TOKEN, Fake, running
from bot.settings import Settings
from bot.wiring import App, build_app, migrate
from tests.telegram.fakes import message, update, user

USERS = 120
QUESTION = "BTC price and its 7-day trend"
STALL = 90.0  # seconds: 120 answers need 4 s at 30 a second; a loaded machine may take several times that


@pytest.fixture
async def shipped(tmp_path: Path) -> AsyncIterator[App]:
    settings = Settings(
        _env_file=None,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
        data_dir=tmp_path,
        secret_key=Fernet.generate_key().decode(),
        market="demo",
    )
    await asyncio.to_thread(migrate, settings)
    app = await build_app(settings)
    yield app
    await app.aclose()


async def answered(client: httpx.AsyncClient, api: Fake) -> Counter[int]:
    calls = (await client.get(f"{api.base_url}/_calls")).json()
    return Counter(chat for endpoint, chat, _ in calls if endpoint in CONTENT)


@pytest.mark.process  # the fake Bot API and market run in a process of their own (bench.fakes)
async def test_a_chart_burst_from_120_users_is_answered_without_stalling(shipped: App) -> None:
    with running("botapi", 5) as api:
        config = TelegramConfig(token=TOKEN, base_url=f"{api.base_url}/bot")
        tg = build_application(config, shipped.core, commands=shipped.skills.commands)
        # The probe waits for a fake busy with the burst on a loaded machine (httpx's 5 s connect
        # timeout ran out at load average 16): it reads the record, it is not what is measured.
        async with tg, httpx.AsyncClient(timeout=30) as client:
            await tg.start()
            try:
                for i in range(USERS):
                    chat = {"id": 5000 + i, "type": "private", "first_name": f"U{i}"}
                    sent = message(QUESTION, chat=chat, sender=user(5000 + i, name=f"U{i}"))
                    await tg.update_queue.put(Update.de_json(update(sent), tg.bot))
                for _ in range(int(STALL / 0.2)):  # the fake's record, read until all are answered
                    got = await answered(client, api)
                    if len(got) >= USERS:
                        break
                    await asyncio.sleep(0.2)
                calls = (await client.get(f"{api.base_url}/_calls")).json()
            finally:
                await tg.stop()

    assert len(got) == USERS, f"stalled: {len(got)} of {USERS} answered within {STALL:.0f} s"
    assert set(got.values()) == {1}  # one answer each, nothing sent twice
    assert {e for e, _, _ in calls if e in CONTENT} == {"sendPhoto"}  # the chart, no error notice
