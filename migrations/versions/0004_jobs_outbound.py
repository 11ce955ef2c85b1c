"""jobs and outbound: the persisted job table, deliveries and paused destinations

Revision ID: 0004_jobs_outbound
Revises: 0003_workspace
Create Date: 2026-05-10
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_jobs_outbound"
down_revision: str | Sequence[str] | None = "0003_workspace"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LIVE = "status IN ('pending', 'running')"


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("owner", sa.String(), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("dedupe_key", sa.String(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("max_attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("lease_owner", sa.String(), nullable=True),
        sa.Column("lease_token", sa.String(), nullable=True),
        sa.Column("lease_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_jobs")),
    )
    op.create_index(op.f("ix_jobs_owner"), "jobs", ["owner"])
    op.create_index("ix_jobs_status_due_at", "jobs", ["status", "due_at"])
    # At most one live job per dedupe key; finished jobs keep their key for the record.
    op.create_index(
        "uq_jobs_dedupe_key_live",
        "jobs",
        ["dedupe_key"],
        unique=True,
        sqlite_where=sa.text(LIVE),
        postgresql_where=sa.text(LIVE),
    )
    op.create_table(
        "deliveries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("destination", sa.String(), nullable=False),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("chat_id", sa.String(), nullable=True),
        sa.Column("user_id", sa.String(), nullable=True),
        sa.Column("thread_id", sa.String(), nullable=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("error_code", sa.String(), nullable=True),
        sa.Column("job_id", sa.String(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deliveries")),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_deliveries_created_at"), "deliveries", ["created_at"])
    op.create_index("ix_deliveries_destination_created_at", "deliveries", ["destination", "created_at"])
    op.create_table(
        "paused_destinations",
        sa.Column("destination", sa.String(), nullable=False),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("chat_id", sa.String(), nullable=True),
        sa.Column("user_id", sa.String(), nullable=True),
        sa.Column("thread_id", sa.String(), nullable=True),
        sa.Column("reason", sa.String(), nullable=False),
        sa.Column("paused_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("destination", name=op.f("pk_paused_destinations")),
    )


def downgrade() -> None:
    op.drop_table("paused_destinations")
    op.drop_index("ix_deliveries_destination_created_at", table_name="deliveries")
    op.drop_index(op.f("ix_deliveries_created_at"), table_name="deliveries")
    op.drop_table("deliveries")
    op.drop_index("uq_jobs_dedupe_key_live", table_name="jobs")
    op.drop_index("ix_jobs_status_due_at", table_name="jobs")
    op.drop_index(op.f("ix_jobs_owner"), table_name="jobs")
    op.drop_table("jobs")
