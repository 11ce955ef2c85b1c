"""Where a message nobody asked for goes: a person, a chat, or a person in a chat."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from core.events import ChatKind, ConversationKey


@dataclass(frozen=True, slots=True)
class Destination:
    """The address of an outbound message. Three shapes, by which ids are set:

    - a person directly (``user_id`` only): their private chat with the bot (Telegram), a DM
      (Discord). The usual address of a personal notice such as a fill or an alert.
    - a chat as a whole (``chat_id`` only): a Telegram group, a Discord channel or thread.
      There is no single reader, so personal (``audience="private"``) replies are never
      shown there in full.
    - a person in a chat (both): the conversation a person talks to deskmate in, i.e. a
      ConversationKey. A personal reply to such a destination in a shared chat goes to the
      person's private chat instead (the adapters decide, since only they know which chats
      are shared).

    ``thread_id`` is a forum topic (Telegram) or a thread (Discord), and needs a chat.
    """

    platform: str
    chat_id: str | None = None
    user_id: str | None = None
    thread_id: str | None = None

    def __post_init__(self) -> None:
        if not self.platform:
            raise ValueError("a destination needs a platform")
        if not self.chat_id and not self.user_id:
            raise ValueError("a destination needs a chat or a user")
        if self.thread_id and not self.chat_id:
            raise ValueError("a thread needs its chat")

    @classmethod
    def direct(cls, platform: str, user_id: str) -> Destination:
        """A person, in their private chat with the bot."""
        return cls(platform, user_id=user_id)

    @classmethod
    def chat(cls, platform: str, chat_id: str, thread_id: str | None = None) -> Destination:
        """A chat as a whole (a group, a channel)."""
        return cls(platform, chat_id=chat_id, thread_id=thread_id)

    @classmethod
    def of(cls, key: ConversationKey) -> Destination:
        """The conversation ``key`` names: that person, in that chat."""
        return cls(key.platform, key.chat_id, key.user_id, key.thread_id)

    @property
    def is_direct(self) -> bool:
        return self.chat_id is None

    def as_str(self) -> str:
        """A stable, unique string form (the storage key). Parts are percent-encoded, so ids that
        contain ':' (console chat names may) can never make two destinations collide."""
        return _as_str(self.platform, self.chat_id, self.user_id, self.thread_id)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form, for job payloads."""
        return {
            "platform": self.platform,
            "chat_id": self.chat_id,
            "user_id": self.user_id,
            "thread_id": self.thread_id,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Destination:
        return cls(
            str(data["platform"]),
            _opt(data.get("chat_id")),
            _opt(data.get("user_id")),
            _opt(data.get("thread_id")),
        )


@lru_cache(maxsize=4096)
def _as_str(*parts: str | None) -> str:
    """Destination.as_str, kept for the destinations seen lately: a check asks for each of its
    firings' several times (the pauses' read, the send, the delivery log)."""
    return ":".join(quote(p or "", safe="") for p in parts)


def _opt(value: object) -> str | None:
    return None if value is None else str(value)


def reachable_from(key: ConversationKey, chat_kind: ChatKind) -> tuple[Destination, ...]:
    """The destinations a message from ``key`` proves reachable again (to resume paused ones).

    The conversation itself always; the person's direct destination only when they wrote in
    their private chat: writing in a group says nothing about whether they blocked the bot.
    """
    here = Destination.of(key)
    if chat_kind is ChatKind.PRIVATE:
        return (here, Destination.direct(key.platform, key.user_id))
    return (here,)
