"""One turn's working context: the conversation, its locale, the trace, and button issuing."""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from core.events import ChatKind, ConversationKey
from core.i18n import Locale
from core.ports import ActionToken, TokenClaim
from core.reply import Button, TraceStep
from core.state import ConversationState
from core.tasks import tokens
from core.tasks.tokens import ButtonStyle
from core.texts import Catalogue, catalogue


def new_id() -> str:
    return secrets.token_hex(6)


class TurnStore(Protocol):
    """What a turn's code writes through: its conversation's hold (core.conversation.leases)."""

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None: ...

    async def claim_token(self, token: str, key: ConversationKey, now: datetime) -> TokenClaim: ...

    async def save_state(self, key: ConversationKey, state: ConversationState) -> None:
        """Persist the state now, mid-turn (before something irreversible); the turn still
        holds the conversation. Raises core.ports.StaleState if it changed meanwhile."""
        ...

    async def mark_running(self, task_id: str | None) -> None:
        """Note the cancellable task this turn runs (None: it ended), so /cancel reaches it."""
        ...

    async def cancel_requested(self, task_id: str) -> bool: ...


@dataclass
class Turn:
    key: ConversationKey
    chat_kind: ChatKind
    state: ConversationState
    locale: Locale
    now: datetime
    store: TurnStore
    trace: list[TraceStep] = field(default_factory=list)
    text: str = ""
    stopped_running: bool = False  # /cancel stopped a running planner turn
    read_only: bool = False  # this turn's state copy is stale or must not change: do not save it
    actor_admin: bool | None = None  # the writer may manage this chat (core.events); None: unknown
    texts: Catalogue = field(default_factory=catalogue)  # every reply text (core.texts)
    # What a skill read once this turn and asks again within it (a confirm's account and plan,
    # read by its check and again by its second-confirmation test): keyed by the skill.
    reads: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def t(self, message_key: str, /, **params: object) -> str:
        return self.texts.t(self.locale, message_key, **params)

    async def buttons(
        self,
        options: Sequence[tuple[str, dict[str, Any]]],
        *,
        ttl: timedelta,
        style: ButtonStyle = "secondary",
        styles: Sequence[ButtonStyle] | None = None,
    ) -> tuple[Button, ...]:
        """Issue one group of single-use tokens (pressing one spends them all)."""
        return await tokens.issue(
            self.store, self.key, self.now, options, ttl=ttl, styles=styles or [style] * len(options)
        )


class Stopwatch:
    """Milliseconds since creation, for trace latencies."""

    def __init__(self) -> None:
        self._t0 = time.perf_counter()

    def ms(self) -> float:
        return round((time.perf_counter() - self._t0) * 1000, 3)
