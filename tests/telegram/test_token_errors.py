"""A token Telegram rejects is named in no error message and no log line."""

from __future__ import annotations

import logging

import pytest

from adapters.telegram import TelegramConfig, serve
from bot.runtime import run_until_signalled
from tests.fakes import COMMANDS
from tests.telegram.bot_api_server import serve_fake_bot_api
from tests.telegram.fakes import ScriptedCore

REJECTED = "999999:WRONG-token-abcdefghijklmnop"


async def test_a_rejected_token_stops_the_bot_without_printing_the_token(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    with serve_fake_bot_api() as api:  # answers 404 for any other token, as Telegram does
        config = TelegramConfig(token=REJECTED, base_url=api.base_url, base_file_url=api.base_url)
        await run_until_signalled({"telegram": serve(config, ScriptedCore(), COMMANDS)})

    assert "telegram stopped with an error" in caplog.text
    assert "InvalidToken" in caplog.text  # still says what went wrong
    assert REJECTED not in caplog.text
    assert REJECTED.partition(":")[2] not in caplog.text
