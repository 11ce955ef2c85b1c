"""Flood control: Telegram's delivery limits, kept per chat, plus retries.

Limits (https://core.telegram.org/bots/faq, "My bot is hitting limits"):
- about 30 requests per second for the whole bot;
- about one message per second in any one chat;
- at most 20 messages per minute in one group or channel.

Messages to one chat go one at a time and in order (a lock per chat), each at least
``chat_interval`` after the previous one; every request then takes a slot of the bot-wide rate.
A chat waiting for its own turn holds no bot-wide slot, so a burst to one chat never slows the
others down. (python-telegram-bot's AIORateLimiter has the bot-wide and group limits but not the
per-chat one, and pauses every chat on one chat's 429.)

Retries:
- RetryAfter (HTTP 429) pauses only the chat it came from (requests without a chat: only those),
  then the request is retried; other chats keep going.
- Network errors (connection failures, 5xx) are retried with a short backoff.
- BadRequest is a NetworkError subclass in python-telegram-bot, but retrying it can never
  help: it is re-raised at once. A timeout is retried only for calls that are safe to repeat;
  a timed-out sendMessage may have been delivered, and a duplicate answer is worse than none.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut
from telegram.ext import BaseRateLimiter

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

# Indicators worth sending only at once ("typing…"): when the bot-wide rate has no free slot
# they are dropped, never queued. A queued indicator shows nothing useful by the time it goes, and
# in a burst it would take a slot an answer needs: with one per answer, answers/s halve.
AT_ONCE_OR_NOT = frozenset({"sendChatAction"})

# Methods that put a new message in a chat: these are paced per chat.
MESSAGES = frozenset(
    {
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "sendAnimation",
        "sendVideo",
        "sendAudio",
        "sendVoice",
        "sendSticker",
        "sendMediaGroup",
        "sendLocation",
        "sendPoll",
        "copyMessage",
        "copyMessages",
        "forwardMessage",
        "forwardMessages",
    }
)

JSONDict = dict[str, Any]
Callback = Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]]

_IDLE_AFTER = 120.0  # seconds after which a chat's pacing state no longer matters (> group window)
_PRUNE_ABOVE = 2048  # chats remembered before idle ones are forgotten


@dataclass(frozen=True, slots=True)
class Limits:
    per_second: int = 30  # requests of the whole bot in any second
    chat_interval: float = 1.0  # seconds between two messages in one chat
    group_messages: int = 20  # messages in one group or channel ...
    group_window: float = 60.0  # ... in any this many seconds
    # Requests on the wire at once. The rest wait here, cheaply, not in the HTTP client's pool:
    # httpcore rescans every queued request against every connection whenever one frees up, so
    # a burst of hundreds of sends there cost more CPU than the answers themselves. 32 at once
    # carry 30 a second up to a second of latency each.
    in_flight: int = 32


def is_group(chat_id: object) -> bool:
    """Groups and channels have negative ids (or an @username, for public channels)."""
    if isinstance(chat_id, str):
        return chat_id.startswith(("@", "-"))
    return isinstance(chat_id, int) and chat_id < 0


class _Window:
    """The bot-wide rate: at most ``count`` requests in any ``seconds``. Each caller reserves its
    slot when it is ready to send (slots go first come, first served) and waits for it."""

    def __init__(self, count: int, seconds: float) -> None:
        self._count = count
        self._seconds = seconds
        # Every slot reserved within the last ``seconds`` or ahead, in order. Not only the last
        # ``count``: a slot given back would otherwise leave the window forgetting the earlier
        # slots it had pushed out, and let ``count`` more go in a second already full.
        self._slots: deque[float] = deque()

    def _next(self, now: float) -> float:
        slots = self._slots
        while slots and slots[0] <= now - self._seconds:  # no longer in any window still to come
            slots.popleft()
        slot = now
        if len(slots) >= self._count:
            slot = max(slot, slots[-self._count] + self._seconds)
        return max(slot, slots[-1]) if slots else slot  # never ahead of an earlier caller

    async def acquire(self) -> None:
        now = asyncio.get_running_loop().time()
        slot = self._next(now)
        self._slots.append(slot)
        if slot > now:
            try:
                await asyncio.sleep(slot - now)
            except asyncio.CancelledError:
                self._give_back(slot)
                raise

    def acquire_now(self) -> bool:
        """Take a slot if one is free at once; False (nothing taken) when the caller would wait."""
        now = asyncio.get_running_loop().time()
        if self._next(now) > now:
            return False
        self._slots.append(now)
        return True

    def _give_back(self, slot: float) -> None:
        """A caller cancelled while it waited (a turn that ended before its answer went): its slot
        is free again rather than left unused in the window. The slots reserved after it keep
        their times (first come, first served); the window just no longer counts it."""
        with contextlib.suppress(ValueError):
            self._slots.remove(slot)


class _Chat:
    """One chat's pacing: its send lock, its last sends, and a flood pause Telegram asked for."""

    __slots__ = ("last_send", "lock", "paused_until", "recent")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.last_send = -math.inf
        self.recent: deque[float] = deque()  # send times within the group window
        self.paused_until = -math.inf

    def idle(self, now: float) -> bool:
        return not self.lock.locked() and now - self.last_send > _IDLE_AFTER and now >= self.paused_until


class FloodControl(BaseRateLimiter[int]):
    """Paces per chat and bot-wide, and retries what is worth retrying."""

    def __init__(
        self,
        limits: Limits = Limits(),
        *,
        max_retry_after: float = 60.0,
        retry_after_attempts: int = 3,
        network_attempts: int = 3,
        network_backoff: float = 0.5,
    ) -> None:
        self._limits = limits
        self._rate = _Window(limits.per_second, 1.0)
        self._wire = asyncio.Semaphore(limits.in_flight)
        self._chats: dict[str | None, _Chat] = {}
        self._max_retry_after = max_retry_after
        self._retry_after_attempts = retry_after_attempts
        self._network_attempts = network_attempts
        self._network_backoff = network_backoff

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def process_request(
        self,
        callback: Callback,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | JSONDict | list[JSONDict]:
        chat_id = data.get("chat_id")
        chat = self._chat(None if chat_id is None else str(chat_id))
        if endpoint in AT_ONCE_OR_NOT:
            loop = asyncio.get_running_loop()
            if chat.paused_until > loop.time() or not self._rate.acquire_now():
                logger.debug("%s skipped: no free slot", endpoint)
                return True
            async with self._wire:
                return await callback(*args, **kwargs)
        if endpoint in MESSAGES and chat_id is not None:
            # One message at a time per chat, in order, retries included.
            async with chat.lock:
                return await self._send(callback, args, kwargs, endpoint, chat, group=is_group(chat_id))
        return await self._send(callback, args, kwargs, endpoint, chat, group=None)

    async def _send(
        self,
        callback: Callback,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        chat: _Chat,
        *,
        group: bool | None,  # None: not a message, so not paced per chat
    ) -> bool | JSONDict | list[JSONDict]:
        loop = asyncio.get_running_loop()
        flood_retries = 0
        network_retries = 0
        while True:
            await self._wait_turn(chat, group)
            await self._rate.acquire()
            if group is not None:
                chat.last_send = loop.time()
                if group:
                    chat.recent.append(chat.last_send)
            try:
                async with self._wire:
                    return await callback(*args, **kwargs)
            except RetryAfter as exc:
                wait = exc.retry_after
                seconds = wait if isinstance(wait, int | float) else wait.total_seconds()
                flood_retries += 1
                if flood_retries > self._retry_after_attempts or seconds > self._max_retry_after:
                    raise
                logger.info("Telegram flood control on %s: this chat waits %.1f s", endpoint, seconds)
                chat.paused_until = max(chat.paused_until, loop.time() + seconds + 0.1)
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

    async def _wait_turn(self, chat: _Chat, group: bool | None) -> None:
        """Until the chat may get this request: after a flood pause and, for a message, a
        second after its previous one and within the group's 20 a minute."""
        limits = self._limits
        loop = asyncio.get_running_loop()
        while True:
            now = loop.time()
            ready = chat.paused_until
            if group is not None:
                ready = max(ready, chat.last_send + limits.chat_interval)
            if group:
                while chat.recent and chat.recent[0] <= now - limits.group_window:
                    chat.recent.popleft()
                if len(chat.recent) >= limits.group_messages:
                    ready = max(ready, chat.recent[0] + limits.group_window)
            if ready <= now:
                return
            await asyncio.sleep(ready - now)

    def _chat(self, key: str | None) -> _Chat:
        chat = self._chats.get(key)
        if chat is None:
            if len(self._chats) >= _PRUNE_ABOVE:
                now = asyncio.get_running_loop().time()
                for stale in [k for k, c in self._chats.items() if c.idle(now)]:
                    del self._chats[stale]
            chat = self._chats[key] = _Chat()
        return chat
