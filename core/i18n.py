"""Reply languages: a tiny message catalog (zh, en) and language detection."""

from __future__ import annotations

import unicodedata
from typing import Literal

from core import lazy_re as re  # patterns compile on first use (start-up time)

Locale = Literal["zh", "en"]
LOCALES: tuple[Locale, ...] = ("zh", "en")

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def parse_locale(value: str | None) -> Locale | None:
    """Map a platform language code ("zh-CN", "en-US", "zh_hans", ...) to a supported locale."""
    if not value:
        return None
    v = value.strip().lower().replace("_", "-")
    if v.startswith("zh"):
        return "zh"
    if v.startswith("en"):
        return "en"
    return None


def detect_locale(text: str) -> Locale | None:
    """The language a message is written in, if it tells: any CJK ideograph means Chinese.

    A message of only tickers and commands ("BTC", "/price eth") does not tell.
    """
    text = unicodedata.normalize("NFKC", text)  # full-width "ｅｔｈ ｐｒｉｃｅ" is English
    if not text.isascii() and _CJK.search(text):  # ASCII has no CJK: no need to compile _CJK
        return "zh"
    words = [w for w in _LATIN_WORD.findall(text) if not w.isupper()]
    if words:
        return "en"
    return None


_CATALOG: dict[str, dict[Locale, str]] = {}


def register(messages: dict[str, dict[Locale, str]]) -> None:
    """Add messages to the catalog (each skill module registers its own)."""
    for key, texts in messages.items():
        if key in _CATALOG and _CATALOG[key] != texts:
            raise ValueError(f"message {key!r} registered twice with different texts")
        _CATALOG[key] = texts


def t(locale: Locale, key: str, /, **params: object) -> str:
    """The message ``key`` in ``locale``, formatted with ``params``."""
    texts = _CATALOG[key]
    template = texts.get(locale) or texts["en"]
    return template.format(**params) if params else template


def has_message(key: str) -> bool:
    return key in _CATALOG
