"""The Discord client: command tree, translator, persistent buttons, error safety net."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from adapters.discord.buttons import TokenButton
from adapters.discord.commands import build_commands
from adapters.discord.config import DiscordConfig
from adapters.discord.flows import answer_button, answer_secret, send_error
from adapters.discord.log_redaction import install_gateway_redaction
from adapters.discord.render import NO_MENTIONS
from adapters.discord.secret_input import SecretButton
from adapters.discord.translator import DeskmateTranslator
from core.markets import MarketCatalog
from core.ports import ConversationHandler
from core.skills.registry import CommandSpec

logger = logging.getLogger(__name__)


class DeskmateTree(app_commands.CommandTree[discord.Client]):
    async def on_error(
        self, interaction: discord.Interaction[discord.Client], error: app_commands.AppCommandError
    ) -> None:
        # The callbacks catch their own failures; this catches what happens around them
        # (option conversion, checks), so the user never sees "The application did not respond".
        command = interaction.command.name if interaction.command is not None else "?"
        logger.error("discord command %s failed: %s", command, type(error).__name__, exc_info=error)
        await send_error(interaction)


async def sync_tree(
    tree: app_commands.CommandTree[Any], dev_guild_id: int | None
) -> list[app_commands.AppCommand]:
    """Publish the slash commands: globally, or (development) to one guild, where they show at once."""
    if dev_guild_id is None:
        synced = await tree.sync()
        logger.info("synced %d global slash commands", len(synced))
        return synced
    guild = discord.Object(id=dev_guild_id)
    tree.copy_global_to(guild=guild)
    synced = await tree.sync(guild=guild)
    logger.info("synced %d slash commands to guild %s", len(synced), dev_guild_id)
    return synced


class DeskmateClient(discord.Client):
    """A discord.Client whose slash commands and buttons all go through one ConversationHandler."""

    def __init__(
        self,
        config: DiscordConfig,
        handler: ConversationHandler,
        catalog: MarketCatalog,
        commands: Sequence[CommandSpec],
        *,
        sync_dev_guild_on_start: bool = True,
        on_ready: Callable[[discord.Client], None] | None = None,
    ) -> None:
        # Interactions need no privileged intents; `guilds` keeps guild and channel objects cached.
        super().__init__(intents=discord.Intents(guilds=True), allowed_mentions=NO_MENTIONS)
        self.config = config
        self.handler = handler
        self.catalog = catalog
        self._sync_dev_guild_on_start = sync_dev_guild_on_start
        self._on_ready = on_ready
        self.tree = DeskmateTree(self)
        install_gateway_redaction()  # secrets typed into modals never reach a debug log
        for command in build_commands(commands):
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(DeskmateTranslator())
        # Buttons are matched by custom_id template, so those sent by an earlier process still work.
        self.add_dynamic_items(TokenButton, SecretButton)
        if self.config.dev_guild_id is not None and self._sync_dev_guild_on_start:
            try:
                await sync_tree(self.tree, self.config.dev_guild_id)
            except discord.HTTPException as exc:
                logger.warning("could not sync commands to dev guild %s: %s", self.config.dev_guild_id, exc)
        elif self.config.dev_guild_id is None:
            logger.info("slash commands are published with `deskmate discord --sync`")
        if self._on_ready is not None:
            self._on_ready(self)  # logged in: REST works (sending), the gateway connects next

    async def on_token_button(self, interaction: discord.Interaction[Any], token: str) -> None:
        await answer_button(interaction, token, self.handler, self.catalog)

    async def on_secret_submit(self, interaction: discord.Interaction[Any], value: str, slot: str) -> None:
        await answer_secret(interaction, value, slot, self.handler, self.catalog)


def build_client(
    config: DiscordConfig,
    handler: ConversationHandler,
    *,
    catalog: MarketCatalog,
    commands: Sequence[CommandSpec],
    sync_dev_guild_on_start: bool = True,
    on_ready: Callable[[discord.Client], None] | None = None,
) -> DeskmateClient:
    """The one factory for the Discord client, used by the runtime and the tests alike.
    ``commands``: the registry's commands; those offered on Discord become slash commands.
    ``on_ready`` gets the client once it is logged in (the job runner sends through it)."""
    return DeskmateClient(
        config, handler, catalog, commands, sync_dev_guild_on_start=sync_dev_guild_on_start, on_ready=on_ready
    )
