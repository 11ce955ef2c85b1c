"""usage: daily model token counters per scope (user or site) for the planner's budgets

Revision ID: 0002_usage
Revises: 0001_initial
Create Date: 2026-05-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_usage"
down_revision: str | Sequence[str] | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "usage_daily",
        sa.Column("scope", sa.String(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("tokens", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("scope", "day", name=op.f("pk_usage_daily")),
    )


def downgrade() -> None:
    op.drop_table("usage_daily")
