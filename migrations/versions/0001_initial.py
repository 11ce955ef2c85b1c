"""initial: conversation state, processed events, action tokens

Revision ID: 0001_initial
Revises:
Create Date: 2026-05-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "conversation_states",
        sa.Column("conversation_key", sa.String(), nullable=False),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("chat_id", sa.String(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=False),
        sa.Column("thread_id", sa.String(), nullable=True),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("conversation_key", name=op.f("pk_conversation_states")),
    )
    op.create_table(
        "processed_events",
        sa.Column("event_id", sa.String(), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_processed_events")),
    )
    op.create_index(op.f("ix_processed_events_seen_at"), "processed_events", ["seen_at"])
    op.create_table(
        "action_tokens",
        sa.Column("token", sa.String(), nullable=False),
        sa.Column("group_id", sa.String(), nullable=False),
        sa.Column("conversation_key", sa.String(), nullable=False),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("chat_id", sa.String(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=False),
        sa.Column("thread_id", sa.String(), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_action_tokens")),
    )
    op.create_index(op.f("ix_action_tokens_group_id"), "action_tokens", ["group_id"])
    op.create_index(op.f("ix_action_tokens_expires_at"), "action_tokens", ["expires_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_action_tokens_expires_at"), table_name="action_tokens")
    op.drop_index(op.f("ix_action_tokens_group_id"), table_name="action_tokens")
    op.drop_table("action_tokens")
    op.drop_index(op.f("ix_processed_events_seen_at"), table_name="processed_events")
    op.drop_table("processed_events")
    op.drop_table("conversation_states")
