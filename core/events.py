"""Neutral inbound events: what an adapter hands the core, whatever the platform."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from core.i18n import Locale


class ChatKind(StrEnum):
    PRIVATE = "private"  # a DM, the console, `deskmate ask`
    GROUP = "group"  # groups, supergroups, guild channels


@dataclass(frozen=True, slots=True)
class ConversationKey:
    """Identifies one task thread. The adapter computes it; all task state hangs off it.

    In a group each person has their own thread, so ``user_id`` is always part of the key.
    """

    platform: str  # "telegram" | "discord" | "console"
    chat_id: str
    user_id: str
    thread_id: str | None = None

    def as_str(self) -> str:
        """A stable, unique string form (used as a storage key)."""
        return f"{self.platform}:{self.chat_id}:{self.user_id}:{self.thread_id or ''}"


@dataclass(frozen=True, slots=True)
class _EventBase:
    event_id: str  # platform-unique id; redelivered updates carry the same id
    key: ConversationKey
    chat_kind: ChatKind = ChatKind.PRIVATE
    locale_hint: str | None = None  # the platform's language code for the user, if any
    locale_choice: Locale | None = None  # chosen for this message alone (`deskmate ask --locale`)


@dataclass(frozen=True, slots=True)
class TextMessage(_EventBase):
    text: str = ""
    # Set when the text came from a secure input (a Discord modal) for this slot: the core then
    # takes it only as the answer to that open question, never routes it or shows it to a model.
    secret_slot: str | None = None


@dataclass(frozen=True, slots=True)
class Command(_EventBase):
    """A slash command, already stripped of its prefix and any @BotName suffix."""

    name: str = ""
    args: str = ""


@dataclass(frozen=True, slots=True)
class ButtonPress(_EventBase):
    """A press of a button the core issued; ``token`` is the opaque token it carried."""

    token: str = ""


Inbound = TextMessage | Command | ButtonPress
