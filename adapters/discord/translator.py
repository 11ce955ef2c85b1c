"""Localized slash-command names and descriptions (en-US, zh-CN) via discord.py's Translator.

Every user-facing string of the command tree is an ``app_commands.locale_str`` whose
``key`` extra names an entry here; discord.py asks the translator for each locale while it
builds the payload that ``tree.sync()`` uploads.
"""

from __future__ import annotations

import discord
from discord import app_commands

# key -> {discord locale: text}. The default (English) text lives in the locale_str itself.
# Command and option names must be lowercase, without spaces, at most 32 characters;
# Discord accepts Chinese characters in them.
STRINGS: dict[str, dict[discord.Locale, str]] = {
    "price.name": {discord.Locale.american_english: "price", discord.Locale.chinese: "价格"},
    "price.description": {
        discord.Locale.american_english: "Current price of a coin (the best ask)",
        discord.Locale.chinese: "查询币种当前价格（卖一价）",
    },
    "history.name": {discord.Locale.american_english: "history", discord.Locale.chinese: "历史"},
    "history.description": {
        discord.Locale.american_english: "Daily closes of the last 7 days, with a chart",
        discord.Locale.chinese: "最近 7 天的日收盘价和走势图",
    },
    "coin.name": {discord.Locale.american_english: "coin", discord.Locale.chinese: "币种"},
    "coin.description": {
        discord.Locale.american_english: "A coin, e.g. BTC, Ethereum or 比特币",
        discord.Locale.chinese: "币种，例如 BTC、以太坊或 Bitcoin",
    },
    "ask.name": {discord.Locale.american_english: "ask", discord.Locale.chinese: "提问"},
    "ask.description": {
        discord.Locale.american_english: "Ask deskmate in your own words (only you see the answer)",
        discord.Locale.chinese: "用自己的话问 deskmate（回答仅你可见）",
    },
    "text.name": {discord.Locale.american_english: "text", discord.Locale.chinese: "内容"},
    "text.description": {
        discord.Locale.american_english: "What you want to know or do",
        discord.Locale.chinese: "你想了解或要做的事",
    },
    "lang.name": {discord.Locale.american_english: "lang", discord.Locale.chinese: "语言"},
    "lang.description": {
        discord.Locale.american_english: "Choose the language deskmate answers you in",
        discord.Locale.chinese: "选择 deskmate 回复你时使用的语言",
    },
    "language.name": {discord.Locale.american_english: "language", discord.Locale.chinese: "语言"},
    "language.description": {
        discord.Locale.american_english: "Reply language",
        discord.Locale.chinese: "回复语言",
    },
    "choice.zh": {discord.Locale.american_english: "Chinese (中文)", discord.Locale.chinese: "中文"},
    "choice.en": {discord.Locale.american_english: "English", discord.Locale.chinese: "英文 (English)"},
    "help.name": {discord.Locale.american_english: "help", discord.Locale.chinese: "帮助"},
    "help.description": {
        discord.Locale.american_english: "What deskmate can do and how to ask",
        discord.Locale.chinese: "deskmate 能做什么、怎么问",
    },
}


def ls(default: str, key: str) -> app_commands.locale_str:
    """A translatable string: ``default`` is the English text, ``key`` its entry in STRINGS."""
    if key not in STRINGS:
        raise KeyError(f"no translations for {key!r}")
    return app_commands.locale_str(default, key=key)


class DeskmateTranslator(app_commands.Translator):
    """Looks each locale_str's ``key`` up in STRINGS; other locales fall back to the default."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if not isinstance(key, str):
            return None
        return STRINGS.get(key, {}).get(locale)
