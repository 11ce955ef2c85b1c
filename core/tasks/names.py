"""Names users give their accounts and configs: validation and the comparison key."""

from __future__ import annotations

import unicodedata

MAX_NAME = 32
_BAD = frozenset("<>`\\\x7f")  # with the C0 controls (below " ")
# Quotes that may wrap a whole name ("“main”", "「主账户」"): removed only as a matching pair,
# so a quote that is part of the name ("Traders'", "O'Neil") stays.
PAIRS = {'"': '"', "'": "'", "“": "”", "‘": "’", "「": "」", "『": "』", "《": "》"}


# Characters that show nothing (zero-width spaces and joiners, the BOM, soft hyphen) or reorder
# what is shown (bidi embeddings, overrides, isolates and marks): a name keeps none of them, so
# "ma\u200bin" or a right-to-left mark cannot pass for "main".
_INVISIBLE = dict.fromkeys(
    (0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFEFF, 0xFFA0, *range(0x180B, 0x1810),
     *range(0x200B, 0x2010), *range(0x202A, 0x202F), *range(0x2060, 0x2070), *range(0xFE00, 0xFE10))
)  # fmt: skip


def visible(text: str) -> str:
    """``text`` without zero-width and bidi control characters."""
    return text.translate(_INVISIBLE)


def name_key(name: str) -> str:
    """The uniqueness key: "Main", "ＭＡＩＮ", " main " and "ma\u200bin" are one name."""
    return " ".join(visible(unicodedata.normalize("NFKC", name)).casefold().split())


def clean_name(raw: str) -> str | None:
    """A usable display name, or None. Quotes around it are dropped; inner spaces collapsed;
    zero-width and bidi control characters removed."""
    name = " ".join(visible(unicodedata.normalize("NFKC", raw)).split())
    while len(name) >= 2 and PAIRS.get(name[0]) == name[-1]:
        name = name[1:-1].strip()
    if not name or len(name) > MAX_NAME or any(c in _BAD or c < " " for c in name) or _only_punctuation(name):
        return None
    return name


def _only_punctuation(name: str) -> bool:
    """A stray quote or dash is no name (emoji and letters of any script are)."""
    return all(c.isascii() and not c.isalnum() for c in name)
