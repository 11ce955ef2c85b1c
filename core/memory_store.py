"""An in-memory StateStore: for unit tests and the benchmark's baseline. Not persistent."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from core.events import ConversationKey
from core.ports import ActionToken, ClaimOutcome, TokenClaim
from core.state import ConversationState


class MemoryStateStore:
    def __init__(self) -> None:
        self._states: dict[str, str] = {}  # JSON, so saved state never aliases live objects
        self._events: set[str] = set()
        self._tokens: dict[str, ActionToken] = {}
        self._used: set[str] = set()

    async def load_state(self, key: ConversationKey) -> ConversationState:
        raw = self._states.get(key.as_str())
        return ConversationState.model_validate_json(raw) if raw else ConversationState()

    async def save_state(self, key: ConversationKey, state: ConversationState) -> None:
        self._states[key.as_str()] = state.model_dump_json()

    async def record_event(self, event_id: str, now: datetime) -> bool:
        if event_id in self._events:
            return False
        self._events.add(event_id)
        return True

    async def begin_turn(
        self, event_id: str, key: ConversationKey, now: datetime
    ) -> ConversationState | None:
        if not await self.record_event(event_id, now):
            return None
        return await self.load_state(key)

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None:
        for tok in tokens:
            self._tokens[tok.token] = tok

    async def claim_token(self, token: str, user_id: str, now: datetime) -> TokenClaim:
        tok = self._tokens.get(token)
        if tok is None:
            return TokenClaim(ClaimOutcome.NOT_FOUND)
        if tok.key.user_id != user_id:
            return TokenClaim(ClaimOutcome.NOT_YOURS, tok)
        if token in self._used:
            return TokenClaim(ClaimOutcome.USED, tok)
        if tok.expires_at <= now:
            return TokenClaim(ClaimOutcome.EXPIRED, tok)
        for other in self._tokens.values():
            if other.group_id == tok.group_id:
                self._used.add(other.token)
        return TokenClaim(ClaimOutcome.CLAIMED, tok)
