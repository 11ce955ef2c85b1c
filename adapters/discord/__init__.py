"""Discord adapter: slash commands, autocomplete, persistent buttons, embeds with chart images."""

from adapters.discord.client import DeskmateClient, build_client, sync_tree
from adapters.discord.config import DiscordConfig
from adapters.discord.runtime import serve, sync_commands

__all__ = ["DeskmateClient", "DiscordConfig", "build_client", "serve", "sync_commands", "sync_tree"]
