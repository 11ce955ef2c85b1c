"""Telegram's sender for messages nobody asked for (core.outbound.ports.PlatformOutbound).

Rendered by render.py and sent by send.py through the running Application's bot, so flood
control (flood.py) applies exactly as to answers: a RetryAfter is waited out there, and only
one Telegram still insists on after that comes back here as a retryable failure.

Telegram's refusals map onto delivery results:
- 403 "bot was blocked by the user", "user is deactivated", "bot was kicked", "bot can't
  initiate conversation" and 400 "chat not found": BLOCKED (the core pauses the destination);
- a group upgraded to a supergroup: sent again once to the new chat id;
- a timeout on sending: FAILED and not retryable, since the message may have arrived and a
  duplicate notice is worse than a late one (the same rule flood.py applies to answers);
- other network errors and 5xx: FAILED, retryable; other 400s: FAILED, not retryable.
"""

from __future__ import annotations

import logging

from telegram import Bot
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)

from adapters.telegram.inbound import PLATFORM
from adapters.telegram.render import render_reply
from adapters.telegram.send import Target, send_rendered
from core.outbound.destination import Destination
from core.outbound.ports import DeliveryResult
from core.reply import Reply

logger = logging.getLogger(__name__)

# Telegram's 403 descriptions (lower-cased fragments) -> our error codes.
_FORBIDDEN = (
    ("blocked by the user", "bot_blocked"),
    ("user is deactivated", "user_deactivated"),
    ("kicked", "bot_kicked"),
    ("not a member", "bot_not_member"),
    ("can't initiate conversation", "cannot_initiate"),
)
_GONE = (("chat not found", "chat_not_found"), ("user not found", "user_not_found"))


class TelegramOutbound:
    def __init__(self, bot: Bot, *, bot_username: str | None = None) -> None:
        self._bot = bot
        self._username = bot_username

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        if destination.platform != PLATFORM:
            return DeliveryResult.failed("wrong_platform", retryable=False)
        try:
            target, in_group = self._target(destination, reply)
        except ValueError:
            return DeliveryResult.failed("bad_destination", retryable=False)
        username = self._username or self._bot.username
        rendered = render_reply(reply, in_group=in_group, bot_username=username)
        if not rendered.messages:
            return DeliveryResult.failed("empty_reply", retryable=False)
        try:
            try:
                await send_rendered(self._bot, target, rendered)
            except ChatMigrated as exc:
                logger.info("a Telegram group became a supergroup; sending the %s notice there", kind)
                await send_rendered(self._bot, Target(int(exc.new_chat_id), target.thread_id), rendered)
        except Forbidden as exc:
            return DeliveryResult.blocked(_code(exc.message, _FORBIDDEN, "forbidden"))
        except BadRequest as exc:
            code = _code(exc.message, _GONE, "")
            if code:
                return DeliveryResult.blocked(code)
            logger.warning("Telegram refused a %s notice: %s", kind, exc.message)
            return DeliveryResult.failed("bad_request", retryable=False)
        except RetryAfter:
            return DeliveryResult.failed("rate_limited", retryable=True)
        except TimedOut:
            return DeliveryResult.failed("timed_out", retryable=False)
        except NetworkError:
            return DeliveryResult.failed("network_error", retryable=True)
        except TelegramError as exc:
            logger.warning("Telegram error on a %s notice: %s", kind, type(exc).__name__)
            return DeliveryResult.failed("telegram_error", retryable=True)
        return DeliveryResult.sent()

    @staticmethod
    def _target(destination: Destination, reply: Reply) -> tuple[Target, bool]:
        """Where to send, and whether that chat is shared (groups have negative ids)."""
        chat = int(destination.chat_id) if destination.chat_id is not None else None
        user = int(destination.user_id) if destination.user_id is not None else None
        thread = int(destination.thread_id) if destination.thread_id is not None else None
        if chat is None:
            assert user is not None  # a Destination has a chat or a user
            return Target(user), False  # a private chat's id is the user's id
        in_group = chat < 0
        if in_group and reply.audience == "private" and user is not None:
            # Personal data never lands in a group: the person gets it in their private chat.
            return Target(user), False
        return Target(chat, thread), in_group


def _code(message: str, table: tuple[tuple[str, str], ...], default: str) -> str:
    lowered = message.lower()
    return next((code for fragment, code in table if fragment in lowered), default)
