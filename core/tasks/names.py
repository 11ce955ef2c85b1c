"""Names users give their accounts and configs: validation and the comparison key."""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 32
_BAD = re.compile(r"[\x00-\x1f\x7f<>`\\]")
# Quotes that may wrap a whole name ("“main”", "「主账户」"): removed only as a matching pair,
# so a quote that is part of the name ("Traders'", "O'Neil") stays.
_PAIRS = {'"': '"', "'": "'", "“": "”", "‘": "’", "「": "」", "『": "』", "《": "》"}


# Characters that show nothing (zero-width spaces and joiners, the BOM, soft hyphen) or reorder
# what is shown (bidi embeddings, overrides, isolates and marks): a name keeps none of them, so
# "ma\u200bin" or a right-to-left mark cannot pass for "main".
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]"
)


def visible(text: str) -> str:
    """``text`` without zero-width and bidi control characters."""
    return _INVISIBLE.sub("", text)


def name_key(name: str) -> str:
    """The uniqueness key: "Main", "ＭＡＩＮ", " main " and "ma\u200bin" are one name."""
    return " ".join(visible(unicodedata.normalize("NFKC", name)).casefold().split())


def clean_name(raw: str) -> str | None:
    """A usable display name, or None. Quotes around it are dropped; inner spaces collapsed;
    zero-width and bidi control characters removed."""
    name = " ".join(visible(unicodedata.normalize("NFKC", raw)).split())
    while len(name) >= 2 and _PAIRS.get(name[0]) == name[-1]:
        name = name[1:-1].strip()
    if not name or len(name) > MAX_NAME or _BAD.search(name) or _only_punctuation(name):
        return None
    return name


def _only_punctuation(name: str) -> bool:
    """A stray quote or dash is no name (emoji and letters of any script are)."""
    return all(c.isascii() and not c.isalnum() for c in name)
