from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import simcord
import simcord.interactions

from adapters.discord import DiscordConfig, build_client, sync_tree
from core.markets import MarketCatalog
from tests.discord.fakes import ScriptedHandler
from tests.fakes import COMMANDS

CONFIG = DiscordConfig(token="not-a-real-token")  # never used: simcord fakes the login


@pytest.fixture
def handler() -> ScriptedHandler:
    return ScriptedHandler()


@pytest.fixture
def simcord_bot(handler: ScriptedHandler) -> Any:
    return build_client(CONFIG, handler, catalog=MarketCatalog(), commands=COMMANDS)


@pytest.fixture
async def env(simcord_env: simcord.Env) -> simcord.Env:
    """A running simulated Discord with the commands synced globally, as `deskmate discord --sync` does."""
    await sync_tree(simcord_env.bot.tree, None)  # type: ignore[attr-defined]
    return simcord_env


@pytest.fixture
def zh_client(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Interactions come from a Discord client set to Chinese (simcord always says en-US)."""
    original = simcord.interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "zh-CN"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    yield
