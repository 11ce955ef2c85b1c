"""What the price alert skill's modules share: where an alert goes, a problem to word, the limits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta

from core.events import ChatKind
from core.outbound.destination import Destination
from core.turn import Turn

PER_PERSON, PER_CHANNEL = 10, 10  # alerts one person / one chat may have
BUTTON_TTL = timedelta(minutes=30)  # "set it anyway", "which one?"


@dataclass(frozen=True, slots=True)
class Problem:
    key: str
    params: Mapping[str, object]
    code: str


def destination_of(turn: Turn) -> Destination:
    """Private chat: the person. A group or a channel: that chat as a whole (its thread too)."""
    key = turn.key
    if turn.chat_kind is ChatKind.PRIVATE:
        return Destination.direct(key.platform, key.user_id)
    return Destination.chat(key.platform, key.chat_id, key.thread_id)
