"""How one interaction is answered: acknowledge at once, ask the core, show its reply.

Discord drops an interaction that is not acknowledged within 3 seconds, and the core may take
longer (a slow exchange, the LLM planner), so every command defers ("thinking…") before it
calls the core and then edits that deferred response into the answer. Button presses defer
an update of their message (nothing visible) and then edit it or answer privately.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from adapters.discord.events import button_event, text_event
from adapters.discord.labels import label, locale_of
from adapters.discord.render import NO_MENTIONS, Rendered, notice_codes, render
from adapters.discord.secret_input import failure_site
from core.events import Inbound
from core.markets import MarketCatalog
from core.ports import ConversationHandler, ProgressSink
from core.reply import Reply

logger = logging.getLogger(__name__)

# Outcomes of a press that mean the buttons on that message are dead.
DEAD_BUTTON_CODES = frozenset({"button_expired", "button_used", "button_unknown"})
NOT_YOURS = "not_yours"


def _in_guild(interaction: discord.Interaction[Any]) -> bool:
    return interaction.guild_id is not None


async def answer_command(
    interaction: discord.Interaction[Any],
    event: Inbound,
    handler: ConversationHandler,
    catalog: MarketCatalog,
    *,
    private: bool,
) -> None:
    """Defer (ephemerally when ``private``), run the turn, edit the deferred response."""
    try:
        await interaction.response.defer(thinking=True, ephemeral=private)
        # A public "thinking…" can never become ephemeral; a private answer then goes in a
        # follow-up and the public message only says so. In a DM everything is private anyway.
        shown_privately = private or not _in_guild(interaction)

        async def progress(interim: Reply) -> None:
            rendered = render(interim, catalog, asker=interaction.user.id)
            if rendered.ephemeral and not shown_privately:
                return  # never show private interim data in a channel
            await interaction.edit_original_response(**rendered.edit_kwargs())

        reply = await handler.handle(event, progress=progress)
        rendered = render(reply, catalog, asker=interaction.user.id)
        if rendered.ephemeral and not shown_privately:
            await interaction.edit_original_response(
                content=label(reply.locale, "sent_privately"),
                embeds=[],
                attachments=[],
                view=None,
                allowed_mentions=NO_MENTIONS,
            )
            await interaction.followup.send(ephemeral=True, **rendered.send_kwargs())
        else:
            await interaction.edit_original_response(**rendered.edit_kwargs())
    except Exception:
        logger.exception(
            "discord command %s failed (interaction %s)", _command_name(interaction), interaction.id
        )
        await send_error(interaction)


async def answer_button(
    interaction: discord.Interaction[Any],
    token: str,
    handler: ConversationHandler,
    catalog: MarketCatalog,
) -> None:
    """Hand a press to the core; not-yours -> private note; dead -> drop the buttons; else edit."""
    try:
        await interaction.response.defer()  # a deferred update of the pressed message: invisible
        message = interaction.message
        message_is_private = not _in_guild(interaction) or (message is not None and message.flags.ephemeral)
        progress: ProgressSink = _button_progress(interaction, catalog, message_is_private)
        reply = await handler.handle(button_event(interaction, token), progress=progress)
        codes = notice_codes(reply.blocks)
        asker = interaction.user.id
        if NOT_YOURS in codes:
            # Someone else's buttons: tell only the presser; the message stays as it is.
            await interaction.followup.send(
                ephemeral=True, **render(reply, catalog, ephemeral=True, asker=asker).send_kwargs()
            )
            return
        if codes & DEAD_BUTTON_CODES:
            await interaction.edit_original_response(view=None)
            await interaction.followup.send(
                ephemeral=True, **render(reply, catalog, ephemeral=True, asker=asker).send_kwargs()
            )
            return
        rendered = render(reply, catalog, asker=asker)
        if rendered.ephemeral and not message_is_private:
            await interaction.edit_original_response(view=None)
            await interaction.followup.send(ephemeral=True, **rendered.send_kwargs())
        else:
            await interaction.edit_original_response(**rendered.edit_kwargs())
    except Exception:
        logger.exception("discord button press failed (interaction %s)", interaction.id)
        await send_error(interaction)


async def answer_secret(
    interaction: discord.Interaction[Any],
    value: str,
    slot: str,
    handler: ConversationHandler,
    catalog: MarketCatalog,
) -> None:
    """A secret submitted in the modal: hand it to the core as the person's answer, privately.

    The value is passed on and then forgotten: it is never logged, never echoed, and nothing
    derived from it goes into a message. The submission counts as a private chat (only the
    person and the bot see the modal). When the modal was opened from a private prompt, that
    prompt is edited into the core's answer, which also retires its button; otherwise the
    answer is a new ephemeral message.
    """
    try:
        message = interaction.message
        prompt_is_private = message is not None and (not _in_guild(interaction) or message.flags.ephemeral)
        if prompt_is_private:
            await interaction.response.defer()  # a deferred update of the prompt: invisible
        else:
            await interaction.response.defer(thinking=True, ephemeral=True)
        text = value.strip()
        if not text:
            # Only spaces: nothing to hand over; the prompt keeps its button for another try.
            await interaction.followup.send(
                label(locale_of(interaction.locale), "secret_empty"),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
            return
        # Marked with its slot: the core takes it only as the answer to that open question.
        event = text_event(interaction, text, private=True, secret_slot=slot)
        reply = await handler.handle(event, progress=_button_progress(interaction, catalog, True))
        rendered = render(reply, catalog, ephemeral=True, asker=interaction.user.id)
        await interaction.edit_original_response(**rendered.edit_kwargs())
    except Exception as exc:
        # No traceback: an exception's message may quote the value.
        logger.error(
            "discord secret submit failed (interaction %s): %s at %s",
            interaction.id,
            type(exc).__name__,
            failure_site(exc),
        )
        await send_error(interaction)


def _button_progress(
    interaction: discord.Interaction[Any], catalog: MarketCatalog, message_is_private: bool
) -> ProgressSink:
    async def progress(interim: Reply) -> None:
        rendered: Rendered = render(interim, catalog, asker=interaction.user.id)
        if rendered.ephemeral and not message_is_private:
            return
        await interaction.edit_original_response(**rendered.edit_kwargs())

    return progress


async def send_error(interaction: discord.Interaction[Any]) -> None:
    """A short private apology, however far the interaction got. Never raises."""
    text = label(locale_of(interaction.locale), "error")
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        elif interaction.type in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            # After a deferred update a follow-up is a new message, so it can be ephemeral (and
            # a secret prompt keeps its button, so the person can try again).
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        else:
            # The deferred "thinking…" response must be completed, or Discord shows
            # "The application did not respond"; it keeps the visibility it was deferred with.
            await interaction.edit_original_response(
                content=text, embeds=[], attachments=[], view=None, allowed_mentions=NO_MENTIONS
            )
    except Exception:
        logger.warning("could not send the error message for interaction %s", interaction.id, exc_info=True)


def _command_name(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return command.name if command is not None else "?"
