"""Localized slash-command names and descriptions (en-US, zh-CN, zh-TW) via discord.py's Translator.

Every user-facing string of the command tree is an ``app_commands.locale_str`` built from the
registry's LocalText: its message is the English text and its ``zh`` extra the Chinese one;
discord.py asks the translator for each locale while it builds the payload ``tree.sync()`` uploads.
"""

from __future__ import annotations

import discord
from discord import app_commands

from core.i18n import hant
from core.skills.registry import LocalText


def ls(text: LocalText) -> app_commands.locale_str:
    """A translatable string: English by default, Chinese for zh-CN users."""
    return app_commands.locale_str(text.en, zh=text.zh)


class DeskmateTranslator(app_commands.Translator):
    """en-US gets the English text, zh-CN the ``zh`` extra, zh-TW it in traditional characters;
    other locales fall back to English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale in (discord.Locale.chinese, discord.Locale.taiwan_chinese):
            zh = string.extras.get("zh")
            if not isinstance(zh, str):
                return None
            return hant(zh) if locale is discord.Locale.taiwan_chinese else zh
        if locale is discord.Locale.american_english:
            return string.message
        return None
