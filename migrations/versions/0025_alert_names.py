"""price_alerts.name: an alert a person named ("call it dip buyer", "叫它抄底线"), unique among
the alerts of one destination (the person's private chat, or a group / channel as a whole: where
alerts are listed, limited and deleted), by its case- and width-folded key

Revision ID: 0025_alert_names
Revises: 0024_market_weights
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025_alert_names"
down_revision: str | Sequence[str] | None = "0024_market_weights"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_UNIQUE = "uq_price_alerts_destination_name"


def upgrade() -> None:
    # Nullable columns and a unique index: added in place on SQLite and PostgreSQL alike (no
    # table rebuilt, so no alert or firing is copied or cascaded). Existing alerts have no name;
    # NULLs never clash in a unique index on either backend.
    op.add_column("price_alerts", sa.Column("name", sa.String(), nullable=True))
    op.add_column("price_alerts", sa.Column("name_key", sa.String(), nullable=True))
    op.create_index(_UNIQUE, "price_alerts", ["destination", "name_key"], unique=True)


def downgrade() -> None:
    op.drop_index(_UNIQUE, table_name="price_alerts")
    # In place too (SQLite >= 3.35 drops a column itself): a batch rebuild would drop the table,
    # and with foreign keys on that deletes its firings (ON DELETE CASCADE).
    op.drop_column("price_alerts", "name_key")
    op.drop_column("price_alerts", "name")
