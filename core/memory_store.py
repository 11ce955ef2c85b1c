"""An in-memory StateStore: for unit tests and the benchmark's baseline. Not persistent.

It keeps the SQL store's contract (revisions, leases, tokens bound to their conversation), so
several Cores sharing one behave like processes sharing a database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from core.events import ConversationKey
from core.ports import ActionToken, ClaimOutcome, Lease, StaleState, TokenClaim, TurnOpened, TurnStart
from core.state import ConversationState


@dataclass
class _Lease:
    holder: str
    until: datetime
    running_task: str | None = None
    cancel_task: str | None = None


class MemoryStateStore:
    def __init__(self) -> None:
        self._states: dict[str, tuple[str, int]] = {}  # JSON and revision: saved state never aliases
        self._events: set[str] = set()
        self._tokens: dict[str, ActionToken] = {}
        self._used: dict[str, datetime] = {}
        self._leases: dict[str, _Lease] = {}

    async def load_state(self, key: ConversationKey) -> ConversationState:
        raw, _ = self._states.get(key.as_str(), ("", 0))
        return ConversationState.model_validate_json(raw) if raw else ConversationState()

    async def save_state(self, key: ConversationKey, state: ConversationState) -> None:
        """Overwrite outside any turn (tests); a turn in flight then fails its compare-and-set."""
        _, revision = self._states.get(key.as_str(), ("", 0))
        self._states[key.as_str()] = (state.model_dump_json(), revision + 1)

    async def record_event(self, event_id: str, now: datetime) -> bool:
        if event_id in self._events:
            return False
        self._events.add(event_id)
        return True

    async def begin_turn(
        self, key: ConversationKey, lease: Lease, event_id: str | None = None, seen_at: datetime | None = None
    ) -> TurnStart:
        if event_id is not None and event_id in self._events:
            return TurnStart(TurnOpened.DUPLICATE)
        held = self._leases.get(key.as_str())
        if held is not None and held.holder != lease.holder and held.until > lease.now:
            return TurnStart(TurnOpened.BUSY)
        if event_id is not None:
            self._events.add(event_id)
        self._leases[key.as_str()] = _Lease(lease.holder, lease.until)
        _, revision = self._states.get(key.as_str(), ("", 0))
        return TurnStart(TurnOpened.STARTED, await self.load_state(key), revision)

    async def save_turn(
        self, key: ConversationKey, state: ConversationState, revision: int, holder: str, *, release: bool
    ) -> int:
        _, stored = self._states.get(key.as_str(), ("", 0))
        if stored != revision:
            raise StaleState(key.as_str())
        self._states[key.as_str()] = (state.model_dump_json(), revision + 1)
        if release:
            await self.release_lease(key, holder)
        return revision + 1

    async def renew_lease(self, key: ConversationKey, holder: str, until: datetime) -> bool:
        lease = self._leases.get(key.as_str())
        if lease is None or lease.holder != holder:
            return False
        lease.until = until
        return True

    async def release_lease(self, key: ConversationKey, holder: str) -> None:
        lease = self._leases.get(key.as_str())
        if lease is not None and lease.holder == holder:
            del self._leases[key.as_str()]

    async def mark_running(self, key: ConversationKey, holder: str, task_id: str | None) -> None:
        lease = self._leases.get(key.as_str())
        if lease is not None and lease.holder == holder:
            lease.running_task, lease.cancel_task = task_id, None

    async def request_cancel(self, key: ConversationKey, now: datetime) -> bool:
        lease = self._leases.get(key.as_str())
        if lease is None or lease.running_task is None or lease.until <= now:
            return False
        lease.cancel_task = lease.running_task
        return True

    async def cancel_requested(self, key: ConversationKey, task_id: str) -> bool:
        lease = self._leases.get(key.as_str())
        return lease is not None and lease.cancel_task == task_id

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None:
        for tok in tokens:
            self._tokens[tok.token] = tok

    async def claim_token(self, token: str, key: ConversationKey, now: datetime) -> TokenClaim:
        tok = self._tokens.get(token)
        if tok is None:
            return TokenClaim(ClaimOutcome.NOT_FOUND)
        if tok.key != key:
            return TokenClaim(ClaimOutcome.NOT_YOURS, tok)
        if token in self._used:
            return TokenClaim(ClaimOutcome.USED, tok, self._used[token])
        if tok.expires_at <= now:
            return TokenClaim(ClaimOutcome.EXPIRED, tok)
        for other in self._tokens.values():
            if other.group_id == tok.group_id:
                self._used[other.token] = now
        return TokenClaim(ClaimOutcome.CLAIMED, tok, now)
