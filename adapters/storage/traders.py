"""The traders table, so far only what deleting an account or a model config must check: which
traders use it (the trader skill adds its columns by migration)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, ForeignKey, Integer, Select, String, Table, UniqueConstraint, select
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.tables import Base, UTCDateTime


class TraderRow(Base):
    __tablename__ = "traders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    owner: Mapped[str] = mapped_column(String)
    name: Mapped[str] = mapped_column(String)
    name_key: Mapped[str] = mapped_column(String)
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("exchange_accounts.id", ondelete="RESTRICT"), nullable=True, index=True
    )
    model_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("model_configs.id", ondelete="RESTRICT"), nullable=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (
        UniqueConstraint("owner", "name_key", name="uq_traders_owner_name"),
        {"sqlite_autoincrement": True},
    )


traders = cast(Table, TraderRow.__table__)


def trader_names(used_by: ColumnElement[Any], owner: str, row_id: int) -> Select[Any]:
    """The names of the owner's traders referencing ``row_id`` through the column ``used_by``."""
    t = traders.c
    return select(t.name).where(t.owner == owner, used_by == row_id).order_by(t.name)
