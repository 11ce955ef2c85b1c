"""traders.strategy_id references strategies: a strategy a trader uses cannot be deleted, even by a
second process racing the delete's own check

Revision ID: 0015_trader_strategy_fk
Revises: 0011_price_alerts
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0015_trader_strategy_fk"
down_revision: str | Sequence[str] | None = "0011_price_alerts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_FK = "fk_traders_strategy_id_strategies"


def upgrade() -> None:
    # A trader can only have pointed at a strategy that no longer exists before this constraint.
    op.execute(
        "UPDATE traders SET strategy_id = NULL "
        "WHERE strategy_id IS NOT NULL AND strategy_id NOT IN (SELECT id FROM strategies)"
    )
    with op.batch_alter_table("traders") as batch:
        batch.create_foreign_key(_FK, "strategies", ["strategy_id"], ["id"], ondelete="RESTRICT")


def downgrade() -> None:
    with op.batch_alter_table("traders") as batch:
        batch.drop_constraint(_FK, type_="foreignkey")
