"""python-telegram-bot callbacks: inbound update -> core -> rendered reply."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import replace

from telegram import Bot, CallbackQuery, Message, Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from adapters.telegram.admins import GroupAdmins
from adapters.telegram.config import TelegramConfig
from adapters.telegram.inbound import (
    MAX_INPUT_CHARS,
    BadInput,
    BotIdentity,
    button_event,
    chat_kind,
    conversation_key,
    message_event,
    topic_id,
)
from adapters.telegram.labels import label
from adapters.telegram.redact import REDACTOR
from adapters.telegram.render import Rendered, render_notice, render_reply, token_of
from adapters.telegram.send import (
    Target,
    delete_quietly,
    edit_text,
    remove_keyboard,
    send_rendered,
    send_text,
    typing,
)
from core.events import ChatKind, Command, ConversationKey, Inbound
from core.i18n import Locale, parse_locale
from core.ports import ConversationHandler
from core.reply import NoticeBlock, Reply

logger = logging.getLogger(__name__)

ANSWER_WITHIN = 1.0  # a press waits this long for the core before being answered without a verdict
MAX_ANSWER_TEXT = 200  # Telegram's limit for answerCallbackQuery text
NOT_YOURS = "not_yours"
GONE = frozenset({"button_expired", "button_used", "button_unknown"})

Context = ContextTypes.DEFAULT_TYPE


class KeyedLocks:
    """One lock per conversation key: a person's turns run in order, different people in parallel."""

    def __init__(self) -> None:
        self._locks: dict[ConversationKey, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: ConversationKey) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]  # no one else waits: do not keep a lock per person forever
            else:
                self._locks[key] = (lock, users - 1)


class LocaleMemory:
    """The language of the core's last reply per person, for the adapter's own short answers."""

    def __init__(self, size: int = 10_000) -> None:
        self._size = size
        self._seen: OrderedDict[tuple[str, str], Locale] = OrderedDict()

    def remember(self, key: ConversationKey, locale: Locale) -> None:
        ident = (key.chat_id, key.user_id)
        self._seen[ident] = locale
        self._seen.move_to_end(ident)
        while len(self._seen) > self._size:
            self._seen.popitem(last=False)

    def get(self, key: ConversationKey | None, language_code: str | None, default: Locale) -> Locale:
        if key is not None and (known := self._seen.get((key.chat_id, key.user_id))):
            return known
        return parse_locale(language_code) or default


class Progress:
    """The core's interim replies: shown as one message that the final reply replaces."""

    def __init__(self, bot: Bot, target: Target, in_group: bool, username: str | None) -> None:
        self._bot = bot
        self._target = target
        self._in_group = in_group
        self._username = username
        self.message: Message | None = None

    async def __call__(self, reply: Reply) -> None:
        rendered = render_reply(reply, in_group=self._in_group, bot_username=self._username)
        single = rendered.single_text
        if single is None:
            return  # interim replies are one short text; anything else waits for the final one
        try:
            if self.message is None:
                self.message = await send_text(self._bot, self._target, single, rendered.keyboard)
            else:
                await edit_text(
                    self._bot, self._target.chat_id, self.message.message_id, single, rendered.keyboard
                )
        except TelegramError as exc:
            logger.info("could not show progress: %s", type(exc).__name__)

    async def replace_with(self, rendered: Rendered) -> bool:
        """Turn the interim message into the final reply; False when the caller must send it."""
        if self.message is None:
            return False
        single = rendered.single_text
        message_id = self.message.message_id
        if single is not None and await edit_text(
            self._bot, self._target.chat_id, message_id, single, rendered.keyboard
        ):
            return True
        await self.discard()
        return False

    async def discard(self) -> None:
        if self.message is not None:
            await delete_quietly(self._bot, self._target.chat_id, self.message.message_id)
            self.message = None


class TelegramFrontend:
    """Owns the conversation handler and answers Telegram updates with it."""

    def __init__(self, handler: ConversationHandler, config: TelegramConfig) -> None:
        self.handler = handler
        self.config = config
        self.locales = LocaleMemory()
        self.locks = KeyedLocks()
        self.admins = GroupAdmins()

    def identity(self, bot: Bot) -> BotIdentity:
        return BotIdentity(bot.id, self.config.bot_username or bot.username)

    # --- messages -------------------------------------------------------------------------

    async def on_message(self, update: Update, context: Context) -> None:
        if update.message is not None:
            await self._message(update.update_id, update.message, context.bot, edited=False)

    async def on_edited(self, update: Update, context: Context) -> None:
        if update.edited_message is not None:
            await self._message(update.update_id, update.edited_message, context.bot, edited=True)

    async def _message(self, update_id: int, message: Message, bot: Bot, *, edited: bool) -> None:
        me = self.identity(bot)
        result = message_event(message, update_id, me, edited=edited)
        if result is None:
            return
        in_group = chat_kind(message.chat) is ChatKind.GROUP
        target = Target(message.chat_id, topic_id(message), message.message_id if in_group else None)
        if isinstance(result, BadInput):
            user = message.from_user
            key = conversation_key(message.chat, user, topic_id(message)) if user else None
            locale = self.locales.get(key, user.language_code if user else None, self.config.default_locale)
            await send_rendered(
                bot, target, render_notice(label(locale, result.reason, limit=MAX_INPUT_CHARS))
            )
            return
        if in_group:
            result = replace(result, actor_admin=await self.admins.of_message(bot, message))
        await self._turn(bot, me, result, target, message.message_id)

    async def _turn(self, bot: Bot, me: BotIdentity, event: Inbound, target: Target, inbound_id: int) -> None:
        in_group = event.chat_kind is ChatKind.GROUP
        progress = Progress(bot, target, in_group, me.username)
        # /cancel must reach the core while this person's slow turn still runs.
        serial = not (isinstance(event, Command) and event.name == "cancel")
        try:
            async with self.locks.hold(event.key) if serial else contextlib.nullcontext():
                async with typing(bot, target):
                    reply = await self.handler.handle(event, progress)
                self.locales.remember(event.key, reply.locale)
                if reply.delete_inbound:
                    await delete_quietly(bot, target.chat_id, inbound_id)
                    target = replace(target, reply_to=None)
                if in_group and not reply.important:
                    await progress.discard()
                    return
                rendered = render_reply(reply, in_group=in_group, bot_username=me.username)
                if not await progress.replace_with(rendered):
                    await send_rendered(bot, target, rendered)
        except Exception as exc:
            self.log_failure(f"turn {event.event_id} failed", exc)
            locale = self.locales.get(event.key, event.locale_hint, self.config.default_locale)
            with contextlib.suppress(TelegramError):
                await send_rendered(bot, target, render_notice(label(locale, "internal_error")))

    # --- buttons --------------------------------------------------------------------------

    async def on_callback(self, update: Update, context: Context) -> None:
        query = update.callback_query
        if query is None:
            return
        token = token_of(query.data)
        event = button_event(query, update.update_id, token) if token else None
        if event is None or query.message is None:
            await self._answer(query)
            return
        bot = context.bot
        origin = query.message
        in_group = event.chat_kind is ChatKind.GROUP
        if in_group:
            event = replace(
                event, actor_admin=await self.admins.is_admin(bot, origin.chat.id, query.from_user.id)
            )
        target = Target(origin.chat.id, topic_id(origin) if isinstance(origin, Message) else None)
        locale = self.locales.get(event.key, event.locale_hint, self.config.default_locale)

        # Answer at once with the verdict when the core decides quickly (it is one
        # compare-and-set); a slow action still gets its spinner stopped within ANSWER_WITHIN.
        turn = asyncio.ensure_future(self.handler.handle(event))
        answered = False
        try:
            async with typing(bot, target):
                done, _ = await asyncio.wait({turn}, timeout=ANSWER_WITHIN)
                if not done:
                    await self._answer(query)
                    answered = True
                reply = await turn
        except Exception as exc:
            self.log_failure(f"button {event.event_id} failed", exc)
            if not answered:
                await self._answer(query, label(locale, "internal_error"), alert=True)
            return
        finally:
            turn.cancel()  # no-op when finished; stops the turn if this callback is cancelled

        self.locales.remember(event.key, reply.locale)
        if not reply.blocks and not reply.buttons:  # a redelivered press: handled before
            if not answered:
                await self._answer(query)
            return
        notices = [b for b in reply.blocks if isinstance(b, NoticeBlock)]
        codes = {n.code for n in notices}
        if NOT_YOURS in codes:
            # Someone else's button: tell only the presser, change nothing.
            if answered:
                logger.info("press %s was not the presser's; answered before the verdict", event.event_id)
            else:
                text = next((n.text for n in notices if n.code == NOT_YOURS), "")
                await self._answer(query, text or label(reply.locale, "not_yours"), alert=True)
            return
        if codes & GONE:
            text = next((n.text for n in notices if n.code in GONE), "") or label(reply.locale, "button_gone")
            if not answered:
                await self._answer(query, text, alert=False)
            elif not in_group:
                await send_rendered(bot, target, render_notice(text))
            if isinstance(origin, Message):
                await remove_keyboard(bot, origin.chat.id, origin.message_id)
            return
        if not answered:
            await self._answer(query)
        rendered = render_reply(reply, in_group=in_group, bot_username=self.identity(bot).username)
        if isinstance(origin, Message):
            single = rendered.single_text
            if (
                single is not None
                and origin.text is not None
                and await edit_text(bot, origin.chat.id, origin.message_id, single, rendered.keyboard)
            ):
                return  # the message that carried the buttons now shows the outcome
            await remove_keyboard(bot, origin.chat.id, origin.message_id)
        if rendered.messages:
            await send_rendered(bot, target, rendered)

    async def _answer(self, query: CallbackQuery, text: str | None = None, *, alert: bool = False) -> None:
        if text and len(text) > MAX_ANSWER_TEXT:
            text = text[: MAX_ANSWER_TEXT - 1] + "…"
        try:
            await query.answer(text, show_alert=alert)
        except TelegramError as exc:  # too old, or answered already
            logger.info("could not answer callback query: %s", type(exc).__name__)

    # --- errors ---------------------------------------------------------------------------

    async def on_error(self, update: object, context: Context) -> None:
        """python-telegram-bot's error handler: log what broke, never the token."""
        update_id = update.update_id if isinstance(update, Update) else None
        if context.error is not None:
            self.log_failure(f"update {update_id} failed", context.error)

    def log_failure(self, what: str, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(exc))
        logger.error("%s: %s", what, self.redact(text))

    def redact(self, text: str) -> str:
        return REDACTOR.redact(text)
