"""market blocks shared by every process, and the secret-key canary

Revision ID: 0006_market_guard_secrets
Revises: 0003_workspace
Create Date: 2026-07-14
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_market_guard_secrets"
down_revision: str | Sequence[str] | None = "0005_turn_safety"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "market_blocks",
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.String(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("source", name=op.f("pk_market_blocks")),
    )
    op.create_table(
        "secret_canary",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("sealed", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_secret_canary")),
    )


def downgrade() -> None:
    op.drop_table("secret_canary")
    op.drop_table("market_blocks")
