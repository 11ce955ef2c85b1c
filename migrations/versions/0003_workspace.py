"""workspace: exchange accounts, model configs, traders (reference check only) and the audit log

Revision ID: 0003_workspace
Revises: 0002_usage
Create Date: 2026-05-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_workspace"
down_revision: str | Sequence[str] | None = "0002_usage"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "exchange_accounts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("exchange", sa.String(), nullable=False),
        sa.Column("credentials", sa.Text(), nullable=False),
        sa.Column("paper_balance", sa.String(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exchange_accounts")),
        sa.UniqueConstraint("owner", "name_key", name="uq_exchange_accounts_owner_name"),
        sqlite_autoincrement=True,  # ids are never reused
    )
    op.create_table(
        "model_configs",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("provider", sa.String(), nullable=False),
        sa.Column("base_url", sa.String(), nullable=False),
        sa.Column("model", sa.String(), nullable=False),
        sa.Column("api_key", sa.Text(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_model_configs")),
        sa.UniqueConstraint("owner", "name_key", name="uq_model_configs_owner_name"),
        sqlite_autoincrement=True,  # ids are never reused
    )
    op.create_table(
        "traders",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("model_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["exchange_accounts.id"],
            name=op.f("fk_traders_account_id_exchange_accounts"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["model_id"],
            ["model_configs.id"],
            name=op.f("fk_traders_model_id_model_configs"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_traders")),
        sa.UniqueConstraint("owner", "name_key", name="uq_traders_owner_name"),
        sqlite_autoincrement=True,  # ids are never reused
    )
    op.create_index(op.f("ix_traders_account_id"), "traders", ["account_id"])
    op.create_index(op.f("ix_traders_model_id"), "traders", ["model_id"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("actor", sa.String(), nullable=False),
        sa.Column("skill", sa.String(), nullable=False),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=True),
        sa.Column("target_name", sa.String(), nullable=True),
        sa.Column("outcome", sa.String(), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_audit_log_owner_at", "audit_log", ["owner", "at"])


def downgrade() -> None:
    op.drop_index("ix_audit_log_owner_at", table_name="audit_log")
    op.drop_table("audit_log")
    op.drop_index(op.f("ix_traders_model_id"), table_name="traders")
    op.drop_index(op.f("ix_traders_account_id"), table_name="traders")
    op.drop_table("traders")
    op.drop_table("model_configs")
    op.drop_table("exchange_accounts")
