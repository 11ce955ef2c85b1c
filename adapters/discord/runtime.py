"""Running the client, and publishing its commands (`deskmate discord --sync`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import discord
from discord import app_commands

from adapters.discord.client import build_client, sync_tree
from adapters.discord.config import DiscordConfig
from core.markets import MarketCatalog
from core.ports import ConversationHandler
from core.skills.registry import CommandSpec

logger = logging.getLogger(__name__)


def _token(config: DiscordConfig) -> str:
    if not config.token:
        raise ValueError("the Discord bot token is not set (DESKMATE_DISCORD__TOKEN)")
    return config.token


async def serve(
    config: DiscordConfig,
    handler: ConversationHandler,
    catalog: MarketCatalog,
    commands: Sequence[CommandSpec],
    *,
    on_ready: Callable[[discord.Client], None] | None = None,
) -> None:
    """Connect and answer interactions until cancelled; the client is closed on the way out.
    ``on_ready`` gets the client once logged in (see build_client)."""
    token = _token(config)
    client = build_client(config, handler, catalog=catalog, commands=commands, on_ready=on_ready)
    async with client:  # closes the HTTP session and gateway on any exit, cancellation included
        logger.info("discord: connecting")
        await client.start(token)


async def sync_commands(
    config: DiscordConfig,
    handler: ConversationHandler,
    catalog: MarketCatalog,
    commands: Sequence[CommandSpec],
) -> list[app_commands.AppCommand]:
    """Publish the slash commands (globally, or to ``dev_guild_id`` at once) and return them."""
    token = _token(config)
    client = build_client(config, handler, catalog=catalog, commands=commands, sync_dev_guild_on_start=False)
    async with client:
        await client.login(token)  # REST only: no gateway connection is needed to sync
        return await sync_tree(client.tree, config.dev_guild_id)
