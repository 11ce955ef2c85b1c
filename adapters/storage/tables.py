"""The one declarative ``Base`` (and so one ``metadata``) every storage module registers on.

The schema only changes through a migration under ``migrations/versions``; these classes describe
the current head so statements can be built from them (and autogenerate can compare).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import cast

from sqlalchemy import DateTime, Dialect, Index, Integer, MetaData, String, Table, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

# Stable constraint names: Alembic needs names to drop or alter constraints later (SQLite batch mode).
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every backend.

    PostgreSQL keeps it as ``timestamptz``. SQLite has no time zone type and SQLAlchemy stores a
    fixed-width ISO text without the offset, so values are converted to UTC before binding (which
    also keeps text comparisons such as ``expires_at > :now`` correct) and tagged UTC on read.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("naive datetime given to a UTC column; pass an aware datetime")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class ConversationStateRow(Base):
    """One JSON document (core.state.ConversationState) per conversation key, and the lease that
    lets one turn at a time, in any process, work on it.

    ``revision`` counts the saves: a turn saves only if it is still the one it loaded (the
    compare-and-set that keeps two processes from overwriting each other). The lease lives on the
    same row so that taking it loads the state in the same statement and saving gives it back in
    the same statement: a turn costs no more round trips or written pages than before. A row with
    revision 0 was never saved (a turn took the lease and the state is the empty one). The cancel
    flag of a running model task lives here too and is cleared with the lease."""

    __tablename__ = "conversation_states"

    conversation_key: Mapped[str] = mapped_column(String, primary_key=True)
    platform: Mapped[str] = mapped_column(String)
    chat_id: Mapped[str] = mapped_column(String)
    user_id: Mapped[str] = mapped_column(String)
    thread_id: Mapped[str | None] = mapped_column(String, nullable=True)
    state: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    revision: Mapped[int] = mapped_column(Integer, server_default="0")
    lease_holder: Mapped[str | None] = mapped_column(String, nullable=True)  # the turn working on it
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)  # real time
    running_task: Mapped[str | None] = mapped_column(String, nullable=True)  # a cancellable task's id
    cancel_task: Mapped[str | None] = mapped_column(String, nullable=True)  # the task asked to stop


class ProcessedEventRow(Base):
    """Inbound event ids already handled, so a redelivered update is answered once."""

    __tablename__ = "processed_events"

    event_id: Mapped[str] = mapped_column(String, primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)  # indexed for pruning


class ActionTokenRow(Base):
    """Single-use button tokens. ``used_at`` is the compare-and-set flag."""

    __tablename__ = "action_tokens"

    token: Mapped[str] = mapped_column(String, primary_key=True)
    group_id: Mapped[str] = mapped_column(String, index=True)
    conversation_key: Mapped[str] = mapped_column(String)
    # The key's parts, so the token's ConversationKey can be rebuilt without parsing the string form.
    platform: Mapped[str] = mapped_column(String)
    chat_id: Mapped[str] = mapped_column(String)
    user_id: Mapped[str] = mapped_column(String)
    thread_id: Mapped[str | None] = mapped_column(String, nullable=True)
    payload: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

    __table_args__ = (Index("ix_action_tokens_expires_at", "expires_at"),)  # for pruning old tokens


conversation_states = cast(Table, ConversationStateRow.__table__)
processed_events = cast(Table, ProcessedEventRow.__table__)
action_tokens = cast(Table, ActionTokenRow.__table__)
