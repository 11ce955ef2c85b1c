"""resting orders: an order's type (market | limit | stop_loss | take_profit | stop_limit), its
limit and trigger prices, expiry, pair (take-profit + stop-loss), the funds it locks and its fill
card's delivery; an index for the order check (open orders by symbol)

Revision ID: 0021_resting_orders
Revises: 0020_klines
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021_resting_orders"
down_revision: str | Sequence[str] | None = "0020_klines"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = (
    "order_type", "limit_price", "trigger_price", "expires_at", "group_id", "locked_asset",
    "locked_amount", "notice", "locale",
)  # fmt: skip
_INDEX = "ix_trading_orders_status_symbol"


def upgrade() -> None:
    with op.batch_alter_table("trading_orders") as batch:
        batch.add_column(sa.Column("order_type", sa.String(), server_default="market", nullable=False))
        batch.add_column(sa.Column("limit_price", sa.String(), nullable=True))
        batch.add_column(sa.Column("trigger_price", sa.String(), nullable=True))
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("group_id", sa.String(), nullable=True))
        batch.add_column(sa.Column("locked_asset", sa.String(), nullable=True))
        batch.add_column(sa.Column("locked_amount", sa.String(), server_default="0", nullable=False))
        batch.add_column(sa.Column("notice", sa.String(), nullable=True))
        batch.add_column(sa.Column("locale", sa.String(), server_default="en", nullable=False))
    op.create_index(_INDEX, "trading_orders", ["status", "symbol"], unique=False)


def downgrade() -> None:
    op.drop_index(_INDEX, table_name="trading_orders")
    with op.batch_alter_table("trading_orders") as batch:
        for column in _COLUMNS:
            batch.drop_column(column)
