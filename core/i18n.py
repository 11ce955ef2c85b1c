"""Reply languages: which language a message or a platform setting means. The texts themselves
are core.texts' catalogue (its names are re-exported here, where callers have always found them)."""

from __future__ import annotations

import re
import unicodedata

from core.language.normalize import has_simplified, is_traditional
from core.texts import HANT as HANT
from core.texts import LOCALES as LOCALES
from core.texts import REPLY_LOCALES as REPLY_LOCALES
from core.texts import Locale as Locale
from core.texts import hant as hant
from core.texts import has_message as has_message
from core.texts import is_zh as is_zh
from core.texts import localized as localized
from core.texts import t as t
from core.texts import written as written

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


_HANT_TAGS = frozenset({"hant", "tw", "hk", "mo"})  # zh-TW, zh-HK, zh-MO, zh-Hant(-TW)


def parse_locale(value: str | None) -> Locale | None:
    """Map a platform language code ("zh-CN", "zh-TW", "en-US", "zh_hans", ...) to a supported
    locale: Taiwan's, Hong Kong's, Macau's and any zh-Hant one are traditional Chinese."""
    if not value:
        return None
    v = value.strip().lower().replace("_", "-")
    if v.startswith("zh"):
        parts = v.split("-")[1:]
        if "hans" in parts:  # zh-Hans-HK: simplified, wherever
            return "zh"
        return HANT if _HANT_TAGS.intersection(parts) else "zh"
    if v.startswith("en"):
        return "en"
    return None


def detect_locale(text: str) -> Locale | None:
    """The language a message is written in, if it tells: any CJK ideograph means Chinese,
    traditional (zh-Hant) when its CJK text changes under the traditional -> simplified
    conversion, else zh (which may be a message either script writes alike: see
    ``message_locale``).

    A message of only tickers and commands ("BTC", "/price eth") does not tell.
    """
    text = unicodedata.normalize("NFKC", text)  # full-width "ｅｔｈ ｐｒｉｃｅ" is English
    if not text.isascii() and _CJK.search(text):  # ASCII has no CJK
        return HANT if is_traditional(text) else "zh"
    words = [w for w in _LATIN_WORD.findall(text) if not w.isupper()]
    if words:
        return "en"
    return None


def message_locale(text: str, around: Locale | None) -> Locale | None:
    """``detect_locale``, where Chinese the two scripts write alike ("你好", "好的") is read as
    the script of the conversation or platform (``around``): traditional stays traditional until
    a message has a character only simplified Chinese writes."""
    detected = detect_locale(text)
    if detected == "zh" and around == HANT and not has_simplified(text):
        return HANT
    return detected


def stored_locale(value: object) -> Locale:
    """A locale as stored (a conversation, an alert, a job's payload): zh, zh-Hant or en; anything
    else is en, as before."""
    return value if value == "zh" or value == HANT else "en"
