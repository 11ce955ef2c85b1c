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
    "Lease",
    "ProgressSink",
    "StaleState",
    "StateStore",
    "TokenClaim",
    "TurnOpened",
    "TurnStart",
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
    claimed_at: datetime | None = None  # when the token (or its group) was spent, if it was


@dataclass(frozen=True, slots=True)
class Lease:
    """A turn's claim on its conversation: ``holder`` until ``until``, asked for at ``now``.
    Lease times are real time (they are compared across processes), whatever clock the core runs on."""

    holder: str
    now: datetime
    until: datetime


class TurnOpened(StrEnum):
    STARTED = "started"  # the lease is ours and the state loaded
    DUPLICATE = "duplicate"  # the event was seen before: nothing to do
    BUSY = "busy"  # another turn (another process) holds the conversation: try again shortly


@dataclass(frozen=True, slots=True)
class TurnStart:
    """What ``begin_turn`` found. ``revision`` counts the saves of the state (0: never saved)."""

    outcome: TurnOpened
    state: ConversationState | None = None
    revision: int = 0


class StaleState(Exception):
    """A save lost its compare-and-set: the state changed since this turn loaded it."""


class StateStore(Protocol):
    """Port: conversation state, event dedupe, single-use button tokens, and the lease that
    lets one turn at a time, in any process, work on a conversation.

    A turn: ``begin_turn`` (dedupe the event, take the conversation's lease, load the state: one
    round trip), then ``save_turn`` (compare-and-set on the revision and give the lease back: one
    round trip). The lease serialises turns; the compare-and-set makes a save that lost its lease
    (its holder stalled past the expiry) fail instead of overwriting a newer state.
    """

    async def load_state(self, key: ConversationKey) -> ConversationState:
        """The saved state, or a fresh one (a read outside any turn: nothing may be saved from it)."""
        ...

    async def record_event(self, event_id: str, now: datetime) -> bool:
        """Remember ``event_id``; False when it was seen before (a redelivered update)."""
        ...

    async def begin_turn(
        self, key: ConversationKey, lease: Lease, event_id: str | None = None, seen_at: datetime | None = None
    ) -> TurnStart:
        """In one transaction: record ``event_id`` seen at ``seen_at`` (DUPLICATE if seen before),
        take the conversation's ``lease`` (BUSY, recording nothing, while another holder's lease
        runs; a lapsed lease or our own is taken over), load the state."""
        ...

    async def save_turn(
        self, key: ConversationKey, state: ConversationState, revision: int, holder: str, *, release: bool
    ) -> int:
        """Save ``state`` if the stored revision is still ``revision`` (else raise StaleState);
        with ``release``, give the lease back in the same transaction. The new revision."""
        ...

    async def renew_lease(self, key: ConversationKey, holder: str, until: datetime) -> bool:
        """Extend ``holder``'s lease; False when it is no longer theirs."""
        ...

    async def release_lease(self, key: ConversationKey, holder: str) -> None: ...

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None: ...

    async def claim_token(self, token: str, key: ConversationKey, now: datetime) -> TokenClaim:
        """Spend a token with one compare-and-set: at most one caller, across processes, ever
        gets CLAIMED, and only from the conversation (platform, chat, user, thread) it was
        issued in: a press from anywhere else is NOT_YOURS."""
        ...

    # A running model task, cancellable from any process: the flag lives on the lease.
    async def mark_running(self, key: ConversationKey, holder: str, task_id: str | None) -> None:
        """Note (or, with None, clear) the cancellable task ``holder``'s turn is running."""
        ...

    async def request_cancel(self, key: ConversationKey, now: datetime) -> bool:
        """Ask the conversation's running task to stop; False when none is running."""
        ...

    async def cancel_requested(self, key: ConversationKey, task_id: str) -> bool:
        """Someone asked task ``task_id`` to stop."""
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
