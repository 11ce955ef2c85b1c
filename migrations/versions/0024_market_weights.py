"""market_weights: the request weight every process has used per source and UTC minute
(adapters/storage/market_weights.py, core.market_guard)

Revision ID: 0024_market_weights
Revises: 0023_pnl_weekly_reports
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024_market_weights"
down_revision: str | Sequence[str] | None = "0023_pnl_weekly_reports"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "market_weights",
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("minute", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("used", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("source", "minute", name=op.f("pk_market_weights")),
    )


def downgrade() -> None:
    op.drop_table("market_weights")
