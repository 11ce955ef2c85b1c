"""Sending rendered replies: HTML first, plain text when Telegram still rejects the markup."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass

from telegram import Bot, InlineKeyboardMarkup, InputFile, LinkPreviewOptions, Message, ReplyParameters
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, TelegramError

from adapters.telegram.render import OutPhoto, OutText, Rendered

logger = logging.getLogger(__name__)

TYPING_DELAY = 0.4  # a reply faster than this needs no indicator
TYPING_EVERY = 4.0  # Telegram shows an action for about 5 s

_NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


@dataclass(frozen=True, slots=True)
class Target:
    """Where a reply goes: the chat, its forum topic, and (in groups) the message answered."""

    chat_id: int
    thread_id: int | None = None
    reply_to: int | None = None


def is_parse_error(exc: BadRequest) -> bool:
    return "can't parse entities" in exc.message.lower() or "can't find end" in exc.message.lower()


def is_not_modified(exc: BadRequest) -> bool:
    return "message is not modified" in exc.message.lower()


def _reply_params(target: Target) -> ReplyParameters | None:
    if target.reply_to is None:
        return None
    return ReplyParameters(message_id=target.reply_to, allow_sending_without_reply=True)


async def send_text(
    bot: Bot, target: Target, out: OutText, markup: InlineKeyboardMarkup | None = None, *, quote: bool = True
) -> Message:
    params = _reply_params(target) if quote else None
    try:
        return await bot.send_message(
            target.chat_id,
            out.html,
            parse_mode=ParseMode.HTML,
            message_thread_id=target.thread_id,
            reply_parameters=params,
            reply_markup=markup,
            link_preview_options=_NO_PREVIEW,
        )
    except BadRequest as exc:
        if not is_parse_error(exc):
            raise
        logger.warning("Telegram rejected the HTML of a message (%s); resending as plain text", exc.message)
        return await bot.send_message(
            target.chat_id,
            out.plain,
            message_thread_id=target.thread_id,
            reply_parameters=params,
            reply_markup=markup,
            link_preview_options=_NO_PREVIEW,
        )


async def send_photo(
    bot: Bot, target: Target, out: OutPhoto, markup: InlineKeyboardMarkup | None = None, *, quote: bool = True
) -> Message:
    params = _reply_params(target) if quote else None

    async def attempt(caption: str, parse_mode: str | None) -> Message:
        return await bot.send_photo(
            target.chat_id,
            InputFile(out.png, filename="chart.png"),
            caption=caption,
            parse_mode=parse_mode,
            message_thread_id=target.thread_id,
            reply_parameters=params,
            reply_markup=markup,
        )

    try:
        return await attempt(out.caption_html, ParseMode.HTML)
    except BadRequest as exc:
        if not is_parse_error(exc):
            raise
        return await attempt(out.caption_plain, None)


async def send_rendered(bot: Bot, target: Target, rendered: Rendered) -> list[Message]:
    """All messages of a reply in order; only the first quotes the user's message."""
    sent: list[Message] = []
    last = len(rendered.messages) - 1
    for i, out in enumerate(rendered.messages):
        markup = rendered.keyboard if i == last else None
        if isinstance(out, OutPhoto):
            sent.append(await send_photo(bot, target, out, markup, quote=i == 0))
        else:
            sent.append(await send_text(bot, target, out, markup, quote=i == 0))
    return sent


async def edit_text(
    bot: Bot, chat_id: int, message_id: int, out: OutText, markup: InlineKeyboardMarkup | None
) -> bool:
    """Replace a text message; False when Telegram refused (the caller then sends anew)."""
    try:
        try:
            await bot.edit_message_text(
                out.html,
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
                link_preview_options=_NO_PREVIEW,
            )
        except BadRequest as exc:
            if not is_parse_error(exc):
                raise
            await bot.edit_message_text(
                out.plain,
                chat_id=chat_id,
                message_id=message_id,
                reply_markup=markup,
                link_preview_options=_NO_PREVIEW,
            )
    except BadRequest as exc:
        if is_not_modified(exc):
            return True
        logger.info("could not edit message %s: %s", message_id, exc.message)
        return False
    return True


async def remove_keyboard(bot: Bot, chat_id: int, message_id: int) -> None:
    try:
        await bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id, reply_markup=None)
    except BadRequest as exc:
        if not is_not_modified(exc):
            logger.info("could not remove the keyboard of message %s: %s", message_id, exc.message)


async def delete_quietly(bot: Bot, chat_id: int, message_id: int) -> None:
    """Delete a message where allowed (old messages, groups without admin rights: not)."""
    try:
        await bot.delete_message(chat_id, message_id)
    except TelegramError as exc:
        logger.info("could not delete message %s: %s", message_id, type(exc).__name__)


@contextlib.asynccontextmanager
async def typing(bot: Bot, target: Target, *, delay: float = TYPING_DELAY) -> AsyncIterator[None]:
    """Show "typing…" while the body runs, once it has taken longer than ``delay``."""

    async def keep_typing() -> None:
        await asyncio.sleep(delay)
        while True:
            try:
                await bot.send_chat_action(
                    target.chat_id, ChatAction.TYPING, message_thread_id=target.thread_id
                )
            except TelegramError as exc:
                logger.debug("typing indicator failed: %s", type(exc).__name__)
            await asyncio.sleep(TYPING_EVERY)

    task = asyncio.create_task(keep_typing())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
