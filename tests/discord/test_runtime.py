"""serve() and sync_commands(): token checks, clean shutdown on cancel, global vs dev-guild sync."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord import app_commands

from adapters.discord import DiscordConfig, build_client, serve, sync_commands
from core.markets import MarketCatalog
from tests.discord.fakes import ScriptedHandler
from tests.fakes import COMMANDS


async def test_serve_and_sync_need_a_token() -> None:
    with pytest.raises(ValueError, match="DESKMATE_DISCORD__TOKEN"):
        await serve(DiscordConfig(), ScriptedHandler(), MarketCatalog(), COMMANDS)
    with pytest.raises(ValueError, match="DESKMATE_DISCORD__TOKEN"):
        await sync_commands(DiscordConfig(token=""), ScriptedHandler(), MarketCatalog(), COMMANDS)


def test_the_token_never_shows_in_a_repr() -> None:
    assert "s3cret" not in repr(DiscordConfig(token="s3cret", dev_guild_id=1))


async def test_serve_runs_until_cancelled_and_closes_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[discord.Client] = []
    started = asyncio.Event()
    original = build_client

    def capture(*args: Any, **kwargs: Any) -> Any:
        client = original(*args, **kwargs)
        built.append(client)
        return client

    async def start(self: discord.Client, token: str, *, reconnect: bool = True) -> None:
        assert token == "t0ken"
        started.set()
        await asyncio.Event().wait()  # "connected" until cancelled

    monkeypatch.setattr("adapters.discord.runtime.build_client", capture)
    monkeypatch.setattr(discord.Client, "start", start)

    task = asyncio.create_task(
        serve(DiscordConfig(token="t0ken"), ScriptedHandler(), MarketCatalog(), COMMANDS)
    )
    await asyncio.wait_for(started.wait(), 5)
    assert not built[0].is_closed()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    assert built[0].is_closed()


@pytest.mark.parametrize("dev_guild_id", [None, 4242])
async def test_sync_commands_globally_or_to_the_dev_guild(
    monkeypatch: pytest.MonkeyPatch, dev_guild_id: int | None
) -> None:
    synced_to: list[int | None] = []
    logged_in: list[str] = []

    async def login(self: discord.Client, token: str) -> None:
        logged_in.append(token)
        await self.setup_hook()  # as discord.py's login does

    async def sync(self: app_commands.CommandTree[Any], *, guild: Any = None) -> list[Any]:
        synced_to.append(guild.id if guild is not None else None)
        return [cmd.name for cmd in self.get_commands(guild=guild)]

    monkeypatch.setattr(discord.Client, "login", login)
    monkeypatch.setattr(app_commands.CommandTree, "sync", sync)

    result = await sync_commands(
        DiscordConfig(token="t0ken", dev_guild_id=dev_guild_id), ScriptedHandler(), MarketCatalog(), COMMANDS
    )

    assert logged_in == ["t0ken"]
    assert synced_to == [dev_guild_id]  # exactly once: not again from setup_hook
    assert sorted(map(str, result)) == ["alert", "ask", "help", "history", "lang", "price"]
