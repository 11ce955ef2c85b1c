"""SqlStateStore: core.ports.StateStore on SQLAlchemy Core statements (SQLite or PostgreSQL).

Each method is one short transaction; a core turn does about one load, one save and one
record_event. Two choices keep them cheap:
- statements are built once per store with bind parameters, so a call only binds values and hits
  SQLAlchemy's compiled cache without rebuilding or re-keying a statement (about 1.6x on a turn);
- on a SQLite file a transaction is one hop to a worker thread (see runner.py).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Row, bindparam, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.runner import transaction_runner
from adapters.storage.tables import action_tokens, conversation_states, processed_events
from core.events import ConversationKey
from core.ports import ActionToken, ClaimOutcome, TokenClaim
from core.state import ConversationState

logger = logging.getLogger(__name__)

EVENT_RETENTION = timedelta(hours=48)  # redeliveries come within minutes; 48 h is generous
TOKEN_RETENTION = timedelta(days=7)  # after this an old button says "not found" instead of "expired"
PRUNE_EVERY = 500  # record_event calls between prunes (and once on the first call)


class _Statements:
    """Every statement the store runs, built once for one dialect."""

    def __init__(self, dialect: str) -> None:
        dialect_insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        cs, pe, t = conversation_states.c, processed_events.c, action_tokens.c

        self.load = select(cs.state).where(cs.conversation_key == bindparam("conversation_key"))

        upsert = dialect_insert(conversation_states)
        self.save = upsert.on_conflict_do_update(
            index_elements=[cs.conversation_key],
            set_={"state": upsert.excluded.state, "updated_at": upsert.excluded.updated_at},
        )

        # ON CONFLICT DO NOTHING cannot race: of two concurrent inserts of one id, one sees rowcount 0.
        self.record = dialect_insert(processed_events).on_conflict_do_nothing(index_elements=[pe.event_id])

        self.issue = insert(action_tokens)

        # The compare-and-set: only one UPDATE, in any process, can flip used_at from NULL.
        self.claim = (
            update(action_tokens)
            .where(
                t.token == bindparam("t"),
                t.used_at.is_(None),
                t.user_id == bindparam("u"),
                t.expires_at > bindparam("now"),
            )
            .values(used_at=bindparam("now"))
            .returning(*action_tokens.c)
        )
        self.spend_group = (
            update(action_tokens)
            .where(t.group_id == bindparam("g"), t.used_at.is_(None))
            .values(used_at=bindparam("now"))
        )
        # PostgreSQL only: lock the whole group in token order before the compare-and-set. Without
        # it, clicks on two buttons of one message lock different rows first, then each waits for
        # the other's sibling: a deadlock. (SQLite needs nothing: its first write takes the
        # database-wide write lock.)
        group_of_token = select(t.group_id).where(t.token == bindparam("t")).scalar_subquery()
        self.lock_group = (
            select(t.token).where(t.group_id == group_of_token).order_by(t.token).with_for_update()
            if dialect == "postgresql"
            else None
        )
        self.read_token = select(action_tokens).where(t.token == bindparam("t"))

        self.prune_events = delete(processed_events).where(pe.seen_at < bindparam("cutoff"))
        self.prune_tokens = delete(action_tokens).where(t.expires_at < bindparam("cutoff"))


class SqlStateStore:
    """Conversation state, event dedupe and single-use tokens in SQL tables.

    ``close()`` releases the worker threads and connections the store opened itself (SQLite file);
    the engine passed in stays the caller's to dispose.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        dialect = engine.dialect.name
        if dialect not in ("sqlite", "postgresql"):
            raise ValueError(f"unsupported database backend: {dialect}")
        self._sql = _Statements(dialect)
        self._runner = transaction_runner(engine)
        self._events_since_prune = PRUNE_EVERY  # prune on the first event after start-up

    async def close(self) -> None:
        await self._runner.close()

    async def load_state(self, key: ConversationKey) -> ConversationState:
        def load(conn: Connection) -> str | None:
            return conn.execute(self._sql.load, {"conversation_key": key.as_str()}).scalar_one_or_none()

        raw = await self._runner.run(load)
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

        def save(conn: Connection) -> None:
            conn.execute(self._sql.save, values)

        await self._runner.run(save)

    async def record_event(self, event_id: str, now: datetime) -> bool:
        def record(conn: Connection) -> bool:
            return conn.execute(self._sql.record, {"event_id": event_id, "seen_at": now}).rowcount == 1

        fresh = await self._runner.run(record)
        await self._after_event(now)
        return fresh

    async def begin_turn(
        self, event_id: str, key: ConversationKey, now: datetime
    ) -> ConversationState | None:
        sql = self._sql

        def begin(conn: Connection) -> tuple[bool, str | None]:
            if conn.execute(sql.record, {"event_id": event_id, "seen_at": now}).rowcount != 1:
                return False, None
            return True, conn.execute(sql.load, {"conversation_key": key.as_str()}).scalar_one_or_none()

        fresh, raw = await self._runner.run(begin)
        await self._after_event(now)
        if not fresh:
            return None
        return ConversationState.model_validate_json(raw) if raw is not None else ConversationState()

    async def _after_event(self, now: datetime) -> None:
        self._events_since_prune += 1
        if self._events_since_prune >= PRUNE_EVERY:
            self._events_since_prune = 0
            try:
                await self.prune(now)
            except SQLAlchemyError as exc:  # housekeeping: never fail a turn for it
                logger.warning("pruning old events and tokens failed: %s", exc)

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

        def issue(conn: Connection) -> None:
            conn.execute(self._sql.issue, rows)

        await self._runner.run(issue)

    async def claim_token(self, token: str, user_id: str, now: datetime) -> TokenClaim:
        sql = self._sql

        def claim(conn: Connection) -> tuple[bool, Row[Any] | None]:
            """(claimed, the token's row); one transaction."""
            if sql.lock_group is not None:
                conn.execute(sql.lock_group, {"t": token})
            row = conn.execute(sql.claim, {"t": token, "u": user_id, "now": now}).first()
            if row is not None:
                # The other buttons of the same message are alternatives: spend them with this one.
                conn.execute(sql.spend_group, {"g": row.group_id, "now": now})
                return True, row
            return False, conn.execute(sql.read_token, {"t": token}).first()

        claimed, row = await self._runner.run(claim)
        if row is None:
            return TokenClaim(ClaimOutcome.NOT_FOUND)
        tok = _to_token(row)
        if claimed:
            return TokenClaim(ClaimOutcome.CLAIMED, tok)
        if row.user_id != user_id:
            return TokenClaim(ClaimOutcome.NOT_YOURS, tok)
        if row.used_at is not None:
            return TokenClaim(ClaimOutcome.USED, tok)
        return TokenClaim(ClaimOutcome.EXPIRED, tok)

    async def prune(self, now: datetime) -> None:
        """Delete events older than 48 h and tokens expired over 7 days ago (also runs by itself)."""

        def prune(conn: Connection) -> tuple[int, int]:
            events = conn.execute(self._sql.prune_events, {"cutoff": now - EVENT_RETENTION})
            tokens = conn.execute(self._sql.prune_tokens, {"cutoff": now - TOKEN_RETENTION})
            return events.rowcount, tokens.rowcount

        events, tokens = await self._runner.run(prune)
        if events or tokens:
            logger.debug("pruned %s events and %s tokens", events, tokens)


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
