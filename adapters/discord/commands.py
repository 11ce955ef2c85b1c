"""Slash commands built from the registry's command specs, with coin autocomplete.

Each CommandSpec offered on Discord becomes one app command: its localized name and description,
its one option (free text, a coin with autocomplete, or fixed choices), and ephemeral answers for
private ones. A "text" command (/ask) hands its argument to the core as a message in the user's
own words; the others arrive as Command events.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol, cast

import discord
from discord import app_commands

from adapters.discord.events import command_event, text_event
from adapters.discord.flows import answer_command
from adapters.discord.labels import locale_of
from adapters.discord.translator import ls
from core.i18n import Locale, is_zh
from core.markets import MarketCatalog, MarketSpec, normalize_alias
from core.ports import ConversationHandler
from core.skills.registry import CommandArg, CommandSpec

AUTOCOMPLETE_MAX = 25  # Discord's limit on choices

Callback = Callable[..., Coroutine[Any, Any, None]]
SlashCommand = app_commands.Command[Any, ..., None]


class HasCore(Protocol):
    """What the command callbacks need from the client."""

    handler: ConversationHandler
    catalog: MarketCatalog


def _core(interaction: discord.Interaction[Any]) -> HasCore:
    # build_client's client carries the handler and the catalog.
    return cast(HasCore, interaction.client)


def choice_name(spec: MarketSpec, locale: Locale) -> str:
    """ "比特币 · Bitcoin (BTC)" for zh users, "Bitcoin · 比特币 (BTC)" otherwise."""
    zh = spec.display_name("zh-Hant" if locale == "zh-Hant" else "zh")
    first, second = (zh, spec.name_en) if is_zh(locale) else (spec.name_en, zh)
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


def build_commands(specs: Sequence[CommandSpec]) -> list[SlashCommand]:
    """Fresh command objects for one client's tree (callbacks find the core via the client)."""
    return [_command(spec) for spec in specs if spec.on("discord")]


def _command(spec: CommandSpec) -> SlashCommand:
    async def answer(interaction: discord.Interaction[Any], value: str) -> None:
        core = _core(interaction)
        if spec.kind == "text":
            # Like a private chat: the answer is for the asker, so the core may treat it as a DM.
            event: Any = text_event(interaction, value, private=True)
        else:
            event = command_event(interaction, spec.name, value)
        await answer_command(interaction, event, core.handler, core.catalog, private=spec.private)

    callback = _callback(answer, spec.arg)
    return app_commands.command(name=ls(spec.title), description=ls(spec.description))(callback)


def _callback(
    answer: Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, None]], arg: CommandArg | None
) -> Callback:
    """A callback whose signature tells discord.py the command's one option, if any."""
    if arg is None:

        async def bare(interaction: discord.Interaction[Any]) -> None:
            await answer(interaction, "")

        bare.__annotations__ = {"interaction": discord.Interaction, "return": None}
        return bare

    async def with_value(interaction: discord.Interaction[Any], value: Any) -> None:
        await answer(interaction, value.value if isinstance(value, app_commands.Choice) else str(value))

    annotation: Any
    if arg.kind == "choice":
        annotation = app_commands.Choice[str]
    else:
        annotation = app_commands.Range[str, 1, arg.max_length]  # Discord's client enforces it too
    with_value.__annotations__ = {"interaction": discord.Interaction, "value": annotation, "return": None}
    callback: Callback = app_commands.rename(value=ls(arg.name))(with_value)
    callback = app_commands.describe(value=ls(arg.description))(callback)
    if arg.kind == "coin":
        callback = app_commands.autocomplete(value=_coin_autocomplete)(callback)
    if arg.kind == "choice":
        options = [app_commands.Choice(name=ls(c.label), value=c.value) for c in arg.choices]
        callback = app_commands.choices(value=options)(callback)
    return callback
