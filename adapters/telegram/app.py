"""The python-telegram-bot Application: one factory for the runtime and the tests, and serve()."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from telegram import Bot, BotCommand
from telegram.error import InvalidToken, TelegramError
from telegram.ext import Application, BaseRateLimiter, CallbackQueryHandler, MessageHandler, filters
from telegram.request import BaseRequest

from adapters.telegram.config import TelegramConfig
from adapters.telegram.flood import FloodControl, Limits
from adapters.telegram.handlers import TelegramFrontend
from adapters.telegram.redact import REDACTOR, protect
from core.i18n import Locale
from core.ports import ConversationHandler
from core.skills.registry import CommandSpec

logger = logging.getLogger(__name__)

ALLOWED_UPDATES = ("message", "edited_message", "callback_query")
# Command lists: the default one (no language_code) and one per supported language.
COMMAND_LANGUAGES: tuple[tuple[str | None, Locale], ...] = ((None, "en"), ("zh", "zh"), ("en", "en"))

TelegramApp = Application[Any, Any, Any, Any, Any, Any]


def build_application(
    config: TelegramConfig,
    handler: ConversationHandler,
    *,
    commands: Sequence[CommandSpec],
    request: BaseRequest | None = None,
    get_updates_request: BaseRequest | None = None,
    flood: BaseRateLimiter[Any] | None = None,
) -> TelegramApp:
    """An Application wired to ``handler``: concurrent updates, flood control, our handlers.

    ``commands``: the registry's commands, for the menus. ``request`` / ``get_updates_request``
    replace the HTTP layer (tests pass a recording one); ``flood`` replaces the default
    FloodControl (Telegram's limits, at the config's bot-wide pace).
    """
    protect(config.token, config.secret_token)
    limits = Limits(per_second=config.messages_per_second)
    builder = (
        Application.builder()
        .token(config.token)
        .base_url(config.base_url)
        .base_file_url(config.base_file_url)
        # Each update runs in its own task: one slow conversation never blocks the others.
        .concurrent_updates(True)
        .rate_limiter(flood if flood is not None else FloodControl(limits))
    )
    if request is not None:
        builder = builder.request(request)
    else:  # as many connections as flood control lets requests on the wire at once, kept open
        builder = builder.connection_pool_size(limits.in_flight)
    if get_updates_request is not None:
        builder = builder.get_updates_request(get_updates_request)
    app: TelegramApp = builder.build()
    frontend = TelegramFrontend(handler, config)
    app.bot_data["frontend"] = frontend
    app.bot_data["commands"] = tuple(commands)
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE, frontend.on_message))
    app.add_handler(MessageHandler(filters.UpdateType.EDITED_MESSAGE, frontend.on_edited))
    app.add_handler(CallbackQueryHandler(frontend.on_callback))
    app.add_error_handler(frontend.on_error)
    return app


def menu(commands: Sequence[CommandSpec], locale: Locale) -> list[BotCommand]:
    """The Telegram menu in ``locale``: the registry's commands offered on Telegram, in order."""
    return [BotCommand(c.name, c.description.get(locale)) for c in commands if c.on("telegram")]


async def set_commands(bot: Bot, commands: Sequence[CommandSpec]) -> None:
    """setMyCommands for the default list and for zh and en users."""
    for language_code, locale in COMMAND_LANGUAGES:
        try:
            await bot.set_my_commands(menu(commands, locale), language_code=language_code)
        except TelegramError as exc:  # the bot still works without the menu
            logger.warning("setMyCommands(%s) failed: %s", language_code or "default", type(exc).__name__)


async def serve(
    config: TelegramConfig,
    handler: ConversationHandler,
    commands: Sequence[CommandSpec],
    *,
    on_ready: Callable[[Bot], None] | None = None,
    before_updates: Callable[[], Awaitable[object]] | None = None,
) -> None:
    """Run the bot (long polling, or a webhook when configured) until cancelled, then stop cleanly.

    ``on_ready`` gets the initialized bot (flood control included) before updates flow: the job
    runner sends its messages through it. ``before_updates`` is awaited after the bot is set up
    and before it takes updates (the webhook is set, or polling starts): the process's warm-up,
    so the updates waiting at a start are not the ones that pay for it."""
    app = build_application(config, handler, commands=commands)
    try:
        await _serve(app, config, on_ready, before_updates)
    except TelegramError as exc:
        # python-telegram-bot names a rejected token in its message ("The token `…` was rejected"),
        # and whoever catches this error logs it: that copy must not carry the token.
        cleaned = REDACTOR.redact(exc.message)
        if cleaned == exc.message:
            raise
        error = InvalidToken(cleaned) if isinstance(exc, InvalidToken) else TelegramError(cleaned)
        raise error from None


async def _serve(
    app: TelegramApp,
    config: TelegramConfig,
    on_ready: Callable[[Bot], None] | None,
    before_updates: Callable[[], Awaitable[object]] | None = None,
) -> None:
    async with app:  # initialize() ... shutdown()
        if on_ready is not None:
            on_ready(app.bot)
        await set_commands(app.bot, app.bot_data["commands"])
        if before_updates is not None:
            await before_updates()
        updater = app.updater
        if updater is None:
            raise RuntimeError("the Application has no Updater")
        if config.webhook_url:
            await updater.start_webhook(
                listen=config.listen,
                port=config.port,
                url_path=config.webhook_path,
                webhook_url=config.webhook_url,
                secret_token=config.secret_token,
                allowed_updates=list(ALLOWED_UPDATES),
            )
            logger.info("Telegram bot @%s receiving updates by webhook", app.bot.username)
        else:
            await updater.start_polling(allowed_updates=list(ALLOWED_UPDATES), error_callback=_polling_error)
            logger.info("Telegram bot @%s polling for updates", app.bot.username)
        await app.start()
        try:
            await asyncio.Event().wait()  # until cancelled
        finally:
            if updater.running:
                await _stop_updater(updater)
            if app.running:
                await app.stop()


# SIGTERM must end the process within 5 s. The updater gets a moment to stop on its own (a
# healthy long poll ends at once); a loop still sleeping out a back-off after that is cut short
# (PTB then runs its clean-up: one last getUpdates marking what was fetched), and a clean-up
# that hangs is cut too. Each wait is the most it may take, 2.5 s in all: at load average ~27 a
# stop once took 5.1 s when the first wait alone was 1.25 s.
_UPDATER_WAITS = (0.5, 1.0, 1.0)


async def _stop_updater(updater: Any) -> None:
    """``Updater.stop()`` waits for the polling loop, which may be sleeping out a back-off of up
    to 30 s after Bot API errors (a 502 gateway, a 409 conflict): past a moment the wait is cut
    short (cancelling it cancels the loop), then so is the last getUpdates of its clean-up."""
    stopping = asyncio.ensure_future(updater.stop())
    for i, seconds in enumerate(_UPDATER_WAITS):
        done, _pending = await asyncio.wait({stopping}, timeout=seconds)
        if done:
            break
        if i < len(_UPDATER_WAITS) - 1:
            stopping.cancel()  # first the back-off (PTB goes on to its clean-up), then that
    if stopping.done() and not stopping.cancelled() and stopping.exception() is not None:
        logger.warning("Telegram updater stopped with %s", type(stopping.exception()).__name__)


def _polling_error(error: TelegramError) -> None:
    """One line per failed getUpdates (the poller retries by itself), not a traceback each time."""
    logger.warning("getUpdates failed, retrying: %s", REDACTOR.redact(str(error)))
