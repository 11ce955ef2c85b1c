"""The trading tables (orders, fills, paper balances, positions, caps) and their row readers,
shared by the market order store (adapters.storage.trading) and its resting orders
(adapters.storage.resting_orders). Decimals are stored as text (SQLite has no exact numeric type)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

from sqlalchemy import ForeignKey, Index, Integer, Row, String, Table, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.tables import Base, UTCDateTime
from core.tasks.audit import AuditEntry
from core.trading.model import Order, OrderStatus, Position


class TradingOrderRow(Base):
    __tablename__ = "trading_orders"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    client_order_id: Mapped[str] = mapped_column(String, unique=True)  # the idempotency key
    owner: Mapped[str] = mapped_column(String)
    account_id: Mapped[str] = mapped_column(String)
    account_name: Mapped[str] = mapped_column(String)
    kind: Mapped[str] = mapped_column(String)  # paper | live
    exchange: Mapped[str] = mapped_column(String)
    symbol: Mapped[str] = mapped_column(String)
    side: Mapped[str] = mapped_column(String)
    quantity: Mapped[str] = mapped_column(String)
    price: Mapped[str | None] = mapped_column(String, nullable=True)
    quote_amount: Mapped[str | None] = mapped_column(String, nullable=True)
    fee: Mapped[str | None] = mapped_column(String, nullable=True)
    fee_asset: Mapped[str | None] = mapped_column(String, nullable=True)
    status: Mapped[str] = mapped_column(String)
    error_code: Mapped[str | None] = mapped_column(String, nullable=True)
    error_message: Mapped[str | None] = mapped_column(String, nullable=True)
    exchange_order_id: Mapped[str | None] = mapped_column(String, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    # Resting orders (migration 0021): market orders keep the defaults.
    order_type: Mapped[str] = mapped_column(String, server_default="market")
    limit_price: Mapped[str | None] = mapped_column(String, nullable=True)
    trigger_price: Mapped[str | None] = mapped_column(String, nullable=True)
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    group_id: Mapped[str | None] = mapped_column(String, nullable=True)
    locked_asset: Mapped[str | None] = mapped_column(String, nullable=True)
    locked_amount: Mapped[str] = mapped_column(String, server_default="0")
    locale: Mapped[str] = mapped_column(String, server_default="en")  # its fill card's language
    notice: Mapped[str | None] = mapped_column(String, nullable=True)  # a fill card: due|sending|sent|lost

    __table_args__ = (
        Index("ix_trading_orders_account_created", "account_id", "created_at"),
        Index("ix_trading_orders_status_symbol", "status", "symbol"),
        {"sqlite_autoincrement": True},
    )


class TradingFillRow(Base):
    __tablename__ = "trading_fills"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("trading_orders.id", ondelete="CASCADE"))
    client_order_id: Mapped[str] = mapped_column(String)
    account_id: Mapped[str] = mapped_column(String)
    symbol: Mapped[str] = mapped_column(String)
    side: Mapped[str] = mapped_column(String)
    quantity: Mapped[str] = mapped_column(String)
    price: Mapped[str] = mapped_column(String)
    quote_amount: Mapped[str] = mapped_column(String)
    fee: Mapped[str] = mapped_column(String)
    fee_asset: Mapped[str] = mapped_column(String)
    realized_pnl: Mapped[str | None] = mapped_column(String, nullable=True)
    trade_id: Mapped[str] = mapped_column(String)
    at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (
        UniqueConstraint("order_id", "trade_id", name="uq_trading_fills_order_trade"),
        Index("ix_trading_fills_account_at", "account_id", "at"),
        {"sqlite_autoincrement": True},
    )


class PaperBalanceRow(Base):
    """A paper account's balance of one asset; no USDT row yet: it still has its starting balance."""

    __tablename__ = "paper_balances"

    account_id: Mapped[str] = mapped_column(String, primary_key=True)
    asset: Mapped[str] = mapped_column(String, primary_key=True)
    free: Mapped[str] = mapped_column(String)
    locked: Mapped[str] = mapped_column(String)


class PositionRow(Base):
    """What an account holds of one coin through deskmate's fills: quantity, cost (fees included)
    and the P&L realized so far."""

    __tablename__ = "trading_positions"

    account_id: Mapped[str] = mapped_column(String, primary_key=True)
    asset: Mapped[str] = mapped_column(String, primary_key=True)
    quantity: Mapped[str] = mapped_column(String)
    cost: Mapped[str] = mapped_column(String)
    realized_pnl: Mapped[str] = mapped_column(String)


class TradingLimitsRow(Base):
    """An account's own risk caps (none: the configured defaults)."""

    __tablename__ = "trading_limits"

    account_id: Mapped[str] = mapped_column(String, primary_key=True)
    max_order_notional: Mapped[str] = mapped_column(String)
    max_equity_share: Mapped[str] = mapped_column(String)
    confirm_twice_share: Mapped[str] = mapped_column(String)
    price_tolerance: Mapped[str] = mapped_column(String)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())


trading_orders = cast(Table, TradingOrderRow.__table__)
trading_fills = cast(Table, TradingFillRow.__table__)
paper_balances = cast(Table, PaperBalanceRow.__table__)
trading_positions = cast(Table, PositionRow.__table__)
trading_limits = cast(Table, TradingLimitsRow.__table__)


def dec_of(value: str | None) -> Decimal | None:
    return Decimal(value) if value is not None else None


def text_of(value: Decimal | None) -> str | None:
    return format(value, "f") if value is not None else None


def audited(audit: AuditEntry, row: Row[Any]) -> AuditEntry:
    detail = {**audit.detail, "client_order_id": row.client_order_id, "status": row.status}
    return replace(audit, target_id=str(row.id), target_name=row.client_order_id, detail=detail)


def order_of(row: Row[Any]) -> Order:
    return Order(
        id=str(row.id),
        client_order_id=row.client_order_id,
        owner=row.owner,
        account_id=row.account_id,
        account_name=row.account_name,
        kind=row.kind,
        exchange=row.exchange,
        symbol=row.symbol,
        side=row.side,
        quantity=Decimal(row.quantity),
        price=dec_of(row.price),
        quote_amount=dec_of(row.quote_amount),
        fee=dec_of(row.fee),
        fee_asset=row.fee_asset,
        status=OrderStatus(row.status),
        error_code=row.error_code,
        error_message=row.error_message,
        exchange_order_id=row.exchange_order_id,
        created_at=row.created_at,
        updated_at=row.updated_at,
        order_type=row.order_type,
        limit_price=dec_of(row.limit_price),
        trigger_price=dec_of(row.trigger_price),
        expires_at=row.expires_at,
        group_id=row.group_id,
        locale=row.locale,
        locked_asset=row.locked_asset,
        locked_amount=Decimal(row.locked_amount),
    )


def position_of(row: Row[Any]) -> Position:
    return Position(row.asset, Decimal(row.quantity), Decimal(row.cost), Decimal(row.realized_pnl))
