"""SqlStateStore: core.ports.StateStore on SQLAlchemy Core statements (SQLite or PostgreSQL).

Each method is one short transaction; a core turn does about one load, one save and one
record_event. Core statements (not ORM sessions) keep the per-call overhead small, and the
statement cache means each is compiled once per engine.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Row, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from adapters.storage.tables import action_tokens, conversation_states, processed_events
from core.events import ConversationKey
from core.ports import ActionToken, ClaimOutcome, TokenClaim
from core.state import ConversationState

logger = logging.getLogger(__name__)

EVENT_RETENTION = timedelta(hours=48)  # redeliveries come within minutes; 48 h is generous
TOKEN_RETENTION = timedelta(days=7)  # after this an old button says "not found" instead of "expired"
PRUNE_EVERY = 500  # record_event calls between prunes (and once on the first call)


class SqlStateStore:
    """Conversation state, event dedupe and single-use tokens in SQL tables."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._dialect = engine.dialect.name
        if self._dialect not in ("sqlite", "postgresql"):
            raise ValueError(f"unsupported database backend: {self._dialect}")
        self._events_since_prune = PRUNE_EVERY  # prune on the first event after start-up

    async def load_state(self, key: ConversationKey) -> ConversationState:
        stmt = select(conversation_states.c.state).where(
            conversation_states.c.conversation_key == key.as_str()
        )
        async with self._engine.connect() as conn:
            raw = (await conn.execute(stmt)).scalar_one_or_none()
        return ConversationState.model_validate_json(raw) if raw is not None else ConversationState()

    async def save_state(self, key: ConversationKey, state: ConversationState) -> None:
        values = {
            "conversation_key": key.as_str(),
            "platform": key.platform,
            "chat_id": key.chat_id,
            "user_id": key.user_id,
            "thread_id": key.thread_id,
            "state": state.model_dump_json(),
            "updated_at": datetime.now(UTC),
        }
        stmt = self._insert(conversation_states).values(**values)
        stmt = stmt.on_conflict_do_update(
            index_elements=[conversation_states.c.conversation_key],
            set_={"state": stmt.excluded.state, "updated_at": stmt.excluded.updated_at},
        )
        async with self._engine.begin() as conn:
            await conn.execute(stmt)

    async def record_event(self, event_id: str, now: datetime) -> bool:
        # ON CONFLICT DO NOTHING cannot race: of two concurrent inserts of one id, one sees rowcount 0.
        stmt = (
            self._insert(processed_events)
            .values(event_id=event_id, seen_at=now)
            .on_conflict_do_nothing(index_elements=[processed_events.c.event_id])
        )
        async with self._engine.begin() as conn:
            fresh = (await conn.execute(stmt)).rowcount == 1
        self._events_since_prune += 1
        if self._events_since_prune >= PRUNE_EVERY:
            self._events_since_prune = 0
            try:
                await self.prune(now)
            except SQLAlchemyError as exc:  # housekeeping: never fail a turn for it
                logger.warning("pruning old events and tokens failed: %s", exc)
        return fresh

    async def issue_tokens(self, tokens: Sequence[ActionToken]) -> None:
        if not tokens:
            return
        rows = [
            {
                "token": tok.token,
                "group_id": tok.group_id,
                "conversation_key": tok.key.as_str(),
                "platform": tok.key.platform,
                "chat_id": tok.key.chat_id,
                "user_id": tok.key.user_id,
                "thread_id": tok.key.thread_id,
                # Strict JSON: a payload that would not survive a round trip fails here, not on click.
                "payload": json.dumps(tok.payload, ensure_ascii=False, allow_nan=False),
                "created_at": tok.created_at,
                "expires_at": tok.expires_at,
                "used_at": None,
            }
            for tok in tokens
        ]
        async with self._engine.begin() as conn:
            await conn.execute(insert(action_tokens), rows)

    async def claim_token(self, token: str, user_id: str, now: datetime) -> TokenClaim:
        t = action_tokens.c
        # The compare-and-set: only one UPDATE, in any process, can flip used_at from NULL.
        cas = (
            update(action_tokens)
            .where(t.token == token, t.used_at.is_(None), t.user_id == user_id, t.expires_at > now)
            .values(used_at=now)
            .returning(*action_tokens.c)
        )
        async with self._engine.begin() as conn:
            if self._dialect == "postgresql":
                # Lock the whole group in token order first. Without it, clicks on two buttons of one
                # message lock different rows first, then each waits for the other's sibling: deadlock.
                # (SQLite needs nothing: its first write takes the database-wide write lock.)
                group = select(t.group_id).where(t.token == token).scalar_subquery()
                await conn.execute(
                    select(t.token).where(t.group_id == group).order_by(t.token).with_for_update()
                )
            row = (await conn.execute(cas)).first()
            if row is not None:
                # The other buttons of the same message are alternatives: spend them with this one.
                await conn.execute(
                    update(action_tokens)
                    .where(t.group_id == row.group_id, t.used_at.is_(None))
                    .values(used_at=now)
                )
                return TokenClaim(ClaimOutcome.CLAIMED, _to_token(row))
            found = (await conn.execute(select(action_tokens).where(t.token == token))).first()
        if found is None:
            return TokenClaim(ClaimOutcome.NOT_FOUND)
        tok = _to_token(found)
        if found.user_id != user_id:
            return TokenClaim(ClaimOutcome.NOT_YOURS, tok)
        if found.used_at is not None:
            return TokenClaim(ClaimOutcome.USED, tok)
        return TokenClaim(ClaimOutcome.EXPIRED, tok)

    async def prune(self, now: datetime) -> None:
        """Delete events older than 48 h and tokens expired over 7 days ago (also runs by itself)."""
        async with self._engine.begin() as conn:
            await self._prune(conn, now)

    async def _prune(self, conn: AsyncConnection, now: datetime) -> None:
        events = await conn.execute(
            delete(processed_events).where(processed_events.c.seen_at < now - EVENT_RETENTION)
        )
        tokens = await conn.execute(
            delete(action_tokens).where(action_tokens.c.expires_at < now - TOKEN_RETENTION)
        )
        if events.rowcount or tokens.rowcount:
            logger.debug("pruned %s events and %s tokens", events.rowcount, tokens.rowcount)

    def _insert(self, table: Any) -> Any:
        """The dialect's INSERT, which has on_conflict_do_update / on_conflict_do_nothing."""
        return (postgresql.insert if self._dialect == "postgresql" else sqlite.insert)(table)


def _to_token(row: Row[Any]) -> ActionToken:
    return ActionToken(
        token=row.token,
        group_id=row.group_id,
        key=ConversationKey(
            platform=row.platform, chat_id=row.chat_id, user_id=row.user_id, thread_id=row.thread_id
        ),
        payload=json.loads(row.payload),
        created_at=row.created_at,
        expires_at=row.expires_at,
    )
