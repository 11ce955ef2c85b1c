"""traders: strategy, run state, counters and running memory; the decisions each tick records

Revision ID: 0013_traders
Revises: 0009_trading
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013_traders"
down_revision: str | Sequence[str] | None = "0009_trading"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("traders") as batch:
        batch.add_column(sa.Column("strategy_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("state", sa.String(), server_default="stopped", nullable=False))
        batch.add_column(sa.Column("auto_start", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch.add_column(sa.Column("daily_summary", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch.add_column(sa.Column("run", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("started_at", _when(), nullable=True))
        batch.add_column(sa.Column("stopped_at", _when(), nullable=True))
        batch.add_column(sa.Column("last_error", sa.Text(), nullable=True))
        batch.add_column(sa.Column("consecutive_errors", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("ticks", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("orders", sa.Integer(), server_default="0", nullable=False))
        batch.add_column(sa.Column("memory", sa.Text(), server_default="{}", nullable=False))
        batch.add_column(sa.Column("updated_at", _when(), nullable=True))
        batch.create_index(batch.f("ix_traders_strategy_id"), ["strategy_id"])
    op.create_table(
        "trader_decisions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("trader_id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("run", sa.Integer(), nullable=False),
        sa.Column("tick", sa.String(), nullable=False),
        sa.Column("at", _when(), nullable=False),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("legs", sa.Text(), nullable=False),
        sa.Column("outcomes", sa.Text(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("tokens", sa.Integer(), nullable=False),
        sa.Column("updated_at", _when(), nullable=False),
        sa.ForeignKeyConstraint(
            ["trader_id"],
            ["traders.id"],
            name=op.f("fk_trader_decisions_trader_id_traders"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trader_decisions")),
        sa.UniqueConstraint("trader_id", "run", "tick", name="uq_trader_decisions_tick"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_trader_decisions_trader", "trader_decisions", ["trader_id", "id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_trader_decisions_trader", table_name="trader_decisions")
    op.drop_table("trader_decisions")
    with op.batch_alter_table("traders") as batch:
        batch.drop_index(batch.f("ix_traders_strategy_id"))
        for column in (
            "updated_at", "memory", "orders", "ticks", "consecutive_errors", "last_error", "stopped_at",
            "started_at", "run", "daily_summary", "auto_start", "state", "strategy_id",
        ):  # fmt: skip
            batch.drop_column(column)
