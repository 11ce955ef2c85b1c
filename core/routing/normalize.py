"""Text normalization shared by every rule: NFKC (full-width -> ASCII), casefold, spaces."""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")


def normalize(text: str) -> str:
    """NFKC + casefold + collapsed whitespace. "ＢＴＣ　价格" -> "btc 价格"."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def is_latin(alias: str) -> bool:
    return alias.isascii()
