"""Telegram adapter: python-telegram-bot in front of the conversation core."""

from adapters.telegram.app import build_application, serve, set_commands
from adapters.telegram.config import TelegramConfig

__all__ = ["TelegramConfig", "build_application", "serve", "set_commands"]
