"""Interaction -> the core's neutral events."""

from __future__ import annotations

from typing import Any

import discord

from core.events import ButtonPress, ChatKind, Command, ConversationKey, TextMessage

PLATFORM = "discord"


def conversation_key(interaction: discord.Interaction[Any]) -> ConversationKey:
    """(discord, channel, user): each person in a guild channel has their own task thread."""
    if interaction.channel_id is None:
        raise ValueError("interaction without a channel")
    return ConversationKey(
        platform=PLATFORM,
        chat_id=str(interaction.channel_id),
        user_id=str(interaction.user.id),
        thread_id=None,
    )


def event_id(interaction: discord.Interaction[Any]) -> str:
    # Interaction ids are unique snowflakes; Discord never redelivers one.
    return f"dc:{interaction.id}"


def chat_kind(interaction: discord.Interaction[Any]) -> ChatKind:
    return ChatKind.PRIVATE if interaction.guild_id is None else ChatKind.GROUP


def can_manage(interaction: discord.Interaction[Any]) -> bool | None:
    """In a guild: the member may manage it or this channel (Administrator, Manage Server or
    Manage Channels, channel overwrites included, as Discord resolved them for this
    interaction). None in a DM, where there is nothing to manage."""
    if interaction.guild_id is None:
        return None
    permissions = interaction.permissions
    return bool(permissions.administrator or permissions.manage_guild or permissions.manage_channels)


def locale_hint(interaction: discord.Interaction[Any]) -> str | None:
    """The user's Discord client language ("zh-CN", "en-US"); the core maps it."""
    locale = interaction.locale
    return str(locale.value) if locale is not None else None


def command_event(interaction: discord.Interaction[Any], name: str, args: str = "") -> Command:
    return Command(
        event_id=event_id(interaction),
        key=conversation_key(interaction),
        chat_kind=chat_kind(interaction),
        locale_hint=locale_hint(interaction),
        actor_admin=can_manage(interaction),
        name=name,
        args=args.strip(),
    )


def text_event(
    interaction: discord.Interaction[Any], text: str, *, private: bool, secret_slot: str | None = None
) -> TextMessage:
    """Free text (/ask), or a secret from a modal (``secret_slot``). ``private``: answered only to
    the asker, so treated like a DM."""
    return TextMessage(
        event_id=event_id(interaction),
        key=conversation_key(interaction),
        chat_kind=ChatKind.PRIVATE if private else chat_kind(interaction),
        locale_hint=locale_hint(interaction),
        actor_admin=can_manage(interaction),
        text=text,
        secret_slot=secret_slot,
    )


def button_event(interaction: discord.Interaction[Any], token: str) -> ButtonPress:
    message = interaction.message
    private = message is not None and message.flags.ephemeral
    return ButtonPress(
        event_id=event_id(interaction),
        key=conversation_key(interaction),
        chat_kind=ChatKind.PRIVATE if private else chat_kind(interaction),
        locale_hint=locale_hint(interaction),
        actor_admin=can_manage(interaction),
        token=token,
    )
