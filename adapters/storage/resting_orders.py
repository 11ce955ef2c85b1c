"""The resting orders' steps of the SQL order store (core.trading.ports.OrderStore): limit,
stop-loss and take-profit orders placed with their lock, filled, cancelled or expired.

Each step is one transaction whose first statement is a compare-and-set on the order's status
(``open`` / ``partially_filled``): on SQLite it takes the write lock before any balance is read,
on PostgreSQL it locks the order row; the balance rows are then read FOR UPDATE. So with two
tick processes checking the same order, one fills it and the other sees it gone; a fill and a
cancel racing end with one of them. A fill card is claimed for sending by one UPDATE (due ->
sending), so it goes out at most once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from sqlalchemy import ColumnElement, Row, and_, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from adapters.storage.audit_log import insert_audit
from adapters.storage.trading_rows import audited, order_of, paper_balances, text_of, trading_orders
from core.tasks.audit import AuditEntry
from core.trading.model import QUOTE_ASSET, Balance, Fill, NewOrder, Order, OrderStatus, Rejection
from core.trading.paper import settle as settle_paper
from core.trading.ports import Settlement
from core.trading.resting import Lock, lock, release

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

RESTING = (OrderStatus.OPEN.value, OrderStatus.PARTIALLY_FILLED.value)


def resting_values(new: NewOrder) -> dict[str, Any]:
    """The resting columns of a new order (a market order's defaults when it has none)."""
    r = new.resting
    if r is None:
        return {"order_type": "market", "locked_amount": "0"}
    return {
        "order_type": r.order_type,
        "limit_price": text_of(r.limit_price),
        "trigger_price": text_of(r.trigger_price),
        "expires_at": r.expires_at,
        "group_id": r.group_id,
        "locale": r.locale,
        "locked_amount": "0",
    }


class RestingOrderStore:
    """Mixed into SqlOrderStore, whose market-order steps (``_take``, ``_settle_in``, ``_seed``,
    ``_locked_balances``) it reuses."""

    _engine: AsyncEngine

    if TYPE_CHECKING:

        @staticmethod
        async def _take(
            conn: AsyncConnection, client_order_id: str, statuses: tuple[str, ...]
        ) -> Row[Any] | None: ...

        async def _settle_in(
            self, conn: AsyncConnection, row: Row[Any], settlement: Settlement, base: str, audit: AuditEntry
        ) -> Order: ...

        async def _seed(self, account_id: str, starting: Mapping[str, Decimal], base: str) -> None: ...

        async def _seed_position(self, account_id: str, base: str) -> None: ...

        @staticmethod
        async def _locked_balances(conn: AsyncConnection, account_id: str) -> dict[str, Balance]: ...

        async def order(self, client_order_id: str) -> Order | None: ...

    async def rest(
        self, news: Sequence[NewOrder], held: Lock | None, starting_usdt: Decimal, audit: AuditEntry
    ) -> list[Order]:
        first = news[0]
        if first.kind == "paper":
            base = first.symbol.removesuffix(QUOTE_ASSET)
            await self._seed(first.account_id, {QUOTE_ASSET: starting_usdt, base: Decimal(0)}, base)
        try:
            async with self._engine.begin() as conn:
                rows = []
                for new in news:
                    values = {
                        "client_order_id": new.client_order_id, "owner": new.owner,
                        "account_id": new.account_id, "account_name": new.account_name, "kind": new.kind,
                        "exchange": new.exchange, "symbol": new.symbol, "side": new.side,
                        "quantity": text_of(new.quantity), "status": OrderStatus.OPEN.value,
                        "created_at": new.now, "updated_at": new.now, **resting_values(new),
                    }  # fmt: skip
                    stmt = insert(trading_orders).values(**values).returning(*trading_orders.c)
                    rows.append((await conn.execute(stmt)).one())
                refused: Rejection | None = None
                if held is not None and held.amount > 0:
                    balances = await self._locked_balances(conn, first.account_id)
                    outcome = lock(balances, held)
                    if isinstance(outcome, Rejection):
                        refused = outcome
                    else:
                        await _write_balances(conn, first.account_id, outcome)
                        rows[0] = await _set(
                            conn, rows[0], locked_asset=held.asset, locked_amount=text_of(held.amount)
                        )
                if refused is not None:
                    rows = [
                        await _set(
                            conn,
                            row,
                            status=OrderStatus.REJECTED.value,
                            error_code=refused.code,
                            error_message=refused.message,
                        )
                        for row in rows
                    ]
                for row in rows:
                    outcome_word = "refused" if refused else "ok"
                    entry = replace(audit, action="order", outcome=outcome_word)  # type: ignore[arg-type]
                    if refused:
                        entry = replace(
                            entry, detail={**audit.detail, "code": refused.code, **refused.params}
                        )
                    await insert_audit(conn, audited(entry, row))
                return [order_of(row) for row in rows]
        except IntegrityError:
            found = [await self.order(new.client_order_id) for new in news]
            if any(o is None for o in found):  # pragma: no cover - an integrity error of another kind
                raise
            return [o for o in found if o is not None]

    async def open_orders(self, account_id: str) -> list[Order]:
        c = trading_orders.c
        stmt = (
            select(trading_orders)
            .where(c.account_id == account_id, c.status.in_(RESTING))
            .order_by(c.created_at, c.id)
        )
        async with self._engine.connect() as conn:
            return [order_of(r) for r in (await conn.execute(stmt)).all()]

    async def resting_symbols(self) -> list[str]:
        c = trading_orders.c
        stmt = select(c.symbol).where(c.status.in_(RESTING), c.kind == "paper").distinct().order_by(c.symbol)
        async with self._engine.connect() as conn:
            return [r.symbol for r in (await conn.execute(stmt)).all()]

    async def resting_on(self, symbol: str) -> list[Order]:
        c = trading_orders.c
        return await self._resting(c.symbol == symbol, c.kind == "paper")

    async def _resting(self, *where: ColumnElement[bool]) -> list[Order]:
        """The resting orders ``where`` selects, oldest first (the order they are checked in)."""
        c = trading_orders.c
        stmt = select(trading_orders).where(c.status.in_(RESTING), *where).order_by(c.created_at, c.id)
        async with self._engine.connect() as conn:
            return [order_of(r) for r in (await conn.execute(stmt)).all()]

    async def fill_resting(
        self, client_order_id: str, fill: Fill, base: str, starting_usdt: Decimal, audit: AuditEntry
    ) -> Order | None:
        order = await self.order(client_order_id)
        if order is None or not order.status.resting:
            return None
        await self._seed(order.account_id, {QUOTE_ASSET: starting_usdt, base: Decimal(0)}, base)
        async with self._engine.begin() as conn:
            await _lock_pair(conn, client_order_id)
            row = await self._take(conn, client_order_id, RESTING)
            if row is None:  # filled, cancelled or expired meanwhile (another process)
                return None
            others = await _take_group(conn, row)
            balances = await self._locked_balances(conn, row.account_id)
            for held in (row, *others):
                balances.update(release(balances, _lock_of(held)))
            outcome = settle_paper(balances, fill, base)
            if isinstance(outcome, Rejection):  # the lock covered it: only a hand-edited balance
                await _write_balances(conn, row.account_id, balances)
                settlement = Settlement(OrderStatus.REJECTED, rejection=outcome)
                refused = replace(audit, action="order_rejected", outcome="refused")
                done = await self._settle_in(conn, row, settlement, base, refused)
            else:
                balances.update(outcome)
                await _write_balances(conn, row.account_id, balances)
                done = await self._settle_in(conn, row, Settlement(OrderStatus.FILLED, (fill,)), base, audit)
                await _set(conn, row, notice="due")
            await _set(conn, row, locked_amount="0")
            for other in others:
                closed = await _set(
                    conn, other, status=OrderStatus.CANCELLED.value, locked_amount="0", updated_at=fill.at
                )
                entry = replace(
                    audit, action="order_cancelled", detail={**audit.detail, "by": row.client_order_id}
                )
                await insert_audit(conn, audited(entry, closed))
            return replace(done, locked_amount=Decimal(0))

    async def close_resting(
        self, client_order_id: str, status: OrderStatus, audit: AuditEntry, rejection: Rejection | None = None
    ) -> list[Order]:
        async with self._engine.begin() as conn:
            await _lock_pair(conn, client_order_id)
            row = await self._take(conn, client_order_id, RESTING)
            if row is None:
                return []
            closing = [row, *await _take_group(conn, row)]
            if row.kind == "paper":
                balances = await self._locked_balances(conn, row.account_id)
                changed: dict[str, Balance] = {}
                for held in closing:
                    changed.update(release({**balances, **changed}, _lock_of(held)))
                await _write_balances(conn, row.account_id, changed)
            closed = []
            for one in closing:
                errors = (
                    {"error_code": rejection.code, "error_message": rejection.message[:500]}
                    if rejection
                    else {}
                )
                done = await _set(
                    conn, one, status=status.value, locked_amount="0", updated_at=audit.at, **errors
                )
                await insert_audit(conn, audited(audit, done))
                closed.append(order_of(done))
            return closed

    async def live_resting(self, account_id: str) -> list[Order]:
        c = trading_orders.c
        return await self._resting(c.account_id == account_id, c.kind == "live")

    async def fill_live(
        self, client_order_id: str, settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order | None:
        order = await self.order(client_order_id)
        if order is None or not order.status.resting:
            return None
        await self._seed_position(order.account_id, base)
        async with self._engine.begin() as conn:
            await _lock_pair(conn, client_order_id)
            row = await self._take(conn, client_order_id, RESTING)
            if row is None:  # recorded meanwhile (another process), or cancelled
                return None
            others = await _take_group(conn, row)
            done = await self._settle_in(conn, row, settlement, base, audit)
            await _set(conn, row, notice="due")
            at = settlement.fills[-1].at if settlement.fills else audit.at
            for other in others:
                closed = await _set(conn, other, status=OrderStatus.CANCELLED.value, updated_at=at)
                entry = replace(
                    audit, action="order_cancelled", detail={**audit.detail, "by": row.client_order_id}
                )
                await insert_audit(conn, audited(entry, closed))
            return done

    async def claim_notices(self, symbol: str) -> list[Order]:
        c = trading_orders.c
        stmt = (
            update(trading_orders)
            .where(c.symbol == symbol, c.notice == "due")
            .values(notice="sending")
            .returning(*trading_orders.c)
        )
        async with self._engine.begin() as conn:
            return [order_of(r) for r in (await conn.execute(stmt)).all()]

    async def finish_notice(self, client_order_id: str, outcome: str) -> None:
        c = trading_orders.c
        value = "due" if outcome == "retry" else outcome
        stmt = (
            update(trading_orders)
            .where(c.client_order_id == client_order_id, c.notice == "sending")
            .values(notice=value)
        )
        async with self._engine.begin() as conn:
            await conn.execute(stmt)


def _lock_of(row: Row[Any]) -> Lock:
    return Lock(row.locked_asset or QUOTE_ASSET, Decimal(row.locked_amount or "0"))


async def _lock_pair(conn: AsyncConnection, client_order_id: str) -> None:
    """Lock the order and the rest of its pair, in id order, before taking any of them.

    PostgreSQL locks a row when a statement updates it: a process settling one half of a pair
    took that half, then the other; a process settling the other half at the same moment took
    them the other way round, and each waited for the other (a deadlock, one transaction failed).
    Taking every row of the pair in one order first makes the second process wait for the first
    and then find the pair settled. SQLite has one writer at a time (BEGIN IMMEDIATE): no need."""
    if conn.dialect.name != "postgresql":
        return
    c = trading_orders.c
    group = select(c.group_id).where(c.client_order_id == client_order_id).scalar_subquery()
    pair = (
        select(c.id)
        .where(or_(c.client_order_id == client_order_id, and_(c.group_id.is_not(None), c.group_id == group)))
        .order_by(c.id)
        .with_for_update()
    )
    await conn.execute(pair)


async def _take_group(conn: AsyncConnection, row: Row[Any]) -> list[Row[Any]]:
    """The pair's other resting orders, taken by the same compare-and-set as the order itself."""
    if row.group_id is None:
        return []
    c = trading_orders.c
    stmt = (
        update(trading_orders)
        .where(c.group_id == row.group_id, c.id != row.id, c.status.in_(RESTING))
        .values(status=c.status)
        .returning(*trading_orders.c)
    )
    return list((await conn.execute(stmt)).all())


async def _set(conn: AsyncConnection, row: Row[Any], **values: Any) -> Row[Any]:
    stmt = update(trading_orders).where(trading_orders.c.id == row.id).values(**values)
    return (await conn.execute(stmt.returning(*trading_orders.c))).one()


async def _write_balances(conn: AsyncConnection, account_id: str, balances: Mapping[str, Balance]) -> None:
    b = paper_balances.c
    for asset, balance in balances.items():
        done = await conn.execute(
            update(paper_balances)
            .where(b.account_id == account_id, b.asset == asset)
            .values(free=text_of(balance.free), locked=text_of(balance.locked))
        )
        if not done.rowcount:
            await conn.execute(
                insert(paper_balances).values(
                    account_id=account_id,
                    asset=asset,
                    free=text_of(balance.free),
                    locked=text_of(balance.locked),
                )
            )
