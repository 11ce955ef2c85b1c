"""Maps settings onto each chat adapter's own config and runs it with the app's core."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.wiring import App

if TYPE_CHECKING:
    from adapters.discord.config import DiscordConfig
    from adapters.telegram.config import TelegramConfig


def telegram_config(app: App) -> TelegramConfig:
    from adapters.telegram.config import TelegramConfig

    s = app.settings.telegram
    assert s.token is not None
    return TelegramConfig(
        token=s.token.get_secret_value(),
        base_url=s.base_url,
        base_file_url=s.base_file_url,
        webhook_url=s.webhook_url,
        listen=s.webhook_listen,
        port=s.webhook_port,
        secret_token=s.webhook_secret_token.get_secret_value() if s.webhook_secret_token else None,
        bot_username=s.bot_username,
        default_locale=app.settings.locale,
    )


def discord_config(app: App) -> DiscordConfig:
    from adapters.discord.config import DiscordConfig

    s = app.settings.discord
    return DiscordConfig(token=s.token.get_secret_value() if s.token else None, dev_guild_id=s.dev_guild_id)


async def telegram_job(app: App) -> None:
    from adapters.telegram.app import serve

    await serve(telegram_config(app), app.core, app.skills.commands)


async def discord_job(app: App) -> None:
    from adapters.discord.runtime import serve

    await serve(discord_config(app), app.core, app.catalog, app.skills.commands)


async def discord_sync(app: App) -> None:
    from adapters.discord.runtime import sync_commands

    synced = await sync_commands(discord_config(app), app.core, app.catalog, app.skills.commands)
    print(f"synced {len(synced)} commands")
