"""How secrets are shown: never whole, at most their first and last four characters."""

from __future__ import annotations

MASK = "****"
_MIN_PARTIAL = 12  # shorter secrets would give away too much of themselves: show only the mask


def mask(secret: str) -> str:
    """``abcd****wxyz`` for a long secret; ``****`` for a short one."""
    if len(secret) < _MIN_PARTIAL:
        return MASK
    return f"{secret[:4]}{MASK}{secret[-4:]}"
