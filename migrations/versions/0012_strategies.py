"""strategies: named dca / grid / ai parameter sets per owner, one of them the default

Revision ID: 0012_strategies
Revises: 0013_traders
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012_strategies"
down_revision: str | Sequence[str] | None = "0013_traders"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "strategies",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("params", sa.Text(), nullable=False),
        sa.Column("is_default", sa.Boolean(), server_default="0", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('dca', 'grid', 'ai')", name=op.f("ck_strategies_kind")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_strategies")),
        sa.UniqueConstraint("owner", "name_key", name="uq_strategies_owner_name"),
        sqlite_autoincrement=True,
    )
    # At most one default strategy per owner.
    op.create_index(
        "uq_strategies_owner_default",
        "strategies",
        ["owner"],
        unique=True,
        sqlite_where=sa.text("is_default"),
        postgresql_where=sa.text("is_default"),
    )


def downgrade() -> None:
    op.drop_index("uq_strategies_owner_default", table_name="strategies")
    op.drop_table("strategies")
