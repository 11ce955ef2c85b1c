"""Placing names and labels inside localized sentences."""

from __future__ import annotations

from core.i18n import is_zh


def inline(locale: str, label: str) -> str:
    """``label`` ready to sit between Chinese words: Latin labels get a space either side
    ("给这个欧易 OKX 账户"), Chinese ones none ("给这个币安账户")."""
    if not is_zh(locale) or not label:
        return label
    left = " " if label[0].isascii() and label[0].isalnum() else ""
    right = " " if label[-1].isascii() and label[-1].isalnum() else ""
    return f"{left}{label}{right}"


def quoted(locale: str, name: str) -> str:
    return f"「{name}」" if is_zh(locale) else f"“{name}”"
