"""Collecting a secret (an API key, a passphrase) in a modal, never in a visible message.

When the core asks for a secret (``Reply.expects_secret``), the question is shown privately
with an "Enter securely" button. Pressing it opens a modal with one text input; the submitted
value goes straight to the core as the person's answer and appears in no message.

The button is a persistent DynamicItem (like the token buttons) whose custom_id carries the
asker's user id, the reply locale and the slot name: it still works after a restart, and
only the person who was asked can open the modal. The modal itself lives in this process
(discord.py keeps it in memory until it is submitted or times out); after a restart the
person presses the button again.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol, Self, runtime_checkable

import discord

from adapters.discord.labels import label, locale_of, slot_label
from core.i18n import Locale, stored_locale

logger = logging.getLogger(__name__)

PROMPT_ID_PREFIX = "dm:s:"
PROMPT_ID_TEMPLATE = (
    re.escape(PROMPT_ID_PREFIX) + r"(?P<owner>[0-9]{1,20}):(?P<locale>en|zh):(?P<slot>[A-Za-z0-9_]{1,64})"
)
_SLOT_RE = re.compile(r"[A-Za-z0-9_]{1,64}")

SECRET_MAX_LENGTH = 256  # longer than any exchange key or passphrase, short enough to stay a key
MODAL_TIMEOUT = 15 * 60.0  # seconds; a modal closed without submitting sends nothing, so it must expire
INPUT_CUSTOM_ID = "secret"
# Discord limits for modal texts
MODAL_TITLE_MAX = 45
LABEL_MAX = 45
DESCRIPTION_MAX = 100


@dataclass(frozen=True, slots=True)
class SecretPrompt:
    """Who is asked for which secret, and in which language the modal speaks."""

    owner_id: int
    slot: str
    locale: Locale


@runtime_checkable
class SecretSubmitHandler(Protocol):
    """The client side of a submitted secret: implemented by the adapter's client."""

    async def on_secret_submit(
        self, interaction: discord.Interaction[Any], value: str, slot: str
    ) -> None: ...


def secret_custom_id(prompt: SecretPrompt) -> str:
    if not _SLOT_RE.fullmatch(prompt.slot):
        raise ValueError("a secret slot name must be 1-64 characters of A-Z, a-z, 0-9 and _")
    return f"{PROMPT_ID_PREFIX}{prompt.owner_id}:{prompt.locale}:{prompt.slot}"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def failure_site(error: BaseException) -> str:
    """Where an exception was raised ("flows.py:123"), without its message.

    Used instead of a traceback wherever a secret is in flight: an exception's message may
    quote the value it choked on.
    """
    tb: TracebackType | None = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return "?"
    filename = tb.tb_frame.f_code.co_filename.rsplit("/", 1)[-1]
    return f"{filename}:{tb.tb_lineno}"


class SecretModal(discord.ui.Modal):
    """One short, required text input; the value goes to the core and nowhere else."""

    def __init__(self, prompt: SecretPrompt) -> None:
        name = slot_label(prompt.locale, prompt.slot)
        super().__init__(
            title=_clip(label(prompt.locale, "secret_modal_title", slot=name), MODAL_TITLE_MAX),
            timeout=MODAL_TIMEOUT,
        )
        self.prompt = prompt
        self.secret: discord.ui.TextInput[Self] = discord.ui.TextInput(
            style=discord.TextStyle.short,
            custom_id=INPUT_CUSTOM_ID,
            placeholder=label(prompt.locale, "secret_placeholder"),
            required=True,
            min_length=1,
            max_length=SECRET_MAX_LENGTH,
        )
        self.add_item(
            discord.ui.Label(
                text=_clip(name, LABEL_MAX),
                description=_clip(label(prompt.locale, "secret_input_note"), DESCRIPTION_MAX),
                component=self.secret,
            )
        )

    def __repr__(self) -> str:
        # discord.py's own error log prints the modal; say nothing about what was typed.
        return f"<SecretModal slot={self.prompt.slot!r} owner={self.prompt.owner_id}>"

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        # Discord only lets the opener submit a modal; checked anyway, it costs nothing.
        if interaction.user.id == self.prompt.owner_id:
            return True
        await interaction.response.send_message(
            label(locale_of(interaction.locale), "secret_not_yours"),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        return False

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        client = interaction.client
        if not isinstance(client, SecretSubmitHandler):
            raise TypeError("secret modals need the deskmate Discord client")
        await client.on_secret_submit(interaction, self.secret.value, self.prompt.slot)

    # discord.ui.Modal narrows BaseView.on_error (no item argument); mypy sees the mismatch.
    async def on_error(  # type: ignore[override]
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        # Replaces discord.py's default, which logs the full traceback (and so any message
        # that quotes the value).
        logger.error(
            "discord secret modal for slot %s failed (interaction %s): %s at %s",
            self.prompt.slot,
            interaction.id,
            type(error).__name__,
            failure_site(error),
        )


class SecretButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PROMPT_ID_TEMPLATE):
    """ "Enter securely": opens the secret modal for the person who was asked, and only for them."""

    def __init__(self, prompt: SecretPrompt) -> None:
        super().__init__(
            discord.ui.Button(
                label=label(prompt.locale, "enter_securely"),
                emoji="🔒",
                style=discord.ButtonStyle.primary,
                custom_id=secret_custom_id(prompt),
            )
        )
        self.prompt = prompt

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        locale: Locale = stored_locale(match["locale"])
        return cls(SecretPrompt(owner_id=int(match["owner"]), slot=match["slot"], locale=locale))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.user.id != self.prompt.owner_id:
            # Someone else's prompt: say so privately, open nothing.
            await interaction.response.send_message(
                label(locale_of(interaction.locale), "secret_not_yours"),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        # A modal must be the first response to the press, so nothing is deferred here.
        await interaction.response.send_modal(SecretModal(self.prompt))
