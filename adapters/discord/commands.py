"""The slash commands: /price, /history, /ask, /lang, /help, and coin autocomplete."""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord
from discord import app_commands

from adapters.discord.events import command_event, text_event
from adapters.discord.flows import answer_command
from adapters.discord.labels import locale_of
from adapters.discord.translator import ls
from core.engine import MAX_MESSAGE_CHARS
from core.i18n import Locale
from core.markets import MarketCatalog, MarketSpec, normalize_alias
from core.ports import ConversationHandler

AUTOCOMPLETE_MAX = 25  # Discord's limit on choices
ASK_MAX_LENGTH = MAX_MESSAGE_CHARS  # the core's own limit, enforced by Discord's client too


class HasCore(Protocol):
    """What the command callbacks need from the client."""

    handler: ConversationHandler
    catalog: MarketCatalog


def _core(interaction: discord.Interaction[Any]) -> HasCore:
    # build_client's client carries the handler and the catalog.
    return cast(HasCore, interaction.client)


def choice_name(spec: MarketSpec, locale: Locale) -> str:
    """ "比特币 · Bitcoin (BTC)" for zh users, "Bitcoin · 比特币 (BTC)" otherwise."""
    first, second = (spec.name_zh, spec.name_en) if locale == "zh" else (spec.name_en, spec.name_zh)
    names = first if first == second else f"{first} · {second}"
    return f"{names} ({spec.base})"


def coin_choices(catalog: MarketCatalog, current: str, locale: Locale) -> list[app_commands.Choice[str]]:
    """Supported markets whose symbol, base, English or Chinese name or alias matches what was typed.

    Prefix matches come first, then substring matches; nothing typed lists every market.
    """
    typed = normalize_alias(current)
    prefix: list[MarketSpec] = []
    inside: list[MarketSpec] = []
    for spec in catalog.markets:
        names = spec.all_aliases()
        if not typed or any(n.startswith(typed) for n in names):
            prefix.append(spec)
        elif any(typed in n for n in names):
            inside.append(spec)
    return [
        app_commands.Choice(name=choice_name(spec, locale)[:100], value=spec.base)
        for spec in (prefix + inside)[:AUTOCOMPLETE_MAX]
    ]


async def _coin_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return coin_choices(_core(interaction).catalog, current, locale_of(interaction.locale))


def build_commands() -> list[app_commands.Command[Any, ..., None]]:
    """Fresh command objects for one client's tree (callbacks find the core via the client)."""

    @app_commands.command(
        name=ls("price", "price.name"),
        description=ls("Current price of a coin (the best ask)", "price.description"),
    )
    @app_commands.rename(coin=ls("coin", "coin.name"))
    @app_commands.describe(coin=ls("A coin, e.g. BTC, Ethereum or 比特币", "coin.description"))
    @app_commands.autocomplete(coin=_coin_autocomplete)
    async def price(interaction: discord.Interaction[Any], coin: app_commands.Range[str, 1, 64]) -> None:
        core = _core(interaction)
        await answer_command(
            interaction, command_event(interaction, "price", coin), core.handler, core.catalog, private=False
        )

    @app_commands.command(
        name=ls("history", "history.name"),
        description=ls("Daily closes of the last 7 days, with a chart", "history.description"),
    )
    @app_commands.rename(coin=ls("coin", "coin.name"))
    @app_commands.describe(coin=ls("A coin, e.g. BTC, Ethereum or 比特币", "coin.description"))
    @app_commands.autocomplete(coin=_coin_autocomplete)
    async def history(interaction: discord.Interaction[Any], coin: app_commands.Range[str, 1, 64]) -> None:
        core = _core(interaction)
        await answer_command(
            interaction,
            command_event(interaction, "history", coin),
            core.handler,
            core.catalog,
            private=False,
        )

    @app_commands.command(
        name=ls("ask", "ask.name"),
        description=ls("Ask deskmate in your own words (only you see the answer)", "ask.description"),
    )
    @app_commands.rename(text=ls("text", "text.name"))
    @app_commands.describe(text=ls("What you want to know or do", "text.description"))
    async def ask(
        interaction: discord.Interaction[Any], text: app_commands.Range[str, 1, ASK_MAX_LENGTH]
    ) -> None:
        core = _core(interaction)
        # Like a private chat: the answer is ephemeral, so the core may treat it as a DM.
        await answer_command(
            interaction, text_event(interaction, text, private=True), core.handler, core.catalog, private=True
        )

    @app_commands.command(
        name=ls("lang", "lang.name"),
        description=ls("Choose the language deskmate answers you in", "lang.description"),
    )
    @app_commands.rename(language=ls("language", "language.name"))
    @app_commands.describe(language=ls("Reply language", "language.description"))
    @app_commands.choices(
        language=[
            app_commands.Choice(name=ls("Chinese (中文)", "choice.zh"), value="zh"),
            app_commands.Choice(name=ls("English", "choice.en"), value="en"),
        ]
    )
    async def lang(interaction: discord.Interaction[Any], language: app_commands.Choice[str]) -> None:
        core = _core(interaction)
        await answer_command(
            interaction,
            command_event(interaction, "lang", language.value),
            core.handler,
            core.catalog,
            private=True,
        )

    @app_commands.command(
        name=ls("help", "help.name"),
        description=ls("What deskmate can do and how to ask", "help.description"),
    )
    async def help_(interaction: discord.Interaction[Any]) -> None:
        core = _core(interaction)
        await answer_command(
            interaction, command_event(interaction, "help"), core.handler, core.catalog, private=True
        )

    return [price, history, ask, lang, help_]
