"""The Telegram adapter's own settings (the composition root maps bot settings onto it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from core.i18n import Locale

TELEGRAM_BASE_URL = "https://api.telegram.org/bot"
TELEGRAM_BASE_FILE_URL = "https://api.telegram.org/file/bot"


@dataclass(frozen=True, slots=True)
class TelegramConfig:
    """How to reach the Bot API and how to receive updates.

    ``base_url`` is in python-telegram-bot's form: the token is appended to it.
    Setting ``webhook_url`` switches from long polling to webhook mode.
    """

    token: str = field(repr=False)  # never printed: repr() of the config must be loggable
    base_url: str = TELEGRAM_BASE_URL
    base_file_url: str = TELEGRAM_BASE_FILE_URL
    webhook_url: str | None = None
    listen: str = "127.0.0.1"
    port: int = 8443
    secret_token: str | None = field(default=None, repr=False)
    bot_username: str | None = None  # learnt from getMe when unset
    default_locale: Locale = "en"  # for the adapter's own short answers before the core spoke
    messages_per_second: int = 30  # the bot-wide pace (Telegram's limit is about 30)

    def __post_init__(self) -> None:
        if not self.token:
            raise ValueError("a Telegram bot token is required")

    @property
    def webhook_path(self) -> str:
        """The local path the webhook server listens on: the path part of ``webhook_url``."""
        if not self.webhook_url:
            return ""
        return urlsplit(self.webhook_url).path.lstrip("/")
