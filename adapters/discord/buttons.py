"""Persistent buttons: a DynamicItem whose custom_id carries the core's opaque token.

discord.py matches the custom_id of any pressed button against the template of every
dynamic item registered on the client (``Client.add_dynamic_items``), so a button keeps
working after a restart or on a freshly built client: nothing but the token lives in it,
and the core resolves the token from its store.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Protocol, Self, runtime_checkable

import discord

CUSTOM_ID_PREFIX = "dm:b:"
# custom_id is at most 100 characters; the token is printable ASCII without spaces.
_BUTTON_ID_CHARS = r"[\x21-\x7e]{1,90}"
CUSTOM_ID_TEMPLATE = re.escape(CUSTOM_ID_PREFIX) + rf"(?P<token>{_BUTTON_ID_CHARS})"
_TOKEN_RE = re.compile(_BUTTON_ID_CHARS)

_STYLES: dict[str, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "danger": discord.ButtonStyle.danger,
}


@runtime_checkable
class ButtonPressHandler(Protocol):
    """The client side of a press: implemented by the adapter's client."""

    async def on_token_button(self, interaction: discord.Interaction[Any], token: str) -> None: ...


def custom_id_for(token: str) -> str:
    if not _TOKEN_RE.fullmatch(token):
        raise ValueError("a button token must be 1-90 printable ASCII characters without spaces")
    return CUSTOM_ID_PREFIX + token


class TokenButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID_TEMPLATE):
    """A button that hands its token to the core when pressed."""

    def __init__(
        self,
        token: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id_for(token)))
        self.token = token

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        # Rebuilt from the pressed message's component, so label and style survive restarts.
        label = getattr(item, "label", None)
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(match["token"], label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client = interaction.client
        if not isinstance(client, ButtonPressHandler):
            # A client without the adapter's handler (cannot happen with build_client).
            raise TypeError("token buttons need the deskmate Discord client")
        await client.on_token_button(interaction, self.token)


def button_style(style: Literal["primary", "secondary", "danger"]) -> discord.ButtonStyle:
    return _STYLES.get(style, discord.ButtonStyle.secondary)
