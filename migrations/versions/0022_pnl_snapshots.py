"""pnl_equity_snapshots: one equity figure per account per UTC day (adapters/storage/pnl.py)

Revision ID: 0022_pnl_snapshots
Revises: 0021_resting_orders
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022_pnl_snapshots"
down_revision: str | Sequence[str] | None = "0021_resting_orders"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "pnl_equity_snapshots",
        sa.Column("account_id", sa.String(), primary_key=True),
        sa.Column("day", sa.String(), primary_key=True),
        sa.Column("equity", sa.String(), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pnl_equity_snapshots")
