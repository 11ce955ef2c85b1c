"""Names users give their accounts and configs: validation and the comparison key."""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 32
_BAD = re.compile(r"[\x00-\x1f\x7f<>`\\]")


def name_key(name: str) -> str:
    """The uniqueness key: "Main", "ＭＡＩＮ" and " main " are one name."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def clean_name(raw: str) -> str | None:
    """A usable display name, or None. Quotes around it are dropped; inner spaces collapsed."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split()).strip("\"'“”「」『』《》 ")
    if not name or len(name) > MAX_NAME or _BAD.search(name):
        return None
    return name
