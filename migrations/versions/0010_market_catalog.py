"""market catalog: the exchange's list of USDT spot markets with their filters, refreshed daily

Revision ID: 0010_market_catalog
Revises: 0015_trader_strategy_fk
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_market_catalog"
down_revision: str | Sequence[str] | None = "0015_trader_strategy_fk"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "market_catalog",
        sa.Column("symbol", sa.String(), nullable=False),
        sa.Column("base", sa.String(), nullable=False),
        sa.Column("quote", sa.String(), nullable=False),
        # Filters as the exchange's digits (Decimal strings), so nothing is rounded on the way.
        sa.Column("tick_size", sa.String(), nullable=True),
        sa.Column("step_size", sa.String(), nullable=True),
        sa.Column("min_qty", sa.String(), nullable=True),
        sa.Column("max_qty", sa.String(), nullable=True),
        sa.Column("min_notional", sa.String(), nullable=True),
        sa.Column("max_notional", sa.String(), nullable=True),
        sa.Column("fetched_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("symbol"),
    )


def downgrade() -> None:
    op.drop_table("market_catalog")
