"""Whose workspace a turn acts on, and how a reference is said back."""

from __future__ import annotations

from core.turn import Turn


def owner_of(turn: Turn) -> str:
    """Whose workspace: one person's across all their chats on one platform."""
    return f"{turn.key.platform}:{turn.key.user_id}"


def ref_text(ref: dict[str, str]) -> str:
    return ref.get("name") or ref.get("alias") or (f"#{ref['id']}" if "id" in ref else "")
