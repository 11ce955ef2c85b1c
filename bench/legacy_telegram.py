"""The Telegram delivery of before issue 11 (frozen copies, bench only: `make bench` baseline).

- ``LegacyFloodControl``: python-telegram-bot's AIORateLimiter (30 requests/s for the bot, 20 a
  minute per group, nothing per private chat) plus retries; a 429 paused every chat.
- ``two_message_render``: a chart answer as two messages, the photo and then the text.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any

from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut
from telegram.ext import AIORateLimiter, BaseRateLimiter

from adapters.telegram.render import OutPhoto, Rendered, esc, render_reply
from core.reply import ChartBlock, Reply

logger = logging.getLogger(__name__)

# Methods whose repetition changes nothing a user sees.
IDEMPOTENT = frozenset(
    {
        "getMe",
        "setMyCommands",
        "deleteMyCommands",
        "getChat",
        "sendChatAction",
        "editMessageText",
        "editMessageCaption",
        "editMessageReplyMarkup",
        "deleteMessage",
        "answerCallbackQuery",
        "setWebhook",
        "deleteWebhook",
        "getFile",
    }
)

JSONDict = dict[str, Any]
Callback = Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]]


class LegacyFloodControl(BaseRateLimiter[int]):
    """Throttles like AIORateLimiter and retries what is worth retrying (before issue 11)."""

    def __init__(
        self,
        *,
        max_retry_after: float = 60.0,
        retry_after_attempts: int = 3,
        network_attempts: int = 3,
        network_backoff: float = 0.5,
    ) -> None:
        # The inner limiter only throttles; every retry decision is taken here.
        self._limiter = AIORateLimiter(max_retries=0)
        self._max_retry_after = max_retry_after
        self._retry_after_attempts = retry_after_attempts
        self._network_attempts = network_attempts
        self._network_backoff = network_backoff
        self._resume = asyncio.Event()
        self._resume.set()

    async def initialize(self) -> None:
        await self._limiter.initialize()

    async def shutdown(self) -> None:
        await self._limiter.shutdown()

    async def process_request(
        self,
        callback: Callback,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | JSONDict | list[JSONDict]:
        flood_retries = 0
        network_retries = 0
        while True:
            await self._resume.wait()
            try:
                return await self._limiter.process_request(
                    callback, args, kwargs, endpoint, data, rate_limit_args
                )
            except RetryAfter as exc:
                wait = exc.retry_after
                seconds = wait if isinstance(wait, int | float) else wait.total_seconds()
                flood_retries += 1
                if flood_retries > self._retry_after_attempts or seconds > self._max_retry_after:
                    raise
                logger.info("Telegram flood control on %s: waiting %.1f s", endpoint, seconds)
                await self._pause(seconds + 0.1)
            except BadRequest:
                raise
            except NetworkError as exc:
                if isinstance(exc, TimedOut) and endpoint not in IDEMPOTENT:
                    raise
                network_retries += 1
                if network_retries >= self._network_attempts:
                    raise
                delay = self._network_backoff * 2 ** (network_retries - 1)
                logger.warning(
                    "Telegram %s failed (%s); retry %d in %.1f s",
                    endpoint,
                    type(exc).__name__,
                    network_retries,
                    delay,
                )
                await asyncio.sleep(delay)

    async def _pause(self, seconds: float) -> None:
        """Hold every request (Telegram's flood wait is per bot), then let them go."""
        self._resume.clear()
        try:
            await asyncio.sleep(seconds)
        finally:
            self._resume.set()


def two_message_render(reply: Reply, *, in_group: bool, bot_username: str | None) -> Rendered:
    """The chart as a photo with its short description, then the text (and the buttons)."""
    charts = [b for b in reply.blocks if isinstance(b, ChartBlock)]
    text_only = replace(reply, blocks=tuple(b for b in reply.blocks if not isinstance(b, ChartBlock)))
    rest = render_reply(text_only, in_group=in_group, bot_username=bot_username)
    photos = tuple(OutPhoto(c.png, esc(c.alt), c.alt) for c in charts)
    return Rendered(photos + rest.messages, rest.keyboard)
