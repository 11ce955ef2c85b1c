"""Who may manage a Telegram group: its creator and administrators (getChatAdministrators).

The core needs it for what only a group's admins may do (set or delete the group's price
alerts). One call per group, kept for ADMINS_TTL: a promotion or demotion applies within that
time. A call that fails says "unknown" (None), and the core refuses what needs an admin.

A message sent on behalf of the chat itself — ``sender_chat`` is the chat: an anonymous group
administrator (Telegram shows the GroupAnonymousBot as its sender), or a channel's own post — can
only come from one of the chat's administrators, so it is an administrator's, with no lookup
(the list would not tell which admin it was anyway). A message sent as another chat (a channel a
member posts as) proves nothing and is not taken as an admin's."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from telegram import Bot, Message
from telegram.constants import ChatMemberStatus

logger = logging.getLogger(__name__)

ADMINS_TTL = 600.0  # seconds
_ADMIN_STATUSES = frozenset({ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR})
_KEPT_GROUPS = 5_000


def speaks_as_chat(message: Message) -> bool:
    """Sent on behalf of the chat it is in: only that chat's administrators can."""
    sender = message.sender_chat
    return sender is not None and sender.id == message.chat.id


class GroupAdmins:
    def __init__(self, ttl: float = ADMINS_TTL, monotonic: Callable[[], float] = time.monotonic) -> None:
        self._ttl = ttl
        self._monotonic = monotonic
        self._admins: dict[int, tuple[float, frozenset[int]]] = {}  # chat -> (fetched at, user ids)

    async def of_message(self, bot: Bot, message: Message) -> bool | None:
        """Whether the writer of ``message`` (in a group) administers it; None when unknown."""
        if speaks_as_chat(message):
            return True
        if message.from_user is None:
            return None
        return await self.is_admin(bot, message.chat_id, message.from_user.id)

    async def is_admin(self, bot: Bot, chat_id: int, user_id: int) -> bool | None:
        now = self._monotonic()
        known = self._admins.get(chat_id)
        if known is None or now - known[0] >= self._ttl:
            try:
                members = await bot.get_chat_administrators(chat_id)
            except Exception as exc:  # the bot cannot see them (left, no rights): unknown
                logger.info("could not read a group's administrators: %s", type(exc).__name__)
                return None
            ids = frozenset(m.user.id for m in members if m.status in _ADMIN_STATUSES)
            if len(self._admins) >= _KEPT_GROUPS:
                self._admins.clear()  # a bound, not a cache policy: refetching is cheap
            known = self._admins[chat_id] = (now, ids)
        return user_id in known[1]
