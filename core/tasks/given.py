"""Slots a rule may hand a task besides its own: credentials typed in the request itself.

``GIVEN_SECRETS`` holds ``{slot: plain value}`` for the task flow to seal before anything else
sees the task (core.tasks.flow.TaskFlow.start); ``STRAY_SECRET`` says the message carried a
credential that no label placed, so it is taken nowhere but the message must still be deleted.
Neither ever reaches a route shown to anyone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GIVEN_SECRETS = "given_secrets"
STRAY_SECRET = "stray_secret"  # noqa: S105 - a slot name, not a secret
RESERVED = frozenset({GIVEN_SECRETS, STRAY_SECRET})


def shown_slots(slots: Mapping[str, Any]) -> dict[str, Any]:
    """``slots`` without the credentials a rule carried: what a route may show."""
    return {k: v for k, v in slots.items() if k not in RESERVED}
