"""Neutral inbound events: what an adapter hands the core, whatever the platform."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from core.i18n import Locale

MAX_MESSAGE_CHARS = 500  # the longest message deskmate reads (longer ones are refused, not cut)


class ChatKind(StrEnum):
    PRIVATE = "private"  # a DM, the console, `deskmate ask`
    GROUP = "group"  # groups, supergroups, guild channels


_SEPARATOR = ":"


def _escape(part: str) -> str:
    # "%" first, so an escape already in the text stays text: "a%3Ab" -> "a%253Ab".
    return part.replace("%", "%25").replace(":", "%3A") if "%" in part or ":" in part else part


def _unescape(part: str) -> str:
    return part.replace("%3A", ":").replace("%25", "%") if "%" in part else part


@dataclass(frozen=True, slots=True)
class ConversationKey:
    """Identifies one task thread. The adapter computes it; all task state hangs off it.

    In a group each person has their own thread, so ``user_id`` is always part of the key.
    An empty ``thread_id`` is no thread (one conversation, one key).
    """

    platform: str  # "telegram" | "discord" | "console"
    chat_id: str
    user_id: str
    thread_id: str | None = None

    def __post_init__(self) -> None:
        if self.thread_id == "":
            object.__setattr__(self, "thread_id", None)

    def as_str(self) -> str:
        """The storage key: the four parts joined by ":", each with "%" and ":" escaped, so two
        different conversations never share a string ("a:b"+"c" vs "a"+"b:c"). Parts without
        either character read as they are ("telegram:-100:42:")."""
        return _SEPARATOR.join(
            (
                _escape(self.platform),
                _escape(self.chat_id),
                _escape(self.user_id),
                _escape(self.thread_id or ""),
            )
        )

    @classmethod
    def from_str(cls, text: str) -> ConversationKey:
        """The key ``as_str`` produced ``text`` from."""
        parts = text.split(_SEPARATOR)
        if len(parts) != 4:
            raise ValueError(f"not a conversation key: {text!r}")
        platform, chat_id, user_id, thread_id = (_unescape(p) for p in parts)
        return cls(platform, chat_id, user_id, thread_id or None)


@dataclass(frozen=True, slots=True)
class _EventBase:
    event_id: str  # platform-unique id; redelivered updates carry the same id
    key: ConversationKey
    chat_kind: ChatKind = ChatKind.PRIVATE
    locale_hint: str | None = None  # the platform's language code for the user, if any
    locale_choice: Locale | None = None  # chosen for this message alone (`deskmate ask --locale`)
    # The writer may manage this chat: a Telegram group's creator or administrator, a Discord
    # member with Manage Server or Manage Channels (or Administrator) there. None: the adapter
    # did not tell (a private chat, the console). Set by the adapter from the platform, never
    # from anything the person typed.
    actor_admin: bool | None = None


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
