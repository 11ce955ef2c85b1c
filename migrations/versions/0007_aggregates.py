"""aggregates: audit rows name their target by a text id (any aggregate's id, not only integers)

Revision ID: 0007_aggregates
Revises: 0003_workspace
Create Date: 2026-05-20
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_aggregates"
down_revision: str | Sequence[str] | None = "0006_market_guard_secrets"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # SQLite rebuilds the table (batch mode); PostgreSQL converts the column in place.
    with op.batch_alter_table("audit_log") as batch:
        batch.alter_column(
            "target_id",
            existing_type=sa.Integer(),
            type_=sa.String(),
            existing_nullable=True,
            postgresql_using="target_id::text",
        )


def downgrade() -> None:
    # Only integer ids can go back; any other id is dropped from its audit row.
    if op.get_bind().dialect.name == "sqlite":
        op.execute("UPDATE audit_log SET target_id = NULL WHERE target_id GLOB '*[^0-9]*'")
    else:
        op.execute("UPDATE audit_log SET target_id = NULL WHERE target_id !~ '^[0-9]+$'")
    with op.batch_alter_table("audit_log") as batch:
        batch.alter_column(
            "target_id",
            existing_type=sa.String(),
            type_=sa.Integer(),
            existing_nullable=True,
            postgresql_using="target_id::integer",
        )
