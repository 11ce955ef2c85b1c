"""Reply languages: which language a message or a platform setting means. The texts themselves
are core.texts' catalogue (its names are re-exported here, where callers have always found them)."""

from __future__ import annotations

import re
import unicodedata

from core.texts import LOCALES as LOCALES
from core.texts import Locale as Locale
from core.texts import has_message as has_message
from core.texts import t as t

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
    if not text.isascii() and _CJK.search(text):  # ASCII has no CJK
        return "zh"
    words = [w for w in _LATIN_WORD.findall(text) if not w.isupper()]
    if words:
        return "en"
    return None
