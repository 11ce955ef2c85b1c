"""Maps settings onto each chat adapter's own config and runs it with the app's core."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.wiring import App
from core.outbound import PlatformRouter

if TYPE_CHECKING:
    import discord
    from telegram import Bot

    from adapters.discord.config import DiscordConfig
    from adapters.telegram.config import TelegramConfig

log = logging.getLogger(__name__)


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
        messages_per_second=s.messages_per_second,
    )


def discord_config(app: App) -> DiscordConfig:
    from adapters.discord.config import DiscordConfig

    s = app.settings.discord
    return DiscordConfig(token=s.token.get_secret_value() if s.token else None, dev_guild_id=s.dev_guild_id)


async def telegram_job(app: App, outbound: PlatformRouter | None = None) -> None:
    """Run Telegram; with ``outbound``, its sender is attached while the bot runs."""
    from adapters.telegram.app import serve
    from adapters.telegram.outbound import TelegramOutbound

    def ready(bot: Bot) -> None:
        if outbound is not None:
            outbound.attach("telegram", TelegramOutbound(bot))

    async def warmed() -> None:  # the chart pool warm before the first update is taken
        if not await app.charts.warmed():
            log.warning("chart warm-up still running; taking Telegram updates now")

    try:
        await serve(
            telegram_config(app), app.core, app.skills.commands, on_ready=ready, before_updates=warmed
        )
    finally:
        if outbound is not None:
            outbound.detach("telegram")


async def discord_job(app: App, outbound: PlatformRouter | None = None) -> None:
    """Run Discord; with ``outbound``, its sender is attached while the client is logged in."""
    from adapters.discord.outbound import DiscordOutbound
    from adapters.discord.runtime import serve

    def ready(client: discord.Client) -> None:
        if outbound is not None:
            outbound.attach("discord", DiscordOutbound(client, app.catalog))

    try:
        await serve(discord_config(app), app.core, app.catalog, app.skills.commands, on_ready=ready)
    finally:
        if outbound is not None:
            outbound.detach("discord")


async def discord_sync(app: App) -> None:
    from adapters.discord.runtime import sync_commands

    synced = await sync_commands(discord_config(app), app.core, app.catalog, app.skills.commands)
    print(f"synced {len(synced)} commands")
