"""The one ``METADATA`` every storage module's tables are on: the conversation's tables here
(SQLAlchemy Core), the others' ORM classes on ``Base``, whose metadata it is.

The schema only changes through a migration under ``migrations/versions``; these tables describe
the current head so statements can be built from them (and autogenerate can compare).
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Column, DateTime, Dialect, Index, Integer, MetaData, String, Table, Text
from sqlalchemy.types import TypeDecorator

if TYPE_CHECKING:
    from sqlalchemy.orm import DeclarativeBase

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


METADATA = MetaData(naming_convention=NAMING_CONVENTION)

# The conversation's tables are SQLAlchemy Core tables: every start (`deskmate ask`) reads and
# writes them, and declaring them as ORM classes imported the ORM for it. The other storage
# modules declare theirs on ``Base`` (built at the first ``from adapters.storage.tables import
# Base``, below), whose metadata is this same one.


def _key_parts() -> list[Column[Any]]:
    """A conversation key's parts (core.events.ConversationKey), as columns."""
    return [
        Column("platform", String, nullable=False),
        Column("chat_id", String, nullable=False),
        Column("user_id", String, nullable=False),
        Column("thread_id", String, nullable=True),
    ]


# One JSON document (core.state.ConversationState) per conversation key, and the lease that lets
# one turn at a time, in any process, work on it.
#
# ``revision`` counts the saves: a turn saves only if it is still the one it loaded (the
# compare-and-set that keeps two processes from overwriting each other). The lease lives on the
# same row so that taking it loads the state in the same statement and saving gives it back in
# the same statement: a turn costs no more round trips or written pages than before. A row with
# revision 0 was never saved (a turn took the lease and the state is the empty one). The cancel
# flag of a running model task lives here too and is cleared with the lease.
conversation_states = Table(
    "conversation_states",
    METADATA,
    Column("conversation_key", String, primary_key=True),
    *_key_parts(),
    Column("state", Text, nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
    Column("revision", Integer, nullable=False, server_default="0"),
    Column("lease_holder", String, nullable=True),  # the turn working on it
    Column("lease_until", UTCDateTime(), nullable=True),  # real time
    Column("running_task", String, nullable=True),  # a cancellable task's id
    Column("cancel_task", String, nullable=True),  # the task asked to stop
)

# Inbound event ids already handled, so a redelivered update is answered once.
processed_events = Table(
    "processed_events",
    METADATA,
    Column("event_id", String, primary_key=True),
    Column("seen_at", UTCDateTime(), nullable=False, index=True),  # indexed for pruning
)

# Single-use button tokens. ``used_at`` is the compare-and-set flag.
action_tokens = Table(
    "action_tokens",
    METADATA,
    Column("token", String, primary_key=True),
    Column("group_id", String, nullable=False, index=True),
    Column("conversation_key", String, nullable=False),
    # The key's parts, so the token's ConversationKey can be rebuilt without parsing the string form.
    *_key_parts(),
    Column("payload", Text, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("used_at", UTCDateTime(), nullable=True),
    Index("ix_action_tokens_expires_at", "expires_at"),  # for pruning old tokens
)


if TYPE_CHECKING:

    class Base(DeclarativeBase):
        """The declarative base the other storage modules' ORM classes register on."""

else:
    _BUILDING_BASE = threading.Lock()

    def __getattr__(name: str) -> Any:
        """``Base``, built at its first import (it imports SQLAlchemy's ORM) on ``METADATA``."""
        if name != "Base":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        with _BUILDING_BASE:  # one Base, whichever thread asks first
            if "Base" not in globals():
                from sqlalchemy.orm import DeclarativeBase

                class Base(DeclarativeBase):
                    metadata = METADATA

                globals()["Base"] = Base
        return globals()["Base"]
