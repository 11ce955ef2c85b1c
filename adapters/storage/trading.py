"""The order store (core.trading.ports.OrderStore) on SQLAlchemy Core.

Safe across processes (SQLite file or PostgreSQL):
- a client order id is claimed by one INSERT under a unique constraint: a second process gets
  the existing order back;
- a pending order settles by one compare-and-set UPDATE (``status IN ('pending','unknown')``),
  the transaction's first statement: on SQLite it takes the write lock before any balance is
  read, on PostgreSQL it locks the order row, and the account's balance and position rows are
  read FOR UPDATE, so two orders of one account never spend the same USDT;
- every order, fill and rejection writes its audit row in the same transaction.

Decimals are stored as text (SQLite has no exact numeric type); the tables are in
adapters.storage.trading_rows, the resting orders' steps in adapters.storage.resting_orders.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from typing import Any

from sqlalchemy import Row, Table, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from adapters.storage.audit_log import insert_audit
from adapters.storage.dialects import insert_for
from adapters.storage.resting_orders import RestingOrderStore, resting_values
from adapters.storage.runner import transaction_runner
from adapters.storage.trading_rows import (
    audited,
    dec_of,
    order_of,
    paper_balances,
    position_of,
    text_of,
    trading_fills,
    trading_limits,
    trading_orders,
    trading_positions,
)
from core.tasks.audit import AuditEntry
from core.trading.model import (
    QUOTE_ASSET,
    Balance,
    Fill,
    NewOrder,
    Order,
    OrderStatus,
    Position,
    Rejection,
    Trade,
)
from core.trading.paper import settle as settle_paper
from core.trading.ports import Claim, Settlement
from core.trading.positions import apply_fill
from core.trading.risk import RiskLimits

_OPEN = (OrderStatus.PENDING.value, OrderStatus.UNKNOWN.value)


class SqlOrderStore(RestingOrderStore):
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        # The reads of every order (the order, the balances, the caps) run on the short-transaction
        # runner: on a SQLite file one hop to a worker thread, not aiosqlite's several a statement.
        self._runner = transaction_runner(engine)

    async def close(self) -> None:
        await self._runner.close()

    # -- orders ------------------------------------------------------------------------------

    async def order(self, client_order_id: str) -> Order | None:
        stmt = select(trading_orders).where(trading_orders.c.client_order_id == client_order_id)
        row = await self._runner.run(lambda conn: conn.execute(stmt).first(), read_only=True)
        return order_of(row) if row is not None else None

    async def recent_orders(self, account_id: str, limit: int) -> list[Order]:
        stmt = (
            select(trading_orders)
            .where(trading_orders.c.account_id == account_id)
            .order_by(trading_orders.c.created_at.desc(), trading_orders.c.id.desc())
            .limit(limit)
        )
        async with self._engine.connect() as conn:
            rows = (await conn.execute(stmt)).all()
        return [order_of(row) for row in rows]

    @staticmethod
    async def _order_row(conn: AsyncConnection, client_order_id: str) -> Row[Any] | None:
        stmt = select(trading_orders).where(trading_orders.c.client_order_id == client_order_id)
        return (await conn.execute(stmt)).first()

    async def claim(self, new: NewOrder, audit: AuditEntry) -> Claim:
        values = {
            "client_order_id": new.client_order_id,
            "owner": new.owner,
            "account_id": new.account_id,
            "account_name": new.account_name,
            "kind": new.kind,
            "exchange": new.exchange,
            "symbol": new.symbol,
            "side": new.side,
            "quantity": text_of(new.quantity),
            "status": OrderStatus.PENDING.value,
            "created_at": new.now,
            "updated_at": new.now,
            **resting_values(new),
        }
        try:
            async with self._engine.begin() as conn:
                row = (
                    await conn.execute(insert(trading_orders).values(**values).returning(*trading_orders.c))
                ).one()
                await insert_audit(conn, audited(audit, row))
                return Claim(order_of(row), created=True)
        except IntegrityError:
            async with self._engine.connect() as conn:
                existing = await self._order_row(conn, new.client_order_id)
            if existing is None:  # pragma: no cover - an integrity error of another kind
                raise
            return Claim(order_of(existing), created=False)

    async def fill_paper(
        self, client_order_id: str, fill: Fill, base: str, starting_usdt: Decimal, audit: AuditEntry
    ) -> Order:
        order = await self.order(client_order_id)
        if order is None or order.status is not OrderStatus.PENDING:
            if order is None:
                raise LookupError(client_order_id)
            return order
        await self._seed(order.account_id, {QUOTE_ASSET: starting_usdt, base: Decimal(0)}, base)
        async with self._engine.begin() as conn:
            row = await self._take(conn, client_order_id, (OrderStatus.PENDING.value,))
            if row is None:  # settled meanwhile by another process
                current = await self._order_row(conn, client_order_id)
                assert current is not None
                return order_of(current)
            balances = await self._locked_balances(conn, order.account_id)
            outcome = settle_paper(balances, fill, base)
            if isinstance(outcome, Rejection):
                rejected = replace(
                    audit,
                    action="order_rejected",
                    outcome="refused",
                    detail={**audit.detail, "code": outcome.code},
                )
                return await self._settle_in(
                    conn, row, Settlement(OrderStatus.REJECTED, rejection=outcome), base, rejected
                )
            for asset, balance in outcome.items():
                await conn.execute(
                    update(paper_balances)
                    .where(paper_balances.c.account_id == order.account_id, paper_balances.c.asset == asset)
                    .values(free=text_of(balance.free), locked=text_of(balance.locked))
                )
            return await self._settle_in(conn, row, Settlement(OrderStatus.FILLED, (fill,)), base, audit)

    async def settle(
        self, client_order_id: str, settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order:
        order = await self.order(client_order_id)
        if order is None:
            raise LookupError(client_order_id)
        if order.status.final:
            return order
        await self._seed_position(order.account_id, base)
        async with self._engine.begin() as conn:
            row = await self._take(conn, client_order_id, _OPEN)
            if row is None:
                current = await self._order_row(conn, client_order_id)
                assert current is not None
                return order_of(current)
            return await self._settle_in(conn, row, settlement, base, audit)

    @staticmethod
    async def _take(
        conn: AsyncConnection, client_order_id: str, statuses: tuple[str, ...]
    ) -> Row[Any] | None:
        """The compare-and-set that makes this transaction the order's one settlement (and, on
        SQLite, takes the write lock before anything is read)."""
        c = trading_orders.c
        stmt = (
            update(trading_orders)
            .where(c.client_order_id == client_order_id, c.status.in_(statuses))
            .values(status=c.status)
            .returning(*trading_orders.c)
        )
        return (await conn.execute(stmt)).first()

    async def _settle_in(
        self, conn: AsyncConnection, row: Row[Any], settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order:
        fills = settlement.fills
        quantity = sum((f.quantity for f in fills), Decimal(0)) if fills else Decimal(row.quantity)
        quote = sum((f.quote_amount for f in fills), Decimal(0)) if fills else None
        rejection = settlement.rejection
        values: dict[str, Any] = {
            "status": settlement.status.value,
            "quantity": text_of(quantity),
            "price": text_of((quote / quantity).quantize(Decimal("0.00000001")))
            if quote and quantity
            else None,
            "quote_amount": text_of(quote),
            "fee": text_of(sum((f.fee for f in fills), Decimal(0))) if fills else None,
            "fee_asset": fills[0].fee_asset if fills else None,
            "error_code": rejection.code if rejection else None,
            "error_message": rejection.message[:500] if rejection else None,
            "exchange_order_id": settlement.exchange_order_id,
            "updated_at": fills[-1].at if fills else row.updated_at,
        }
        c = trading_orders.c
        updated = (
            await conn.execute(
                update(trading_orders).where(c.id == row.id).values(**values).returning(*trading_orders.c)
            )
        ).one()
        if fills:
            held = await self._locked_position(conn, row.account_id, base)
            position = held or Position(base, Decimal(0), Decimal(0))
            for fill in fills:
                position, realized = apply_fill(position, base, fill)
                await conn.execute(
                    insert(trading_fills).values(
                        order_id=row.id,
                        client_order_id=row.client_order_id,
                        account_id=row.account_id,
                        symbol=fill.symbol,
                        side=fill.side,
                        quantity=text_of(fill.quantity),
                        price=text_of(fill.price),
                        quote_amount=text_of(fill.quote_amount),
                        fee=text_of(fill.fee),
                        fee_asset=fill.fee_asset,
                        realized_pnl=text_of(realized),
                        trade_id=fill.trade_id,
                        at=fill.at,
                    )
                )
            p = trading_positions.c
            await conn.execute(
                update(trading_positions)
                .where(p.account_id == row.account_id, p.asset == base)
                .values(
                    quantity=text_of(position.quantity),
                    cost=text_of(position.cost),
                    realized_pnl=text_of(position.realized_pnl),
                )
            )
        await insert_audit(conn, audited(audit, updated))
        return order_of(updated)

    # -- balances and positions -------------------------------------------------------------

    async def _seed(self, account_id: str, starting: Mapping[str, Decimal], base: str) -> None:
        """The balance rows a fill will lock, created once (a concurrent creator wins quietly)."""
        rows = [
            {"account_id": account_id, "asset": a, "free": text_of(v), "locked": "0"}
            for a, v in starting.items()
        ]
        async with self._engine.begin() as conn:
            await conn.execute(_insert_ignore(conn, paper_balances).values(rows))
        await self._seed_position(account_id, base)

    async def _seed_position(self, account_id: str, base: str) -> None:
        row = {"account_id": account_id, "asset": base, "quantity": "0", "cost": "0", "realized_pnl": "0"}
        async with self._engine.begin() as conn:
            await conn.execute(_insert_ignore(conn, trading_positions).values(row))

    @staticmethod
    async def _locked_balances(conn: AsyncConnection, account_id: str) -> dict[str, Balance]:
        # In asset order: two fills of one account lock its rows in the same order (the scan's own
        # order can differ between two transactions, and each would hold a row the other wants).
        b = paper_balances.c
        stmt = select(paper_balances).where(b.account_id == account_id).order_by(b.asset).with_for_update()
        return {
            r.asset: Balance(r.asset, Decimal(r.free), Decimal(r.locked))
            for r in (await conn.execute(stmt)).all()
        }

    @staticmethod
    async def _locked_position(conn: AsyncConnection, account_id: str, asset: str) -> Position | None:
        p = trading_positions.c
        stmt = select(trading_positions).where(p.account_id == account_id, p.asset == asset).with_for_update()
        row = (await conn.execute(stmt)).first()
        return position_of(row) if row is not None else None

    async def paper_balances(self, account_id: str, starting_usdt: Decimal) -> list[Balance]:
        stmt = select(paper_balances).where(paper_balances.c.account_id == account_id)
        rows = await self._runner.run(lambda conn: conn.execute(stmt).all(), read_only=True)
        found = {r.asset: Balance(r.asset, Decimal(r.free), Decimal(r.locked)) for r in rows}
        found.setdefault(QUOTE_ASSET, Balance(QUOTE_ASSET, starting_usdt))
        return sorted(found.values(), key=lambda b: b.asset)

    async def positions(self, account_id: str) -> list[Position]:
        p = trading_positions.c
        stmt = select(trading_positions).where(p.account_id == account_id).order_by(p.asset)
        async with self._engine.connect() as conn:
            return [position_of(r) for r in (await conn.execute(stmt)).all()]

    async def trades(self, account_id: str, limit: int) -> list[Trade]:
        f = trading_fills.c
        stmt = (
            select(trading_fills)
            .where(f.account_id == account_id)
            .order_by(f.at.desc(), f.id.desc())
            .limit(limit)
        )
        async with self._engine.connect() as conn:
            rows = (await conn.execute(stmt)).all()
        return [
            Trade(
                r.symbol,
                r.side,
                Decimal(r.quantity),
                Decimal(r.price),
                Decimal(r.quote_amount),
                Decimal(r.fee),
                r.fee_asset,
                dec_of(r.realized_pnl),
                r.at,
                r.client_order_id,
            )
            for r in rows
        ]

    async def limits(self, account_id: str) -> RiskLimits | None:
        stmt = select(trading_limits).where(trading_limits.c.account_id == account_id)
        row = await self._runner.run(lambda conn: conn.execute(stmt).first(), read_only=True)
        if row is None:
            return None
        return RiskLimits(
            Decimal(row.max_order_notional),
            Decimal(row.max_equity_share),
            Decimal(row.confirm_twice_share),
            Decimal(row.price_tolerance),
        )

    async def set_limits(self, account_id: str, limits: RiskLimits, audit: AuditEntry) -> None:
        values = {
            "max_order_notional": text_of(limits.max_order_notional),
            "max_equity_share": text_of(limits.max_equity_share),
            "confirm_twice_share": text_of(limits.confirm_twice_share),
            "price_tolerance": text_of(limits.price_tolerance),
            "updated_at": audit.at,
        }
        async with self._engine.begin() as conn:
            l = trading_limits.c  # noqa: E741
            done = await conn.execute(
                update(trading_limits).where(l.account_id == account_id).values(**values)
            )
            if not done.rowcount:
                await conn.execute(insert(trading_limits).values(account_id=account_id, **values))
            await insert_audit(conn, audit)


def _insert_ignore(conn: AsyncConnection, table: Table) -> Any:
    """INSERT ... ON CONFLICT DO NOTHING on either backend."""
    return insert_for(conn.dialect.name)(table).on_conflict_do_nothing()
