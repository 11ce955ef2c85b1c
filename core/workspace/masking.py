"""How secrets are shown: never whole, and never more than a quarter of them.

The same number of characters is kept at each end, as many as a quarter of the secret allows
and at most four: a 12-character passphrase shows one character either side (``P****!``), a
64-character API key its first and last four (``abcd****wxyz``), anything under 8 only the mask.
"""

from __future__ import annotations

MASK = "****"
MAX_SHOWN_EACH_END = 4
_SHARE_DENOMINATOR = 4  # at most 1/4 of a secret's characters may show


def shown_each_end(length: int) -> int:
    """How many characters of a ``length``-character secret show at each end."""
    return min(MAX_SHOWN_EACH_END, length // (2 * _SHARE_DENOMINATOR))


def mask(secret: str) -> str:
    """``abcd****wxyz`` for a long secret, fewer characters for a shorter one, ``****`` when short."""
    keep = shown_each_end(len(secret))
    if keep == 0:
        return MASK
    return f"{secret[:keep]}{MASK}{secret[-keep:]}"
