"""pnl_weekly_reports: who gets the weekly P&L report, and the last week sent (adapters/storage/pnl.py)

Revision ID: 0023_pnl_weekly_reports
Revises: 0022_pnl_snapshots
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023_pnl_weekly_reports"
down_revision: str | Sequence[str] | None = "0022_pnl_snapshots"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "pnl_weekly_reports",
        sa.Column("owner", sa.String(), primary_key=True),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("locale", sa.String(), nullable=False),
        sa.Column("last_week", sa.String(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pnl_weekly_reports")
