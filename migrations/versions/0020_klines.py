"""klines and kline_spans: the backtests' history cache (adapters/storage/klines.py)

Revision ID: 0020_klines
Revises: 0010_market_catalog
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020_klines"
down_revision: str | Sequence[str] | None = "0010_market_catalog"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "klines",
        sa.Column("source", sa.String(), primary_key=True),
        sa.Column("symbol", sa.String(), primary_key=True),
        sa.Column("interval", sa.String(), primary_key=True),
        sa.Column("open_time", sa.DateTime(timezone=True), primary_key=True),
        sa.Column("open", sa.String(), nullable=False),
        sa.Column("high", sa.String(), nullable=False),
        sa.Column("low", sa.String(), nullable=False),
        sa.Column("close", sa.String(), nullable=False),
    )
    op.create_table(
        "kline_spans",
        sa.Column("source", sa.String(), primary_key=True),
        sa.Column("symbol", sa.String(), primary_key=True),
        sa.Column("interval", sa.String(), primary_key=True),
        sa.Column("start", sa.DateTime(timezone=True), primary_key=True),
        sa.Column("end", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("kline_spans")
    op.drop_table("klines")
