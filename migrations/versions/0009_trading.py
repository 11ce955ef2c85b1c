"""trading: orders (a unique client order id each), fills, paper balances, positions, risk caps

Revision ID: 0009_trading
Revises: 0007_aggregates
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_trading"
down_revision: str | Sequence[str] | None = "0007_aggregates"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "trading_orders",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("client_order_id", sa.String(), nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("account_name", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("exchange", sa.String(), nullable=False),
        sa.Column("symbol", sa.String(), nullable=False),
        sa.Column("side", sa.String(), nullable=False),
        sa.Column("quantity", sa.String(), nullable=False),
        sa.Column("price", sa.String(), nullable=True),
        sa.Column("quote_amount", sa.String(), nullable=True),
        sa.Column("fee", sa.String(), nullable=True),
        sa.Column("fee_asset", sa.String(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("error_code", sa.String(), nullable=True),
        sa.Column("error_message", sa.String(), nullable=True),
        sa.Column("exchange_order_id", sa.String(), nullable=True),
        sa.Column("created_at", _when(), nullable=False),
        sa.Column("updated_at", _when(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trading_orders")),
        sa.UniqueConstraint("client_order_id", name=op.f("uq_trading_orders_client_order_id")),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "ix_trading_orders_account_created", "trading_orders", ["account_id", "created_at"], unique=False
    )
    op.create_table(
        "trading_fills",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("client_order_id", sa.String(), nullable=False),
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("symbol", sa.String(), nullable=False),
        sa.Column("side", sa.String(), nullable=False),
        sa.Column("quantity", sa.String(), nullable=False),
        sa.Column("price", sa.String(), nullable=False),
        sa.Column("quote_amount", sa.String(), nullable=False),
        sa.Column("fee", sa.String(), nullable=False),
        sa.Column("fee_asset", sa.String(), nullable=False),
        sa.Column("realized_pnl", sa.String(), nullable=True),
        sa.Column("trade_id", sa.String(), nullable=False),
        sa.Column("at", _when(), nullable=False),
        sa.ForeignKeyConstraint(
            ["order_id"],
            ["trading_orders.id"],
            name=op.f("fk_trading_fills_order_id_trading_orders"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trading_fills")),
        sa.UniqueConstraint("order_id", "trade_id", name="uq_trading_fills_order_trade"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_trading_fills_account_at", "trading_fills", ["account_id", "at"], unique=False)
    op.create_table(
        "paper_balances",
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("asset", sa.String(), nullable=False),
        sa.Column("free", sa.String(), nullable=False),
        sa.Column("locked", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", "asset", name=op.f("pk_paper_balances")),
    )
    op.create_table(
        "trading_positions",
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("asset", sa.String(), nullable=False),
        sa.Column("quantity", sa.String(), nullable=False),
        sa.Column("cost", sa.String(), nullable=False),
        sa.Column("realized_pnl", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", "asset", name=op.f("pk_trading_positions")),
    )
    op.create_table(
        "trading_limits",
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("max_order_notional", sa.String(), nullable=False),
        sa.Column("max_equity_share", sa.String(), nullable=False),
        sa.Column("confirm_twice_share", sa.String(), nullable=False),
        sa.Column("price_tolerance", sa.String(), nullable=False),
        sa.Column("updated_at", _when(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", name=op.f("pk_trading_limits")),
    )


def downgrade() -> None:
    op.drop_table("trading_limits")
    op.drop_table("trading_positions")
    op.drop_table("paper_balances")
    op.drop_index("ix_trading_fills_account_at", table_name="trading_fills")
    op.drop_table("trading_fills")
    op.drop_index("ix_trading_orders_account_created", table_name="trading_orders")
    op.drop_table("trading_orders")
