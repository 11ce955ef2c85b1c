"""Text normalization shared by every rule: the language layer's one normalization (NFKC, full
width -> ASCII, casefold, spaces, traditional -> simplified), so a rule lists each word once."""

from __future__ import annotations

from functools import lru_cache

from core.language.normalize import normalize as _normalize


@lru_cache(maxsize=256)
def normalize(text: str) -> str:
    """NFKC + casefold + collapsed whitespace + zh-Hant -> zh. "ＢＴＣ　價格" -> "btc 价格".
    Kept for the last messages: every rule of a turn reads the same text again."""
    return _normalize(text)
