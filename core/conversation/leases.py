"""One turn at a time per conversation, whichever process handles it: the conversation's lease.

A turn takes the lease with the same round trip that records its event and loads the state
(core.ports.StateStore.begin_turn) and gives it back with the same round trip that saves the
state. While another process holds it, the turn waits, polling with a growing pause. The lease
lapses ``ttl`` after its last renewal, so a process killed mid-turn holds its conversation only
that long; a live turn renews it while it runs (a model or an exchange may take seconds).

The lease only serialises turns. What keeps an update from being lost is the save's
compare-and-set on the state's revision: a holder that stalled past its lease finds its save
refused (StaleState) instead of writing over the newer state.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from core.clock import Clock, SystemClock
from core.events import ConversationKey
from core.ports import ActionToken, Lease, StateStore, TokenClaim, TurnOpened
from core.state import ConversationState

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LeasePolicy:
    ttl: timedelta = timedelta(seconds=20)  # how long a killed holder keeps its conversation
    max_wait: timedelta = timedelta(seconds=60)  # longer than any turn (a model task has 45 s)
    first_pause: float = 0.005  # seconds between polls, doubling up to ``max_pause``
    max_pause: float = 0.2


class ConversationBusy(Exception):
    """The conversation stayed held elsewhere for longer than ``max_wait``."""


class HeldTurn:
    """A turn's hold on its conversation: the state it loaded, the revision it loaded it at, and
    the lease. The turn saves and issues buttons through it (core.turn.TurnStore)."""

    def __init__(
        self,
        store: StateStore,
        key: ConversationKey,
        holder: str,
        state: ConversationState,
        revision: int,
        *,
        policy: LeasePolicy,
        clock: Clock,
    ) -> None:
        self.store = store
        self.key = key
        self.holder = holder
        self.state = state
        self.revision = revision
        self.waited_ms = 0.0  # how long another holder kept the turn waiting (for the trace)
        self.checkpointed = False  # a save went through mid-turn: what follows may be irreversible
        self.done = False  # saved and released, or released
        self._policy = policy
        self._clock = clock
        self._renewal: asyncio.TimerHandle | None = None
        self._renewing: asyncio.Task[None] | None = None

    # -- what a turn uses (core.turn.TurnStore) -----------------------------------------------

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None:
        await self.store.issue_tokens(tokens)

    async def claim_token(self, token: str, key: ConversationKey, now: datetime) -> TokenClaim:
        return await self.store.claim_token(token, key, now)

    async def save_state(self, key: ConversationKey, state: ConversationState) -> None:
        """Save now, keeping the lease (a checkpoint before something irreversible).
        Raises StaleState when the state moved on since it was loaded."""
        assert key == self.key, "a turn saves only its own conversation"
        self.revision = await self.store.save_turn(key, state, self.revision, self.holder, release=False)
        self.checkpointed = True

    async def mark_running(self, task_id: str | None) -> None:
        await self.store.mark_running(self.key, self.holder, task_id)

    async def cancel_requested(self, task_id: str) -> bool:
        return await self.store.cancel_requested(self.key, task_id)

    # -- ending the turn --------------------------------------------------------------------------

    async def commit(self, state: ConversationState) -> None:
        """Save the turn's state and give the lease back (one round trip), once no renewal runs."""
        await self.stop()
        try:
            self.revision = await self.store.save_turn(
                self.key, state, self.revision, self.holder, release=True
            )
        except BaseException:  # not saved (a newer state: the turn runs again), still held
            self.keep_alive()
            raise
        self.done = True

    async def release(self) -> None:
        if not self.done:
            self.done = True
            await self.store.release_lease(self.key, self.holder)

    # -- keeping the lease while the turn runs ----------------------------------------------------

    def keep_alive(self) -> None:
        """Renew the lease every third of its life until ``stop``: a timer, not a task, so a turn
        that ends quickly (nearly all) costs no more than scheduling and cancelling it."""
        loop = asyncio.get_running_loop()
        self._renewal = loop.call_later(self._policy.ttl.total_seconds() / 3, self._renew_now)

    def _renew_now(self) -> None:
        self._renewing = asyncio.get_running_loop().create_task(self._renew())

    async def _renew(self) -> None:
        try:
            if not await self.store.renew_lease(self.key, self.holder, self._clock.now() + self._policy.ttl):
                # Taken over after a stall: the compare-and-set on save decides what stands.
                log.warning("lost the lease on a conversation mid-turn")
                return
        except Exception:  # the save's compare-and-set still protects the state
            log.exception("renewing a conversation lease failed")
        if not self.done:
            self.keep_alive()

    async def stop(self) -> None:
        """No more renewals; one already under way is waited for, never cancelled: a statement
        cancelled mid-flight can leave its pooled connection unusable (asyncpg: "another operation
        is in progress") for whichever turn gets it next, and it would finish after the release."""
        if self._renewal is not None:
            self._renewal.cancel()
        if self._renewing is not None and not self._renewing.done():
            await asyncio.shield(self._renewing)


class ConversationLeases:
    """Hands out holds on conversations (see the module docstring)."""

    def __init__(
        self, store: StateStore, policy: LeasePolicy | None = None, clock: Clock | None = None
    ) -> None:
        self.store = store
        self.policy = policy or LeasePolicy()
        self.clock = clock or SystemClock()  # real time: leases are compared across processes

    async def request_cancel(self, key: ConversationKey) -> bool:
        """Flag the cancellable task a turn of ``key`` runs (in any process); False if none."""
        return await self.store.request_cancel(key, self.clock.now())

    @asynccontextmanager
    async def hold(
        self, key: ConversationKey, event_id: str | None, seen_at: datetime
    ) -> AsyncIterator[HeldTurn | None]:
        """The conversation, held for one turn; None when ``event_id`` (seen at ``seen_at``, on the
        core's clock) was handled before. Raises ConversationBusy when another holder keeps it
        beyond ``max_wait``."""
        holder = secrets.token_hex(8)
        policy = self.policy
        began = self.clock.monotonic()
        deadline = began + policy.max_wait.total_seconds()
        pause, waited = policy.first_pause, False
        while True:
            now = self.clock.now()
            start = await self.store.begin_turn(key, Lease(holder, now, now + policy.ttl), event_id, seen_at)
            if start.outcome is not TurnOpened.BUSY:
                break
            if self.clock.monotonic() >= deadline:
                raise ConversationBusy(key.as_str())
            # Jittered, so two waiters do not poll in step.
            await asyncio.sleep(pause * random.uniform(0.5, 1.5))
            pause, waited = min(pause * 2, policy.max_pause), True
        if start.outcome is TurnOpened.DUPLICATE:
            yield None
            return
        assert start.state is not None
        held = HeldTurn(self.store, key, holder, start.state, start.revision, policy=policy, clock=self.clock)
        if waited:
            held.waited_ms = round((self.clock.monotonic() - began) * 1000, 3)
        held.keep_alive()
        try:
            yield held
        finally:
            try:
                await held.stop()
            finally:
                await held.release()
