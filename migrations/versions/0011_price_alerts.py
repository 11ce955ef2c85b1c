"""price alerts: the alerts, their firings (recorded once, delivered once) and the prices checks saw

Revision ID: 0011_price_alerts
Revises: 0012_strategies
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_price_alerts"
down_revision: str | Sequence[str] | None = "0012_strategies"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "price_alerts",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("created_in", sa.String(), nullable=False),
        sa.Column("destination", sa.String(), nullable=False),
        sa.Column("platform", sa.String(), nullable=False),
        sa.Column("chat_id", sa.String(), nullable=True),
        sa.Column("user_id", sa.String(), nullable=True),
        sa.Column("thread_id", sa.String(), nullable=True),
        sa.Column("symbol", sa.String(), nullable=False),
        sa.Column("condition", sa.String(), nullable=False),
        sa.Column("level", sa.String(), nullable=False),
        sa.Column("window", sa.String(), nullable=True),
        sa.Column("repeat", sa.Integer(), nullable=False),
        sa.Column("cooldown_seconds", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("armed", sa.Integer(), nullable=False),
        sa.Column("locale", sa.String(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("created_at", _when(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("last_price", sa.String(), nullable=True),
        sa.Column("checked_at", _when(), nullable=True),
        sa.Column("cooldown_until", _when(), nullable=True),
        sa.Column("fired", sa.Integer(), nullable=False),
        sa.Column("paused_reason", sa.String(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_price_alerts")),
    )
    op.create_index("ix_price_alerts_symbol_status", "price_alerts", ["symbol", "status"], unique=False)
    op.create_index("ix_price_alerts_destination", "price_alerts", ["destination"], unique=False)
    op.create_table(
        "price_alert_triggers",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("alert_id", sa.String(), nullable=False),
        sa.Column("symbol", sa.String(), nullable=False),
        sa.Column("price", sa.String(), nullable=False),
        sa.Column("quoted_at", _when(), nullable=False),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("reference", sa.String(), nullable=True),
        sa.Column("fired_at", _when(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("claimer", sa.String(), nullable=True),
        sa.Column("claimed_at", _when(), nullable=True),
        sa.Column("finished_at", _when(), nullable=True),
        sa.ForeignKeyConstraint(
            ["alert_id"],
            ["price_alerts.id"],
            name=op.f("fk_price_alert_triggers_alert_id_price_alerts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_price_alert_triggers")),
    )
    op.create_index(
        "ix_price_alert_triggers_symbol_status", "price_alert_triggers", ["symbol", "status"], unique=False
    )
    op.create_table(
        "price_alert_samples",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("symbol", sa.String(), nullable=False),
        sa.Column("at", _when(), nullable=False),
        sa.Column("price", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_price_alert_samples")),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_price_alert_samples_symbol_at", "price_alert_samples", ["symbol", "at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_price_alert_samples_symbol_at", table_name="price_alert_samples")
    op.drop_table("price_alert_samples")
    op.drop_index("ix_price_alert_triggers_symbol_status", table_name="price_alert_triggers")
    op.drop_table("price_alert_triggers")
    op.drop_index("ix_price_alerts_destination", table_name="price_alerts")
    op.drop_index("ix_price_alerts_symbol_status", table_name="price_alerts")
    op.drop_table("price_alerts")
