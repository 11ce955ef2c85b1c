"""Ports: what the core needs from outside, as Protocols the adapters implement.

(The market port lives with its types in core.market, the clock in core.clock.)"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol

from core.events import ConversationKey, Inbound
from core.i18n import Locale
from core.reply import HistoryBlock, QuoteBlock, Reply
from core.state import ConversationState

__all__ = [
    "ActionToken",
    "ChartRenderer",
    "ClaimOutcome",
    "ConversationHandler",
    "ProgressSink",
    "StateStore",
    "TokenClaim",
]


@dataclass(frozen=True, slots=True)
class ActionToken:
    """A single-use button token bound to a conversation (and so to one user).

    Tokens of one ``group_id`` are alternatives (the buttons of one message): claiming one
    spends them all.
    """

    token: str
    group_id: str
    key: ConversationKey
    payload: dict[str, Any]
    created_at: datetime
    expires_at: datetime


class ClaimOutcome(StrEnum):
    CLAIMED = "claimed"
    NOT_FOUND = "not_found"
    NOT_YOURS = "not_yours"
    USED = "used"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class TokenClaim:
    outcome: ClaimOutcome
    token: ActionToken | None = None


class StateStore(Protocol):
    """Port: conversation state, event dedupe and single-use button tokens."""

    async def load_state(self, key: ConversationKey) -> ConversationState:
        """The saved state, or a fresh one."""
        ...

    async def save_state(self, key: ConversationKey, state: ConversationState) -> None: ...

    async def record_event(self, event_id: str, now: datetime) -> bool:
        """Remember ``event_id``; False when it was seen before (a redelivered update)."""
        ...

    async def begin_turn(
        self, event_id: str, key: ConversationKey, now: datetime
    ) -> ConversationState | None:
        """``record_event`` and ``load_state`` in one round trip (one transaction): the state, or
        None when the event was seen before. A turn's hot path, so it costs one trip, not two."""
        ...

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None: ...

    async def claim_token(self, token: str, user_id: str, now: datetime) -> TokenClaim:
        """Spend a token with one compare-and-set: at most one caller, across processes, ever
        gets CLAIMED, and only the user the token was issued to."""
        ...


class ChartRenderer(Protocol):
    """Port: a PNG line chart of a history's daily closes (rendered off the event loop).

    ``quote``: the current price of the same coin, when the answer has one (the chart shows it);
    ``locale``: the reply's language, for every word on the chart."""

    async def render_history(
        self, history: HistoryBlock, *, quote: QuoteBlock | None = None, locale: Locale = "en"
    ) -> bytes: ...


# The core calls this with an interim reply (e.g. "working…" with a Cancel button) while a
# long turn runs; adapters show it and later replace it with the final reply.
ProgressSink = Callable[[Reply], Awaitable[None]]


class ConversationHandler(Protocol):
    """What adapters talk to: one inbound event in, one reply out."""

    async def handle(self, event: Inbound, progress: ProgressSink | None = None) -> Reply: ...
