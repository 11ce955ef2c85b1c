"""The order store (core.trading.ports.OrderStore) on SQLAlchemy Core.

Safe across processes (SQLite file or PostgreSQL):
- a client order id is claimed by one INSERT under a unique constraint (ON CONFLICT DO NOTHING):
  a second process gets the existing order back;
- a pending order settles by one compare-and-set UPDATE (``status IN ('pending','unknown')``)
  before anything of its account is read: on PostgreSQL it locks the order row (on SQLite the
  transaction holds the write lock from its BEGIN IMMEDIATE), and the account's balance and
  position rows are read FOR UPDATE, so two orders of one account never spend the same USDT;
- a paper order is claimed, paid for and filled in one transaction (``place_paper``): its order,
  balance, fill, position and audit rows are all written or none is (a kill -9 halfway leaves
  nothing, and the re-run places it then);
- every order, fill and rejection writes its audit row in the same transaction.

The steps run as transactions of the short-transaction runner (adapters.storage.runner: one hop
to a SQLite worker thread per transaction, not aiosqlite's several per statement); what an order
needs read before it is planned (the order by client id, the paper balances, the caps) is one
read transaction (``snapshot``). Decimals are stored as text (SQLite has no exact numeric type);
the tables are in adapters.storage.trading_rows, the resting orders' steps in
adapters.storage.resting_orders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Row, String, Table, bindparam, insert, literal, select, text, update

from adapters.storage.audit_log import audit_log, audit_row, insert_audit, insert_audit_sync
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
from core.trading.ports import Claim, OrderSnapshot, Settlement
from core.trading.positions import apply_fill
from core.trading.risk import RiskLimits

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

_OPEN = (OrderStatus.PENDING.value, OrderStatus.UNKNOWN.value)


class SqlOrderStore(RestingOrderStore):
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        # The reads of every order (the order, the balances, the caps) run on the short-transaction
        # runner: on a SQLite file one hop to a worker thread, not aiosqlite's several a statement.
        self._runner = transaction_runner(engine, inline_first=True)

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

    async def claim(self, new: NewOrder, audit: AuditEntry) -> Claim:
        values = _order_values(new)

        def claim(conn: Connection) -> Claim:
            row = _insert_order(conn, values)
            if row is None:  # the id is taken: the order holding it
                existing = _order_row(conn, new.client_order_id)
                assert existing is not None
                return Claim(order_of(existing), created=False)
            insert_audit_sync(conn, audited(audit, row))
            return Claim(order_of(row), created=True)

        return await self._runner.run(claim)

    async def place_paper(
        self,
        new: NewOrder,
        audit: AuditEntry,
        outcome: Fill | Rejection,
        base: str,
        starting_usdt: Decimal,
        settle_audit: AuditEntry,
    ) -> Claim:
        def place(conn: Connection) -> Claim:
            return place_paper_in(conn, new, audit, outcome, base, starting_usdt, settle_audit)

        return await self._runner.run(place, driven=True)

    async def fill_paper(
        self, client_order_id: str, fill: Fill, base: str, starting_usdt: Decimal, audit: AuditEntry
    ) -> Order:
        def fill_paper(conn: Connection) -> Order:
            order = _order_row(conn, client_order_id)
            if order is None:
                raise LookupError(client_order_id)
            if order.status != OrderStatus.PENDING.value:
                return order_of(order)
            row = _take_row(conn, client_order_id, (OrderStatus.PENDING.value,))
            if row is None:  # settled meanwhile by another process
                current = _order_row(conn, client_order_id)
                assert current is not None
                return order_of(current)
            return _fill_row(conn, row, fill, base, audit, {QUOTE_ASSET: starting_usdt, base: Decimal(0)})

        return await self._runner.run(fill_paper)

    async def settle(
        self, client_order_id: str, settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order:
        def settle(conn: Connection) -> Order:
            order = _order_row(conn, client_order_id)
            if order is None:
                raise LookupError(client_order_id)
            if OrderStatus(order.status).final:
                return order_of(order)
            row = _take_row(conn, client_order_id, _OPEN)
            if row is None:
                current = _order_row(conn, client_order_id)
                assert current is not None
                return order_of(current)
            _seed_position_row(conn, row.account_id, base)
            return _settle_row(conn, row, settlement, base, audit)

        return await self._runner.run(settle)

    async def snapshot(
        self, account_id: str, client_order_id: str | None, starting_usdt: Decimal | None
    ) -> OrderSnapshot:
        def read(conn: Connection) -> OrderSnapshot:
            order = _order_row(conn, client_order_id) if client_order_id is not None else None
            balances = None
            if starting_usdt is not None:
                rows = conn.execute(_BALANCES, {"_account": account_id}).all()
                balances = _paper_balances(rows, starting_usdt)
            limits = conn.execute(_LIMITS, {"_account": account_id}).first()
            return OrderSnapshot(
                order_of(order) if order is not None else None,
                balances,
                _limits(limits) if limits is not None else None,
            )

        return await self._runner.run(read, read_only=True, driven=True)

    # The resting orders' steps (adapters.storage.resting_orders) run these on aiosqlite's
    # connections: the same SQL as the runner's transactions, run through run_sync.

    @staticmethod
    async def _take(
        conn: AsyncConnection, client_order_id: str, statuses: tuple[str, ...]
    ) -> Row[Any] | None:
        return await conn.run_sync(_take_row, client_order_id, statuses)

    async def _settle_in(
        self, conn: AsyncConnection, row: Row[Any], settlement: Settlement, base: str, audit: AuditEntry
    ) -> Order:
        return await conn.run_sync(_settle_row, row, settlement, base, audit)

    # -- balances and positions -------------------------------------------------------------

    async def _seed(self, account_id: str, starting: Mapping[str, Decimal], base: str) -> None:
        """The balance and position rows a fill will lock, created once (a concurrent creator
        wins quietly)."""
        await self._runner.run(lambda conn: _seed_rows(conn, account_id, starting, base))

    async def _seed_position(self, account_id: str, base: str) -> None:
        await self._runner.run(lambda conn: _seed_position_row(conn, account_id, base))

    @staticmethod
    async def _locked_balances(conn: AsyncConnection, account_id: str) -> dict[str, Balance]:
        return await conn.run_sync(_lock_balances, account_id)

    async def paper_balances(self, account_id: str, starting_usdt: Decimal) -> list[Balance]:
        stmt = select(paper_balances).where(paper_balances.c.account_id == account_id)
        rows = await self._runner.run(lambda conn: conn.execute(stmt).all(), read_only=True)
        return _paper_balances(rows, starting_usdt)

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
        return _limits(row) if row is not None else None

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


# The order path's statements, built once: their values go as execute parameters. Built per
# call with .values(...) and literal values, each cost a new statement and its cache key (most of
# a paper order's CPU in the profile), for the same SQL every time.
_o, _b, _p = trading_orders.c, paper_balances.c, trading_positions.c
_ORDER_BY_CID = select(trading_orders).where(_o.client_order_id == bindparam("_cid"))
_BALANCES = select(paper_balances).where(_b.account_id == bindparam("_account"))
_LIMITS = select(trading_limits).where(trading_limits.c.account_id == bindparam("_account"))
_BALANCES_OF = select(paper_balances).where(_b.account_id.in_(bindparam("_accounts", expanding=True)))
_LIMITS_OF = select(trading_limits).where(
    trading_limits.c.account_id.in_(bindparam("_accounts", expanding=True))
)
_LOCK_BALANCES = _BALANCES.order_by(_b.asset).with_for_update()
_LOCK_POSITION = (
    select(trading_positions)
    .where(_p.account_id == bindparam("_account"), _p.asset == bindparam("_asset"))
    .with_for_update()
)
_SET_BALANCE = update(paper_balances).where(
    _b.account_id == bindparam("_account"), _b.asset == bindparam("_asset")
)
_SET_POSITION = update(trading_positions).where(
    _p.account_id == bindparam("_account"), _p.asset == bindparam("_asset")
)
_SET_ORDER = update(trading_orders).where(_o.id == bindparam("_id")).returning(*trading_orders.c)
_INSERT_FILL = insert(trading_fills)
_BY_DIALECT: dict[tuple[str, str], Any] = {}
_FILLED: dict[tuple[int, int], Any] = {}  # PostgreSQL: a fill's writes in one statement


def _filled(audit_rows: int, balances: int = 0) -> Any:
    """PostgreSQL: a settled order's one fill, its position, ``balances`` balance rows (the
    account's, locked before: a new paper order's payment) and its ``audit_rows`` audit rows
    written by one statement (the fill, the position and the balances as data-modifying WITH
    queries, run once each whatever the rest reads): one round trip, not four.
    Built once per number of audit and balance rows; parameters: the fill's columns prefixed
    ``f_``, the position's ``p_`` (``_account``, ``_asset``), balance row i's ``b{i}_`` (its
    asset, free, locked), audit row i's ``a{i}_``."""
    stmt = _FILLED.get((audit_rows, balances))
    if stmt is None:
        from sqlalchemy.dialects.postgresql import psycopg2  # its SQL with :named parameters

        f, p, a = trading_fills.c, trading_positions.c, audit_log.c
        fill = (
            insert(trading_fills)
            .values({n: bindparam(f"f_{n}", type_=f[n].type) for n in _FILL_COLUMNS})
            .returning(f.id)
            .cte("fill")
        )
        position = (
            update(trading_positions)
            .where(p.account_id == bindparam("_account"), p.asset == bindparam("_asset"))
            .values({n: bindparam(f"p_{n}", type_=p[n].type) for n in _POSITION_COLUMNS})
            .returning(p.asset)
            .cte("position")
        )
        paid = [
            update(paper_balances)
            .where(_b.account_id == bindparam("_account"), _b.asset == bindparam(f"b{i}_asset"))
            .values(free=bindparam(f"b{i}_free"), locked=bindparam(f"b{i}_locked"))
            .returning(_b.asset)
            .cte(f"balance{i}")
            for i in range(balances)
        ]
        rows = [
            {n: bindparam(f"a{i}_{n}", type_=a[n].type) for n in _AUDIT_COLUMNS} for i in range(audit_rows)
        ]
        dml = insert(audit_log).values(rows).add_cte(fill).add_cte(position)
        for balance in paid:
            dml = dml.add_cte(balance)
        # As text with its parameters' types: SQLAlchemy gives an INSERT with WITH queries no
        # cache key, and compiled it again at every execution (more CPU than the round trips
        # it saves); a text statement is compiled once.
        dialect = psycopg2.dialect(paramstyle="named")  # type: ignore[no-untyped-call]
        compiled = dml.compile(dialect=dialect)
        binds = [bindparam(b.key, type_=b.type) for b in compiled.binds.values()]
        stmt = text(str(compiled)).bindparams(*binds)
        _FILLED[audit_rows, balances] = stmt
    return stmt


_FILL_COLUMNS = (
    "order_id", "client_order_id", "account_id", "symbol", "side", "quantity", "price",
    "quote_amount", "fee", "fee_asset", "realized_pnl", "trade_id", "at",
)  # fmt: skip
_POSITION_COLUMNS = ("quantity", "cost", "realized_pnl")
_AUDIT_COLUMNS = ("at", "owner", "actor", "skill", "action", "target_id", "target_name", "outcome", "detail")


def _for(conn: Connection, name: str) -> Any:
    """A dialect's own statement (ON CONFLICT), built once per dialect."""
    key = (conn.dialect.name, name)
    stmt = _BY_DIALECT.get(key)
    if stmt is None:
        dialect_insert = insert_for(conn.dialect.name)
        if name == "order":
            stmt = (
                dialect_insert(trading_orders)
                .on_conflict_do_nothing(index_elements=[_o.client_order_id])
                .returning(*trading_orders.c)
            )
        elif name == "balances":
            stmt = dialect_insert(paper_balances).on_conflict_do_nothing()
        else:
            stmt = dialect_insert(trading_positions).on_conflict_do_nothing()
        _BY_DIALECT[key] = stmt
    return stmt


def among(values: Sequence[str]) -> list[Any]:
    """An IN's values as a bind parameter each, fixed in the statement (``IN (?, ?)``), not one
    parameter expanded when run: the same SQL and values at the server, and a statement a driven
    transaction can send as compiled (adapters.storage.driven refuses parameters expanded when
    run)."""
    return [literal(v, String()) for v in values]


def _insert_ignore(conn: AsyncConnection | Connection, table: Table) -> Any:
    """INSERT ... ON CONFLICT DO NOTHING on either backend."""
    return insert_for(conn.dialect.name)(table).on_conflict_do_nothing()


# -- one transaction's steps, on a sync connection (the runner's, or run_sync's) --------------


def place_paper_in(
    conn: Connection,
    new: NewOrder,
    audit: AuditEntry,
    outcome: Fill | Rejection,
    base: str,
    starting_usdt: Decimal,
    settle_audit: AuditEntry,
) -> Claim:
    """``SqlOrderStore.place_paper``'s transaction, on ``conn``: also a step of a trader's tick
    recorded in one transaction (adapters.storage.traders.SqlTraders.record).

    The account's balances are locked and the fill paid for (or refused) first, then the order
    inserted as it ends, filled or rejected (one INSERT, where a pending row and its UPDATE took
    two). Its client order id taken (a re-run, another process): the order holding it is
    returned, and nothing of this attempt is written."""
    starting = {QUOTE_ASSET: starting_usdt, base: Decimal(0)}
    paid: Mapping[str, Balance] = {}
    if isinstance(outcome, Rejection):
        settlement, settle_with = Settlement(OrderStatus.REJECTED, rejection=outcome), settle_audit
    else:
        balances = _locked_seeded(conn, new.account_id, starting, base)
        after = settle_paper(balances, outcome, base)
        if isinstance(after, Rejection):
            settlement = Settlement(OrderStatus.REJECTED, rejection=after)
            settle_with = _refused(settle_audit, after)
        else:
            settlement, settle_with, paid = Settlement(OrderStatus.FILLED, (outcome,)), settle_audit, after
    values = _order_values(new)
    row = _insert_order(conn, {**values, **_settled(settlement, dec_of(values["quantity"]), new.now)})
    if row is None:  # the id was claimed before (a re-run): settled once, by whoever holds it
        taken = _take_row(conn, new.client_order_id, (OrderStatus.PENDING.value,))
        if taken is None:
            current = _order_row(conn, new.client_order_id)
            assert current is not None
            return Claim(order_of(current), created=False)
        if isinstance(outcome, Rejection):
            settlement = Settlement(OrderStatus.REJECTED, rejection=outcome)
            return Claim(_settle_row(conn, taken, settlement, base, settle_audit), created=True)
        return Claim(_fill_row(conn, taken, outcome, base, settle_audit, starting), created=True)
    # The order's own audit row says what it was placed as (pending), as when it was written first.
    placed = audited(audit, row)
    placed = replace(placed, detail={**placed.detail, "status": OrderStatus.PENDING.value})
    if conn.dialect.name == "postgresql" and len(settlement.fills) == 1:
        # The balances written by the fill's one statement (_settle_row): one round trip fewer.
        settled = _settle_row(conn, row, settlement, base, settle_with, placed, inserted=True, paid=paid)
        return Claim(settled, created=True)
    _pay(conn, new.account_id, paid)
    return Claim(_settle_row(conn, row, settlement, base, settle_with, placed, inserted=True), created=True)


def paper_snapshots(conn: Connection, starting: Mapping[str, Decimal]) -> dict[str, OrderSnapshot]:
    """The paper accounts' balances and caps (``starting``: each account's starting USDT, by
    id), read in two statements for them all: a batch of ticks' snapshots (no order: see
    core.traders.ports.TickRead.paper)."""
    if not starting:
        return {}
    ids = {"_accounts": list(starting)}
    balances: dict[str, list[Row[Any]]] = {a: [] for a in starting}
    for row in conn.execute(_BALANCES_OF, ids).all():
        balances[row.account_id].append(row)
    limits = {row.account_id: _limits(row) for row in conn.execute(_LIMITS_OF, ids).all()}
    return {
        a: OrderSnapshot(None, _paper_balances(balances[a], usdt), limits.get(a))
        for a, usdt in starting.items()
    }


def _order_values(new: NewOrder) -> dict[str, Any]:
    return {
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


def _insert_order(conn: Connection, values: dict[str, Any]) -> Row[Any] | None:
    """The new pending order's row; None when its client order id is taken (the unique
    constraint decides, whichever process asks)."""
    return conn.execute(_for(conn, "order"), values).first()


def _order_row(conn: Connection, client_order_id: str) -> Row[Any] | None:
    return conn.execute(_ORDER_BY_CID, {"_cid": client_order_id}).first()


def _take_row(conn: Connection, client_order_id: str, statuses: tuple[str, ...]) -> Row[Any] | None:
    """The compare-and-set that makes this transaction the order's one settlement (and, on
    PostgreSQL, locks the order's row before anything of the account is read)."""
    c = trading_orders.c
    stmt = (
        update(trading_orders)
        .where(c.client_order_id == client_order_id, c.status.in_(among(statuses)))
        .values(status=c.status)
        .returning(*trading_orders.c)
    )
    return conn.execute(stmt).first()


def _fill_row(
    conn: Connection,
    row: Row[Any],
    fill: Fill,
    base: str,
    audit: AuditEntry,
    starting: Mapping[str, Decimal],
) -> Order:
    """A taken (pending) paper order fills: its account's balances pay for it (locked in asset
    order), or Binance's -2010 rejects it."""
    balances = _locked_seeded(conn, row.account_id, starting, base)
    outcome = settle_paper(balances, fill, base)
    if isinstance(outcome, Rejection):
        settlement = Settlement(OrderStatus.REJECTED, rejection=outcome)
        return _settle_row(conn, row, settlement, base, _refused(audit, outcome))
    _pay(conn, row.account_id, outcome)
    return _settle_row(conn, row, Settlement(OrderStatus.FILLED, (fill,)), base, audit)


def _locked_seeded(
    conn: Connection, account_id: str, starting: Mapping[str, Decimal], base: str
) -> dict[str, Balance]:
    """The account's balances, locked. Its balance rows (``starting``: their first values) and
    position row are created when the lock finds one missing (its first order of the asset),
    not written again by every fill: two statements a fill fewer."""
    balances = _lock_balances(conn, account_id)
    if any(asset not in balances for asset in starting):
        _seed_rows(conn, account_id, starting, base)
        balances = _lock_balances(conn, account_id)
    return balances


def _refused(audit: AuditEntry, rejection: Rejection) -> AuditEntry:
    detail = {**audit.detail, "code": rejection.code}
    return replace(audit, action="order_rejected", outcome="refused", detail=detail)


def _pay(conn: Connection, account_id: str, balances: Mapping[str, Balance]) -> None:
    """The balances a fill left, written (locked before)."""
    rows = [
        {"_account": account_id, "_asset": a, "free": text_of(b.free), "locked": text_of(b.locked)}
        for a, b in balances.items()
    ]
    if rows:  # both assets' in one executemany: on PostgreSQL one round trip, not two
        conn.execute(_SET_BALANCE, rows)


def _settled(settlement: Settlement, quantity: Decimal | None, at: datetime) -> dict[str, Any]:
    """The order's columns once settled (``quantity``, ``at``: what it had before, for a
    settlement with no fill)."""
    fills = settlement.fills
    if fills:
        quantity = sum((f.quantity for f in fills), Decimal(0))
    quote = sum((f.quote_amount for f in fills), Decimal(0)) if fills else None
    rejection = settlement.rejection
    return {
        "status": settlement.status.value,
        "quantity": text_of(quantity),
        "price": text_of((quote / quantity).quantize(Decimal("0.00000001"))) if quote and quantity else None,
        "quote_amount": text_of(quote),
        "fee": text_of(sum((f.fee for f in fills), Decimal(0))) if fills else None,
        "fee_asset": fills[0].fee_asset if fills else None,
        "error_code": rejection.code if rejection else None,
        "error_message": rejection.message[:500] if rejection else None,
        "exchange_order_id": settlement.exchange_order_id,
        "updated_at": fills[-1].at if fills else at,
    }


def _settle_row(
    conn: Connection,
    row: Row[Any],
    settlement: Settlement,
    base: str,
    audit: AuditEntry,
    placed: AuditEntry | None = None,
    *,
    inserted: bool = False,
    paid: Mapping[str, Balance] | None = None,
) -> Order:
    """The taken order settles (``inserted``: ``row`` was inserted settled already): its fills,
    position and audit row (after ``placed``'s, the order's own, when the order was inserted
    in this transaction: both in one write). ``paid``: on PostgreSQL, the balances its one fill
    left (locked before), written by the fill's statement."""
    fills = settlement.fills
    if inserted:
        updated = row
    else:
        values = _settled(settlement, dec_of(row.quantity), row.updated_at)
        updated = conn.execute(_SET_ORDER, {"_id": row.id, **values}).one()
    settled = audited(audit, updated)
    entries = (settled,) if placed is None else (placed, settled)
    if fills:
        held = _lock_position(conn, row.account_id, base)
        if held is None:  # its first fill of the asset: the row created, then locked
            _seed_position_row(conn, row.account_id, base)
            held = _lock_position(conn, row.account_id, base)
        position = held or Position(base, Decimal(0), Decimal(0))
        written: list[dict[str, Any]] = []
        for fill in fills:
            position, realized = apply_fill(position, base, fill)
            written.append(
                {
                    "order_id": row.id,
                    "client_order_id": row.client_order_id,
                    "account_id": row.account_id,
                    "symbol": fill.symbol,
                    "side": fill.side,
                    "quantity": text_of(fill.quantity),
                    "price": text_of(fill.price),
                    "quote_amount": text_of(fill.quote_amount),
                    "fee": text_of(fill.fee),
                    "fee_asset": fill.fee_asset,
                    "realized_pnl": text_of(realized),
                    "trade_id": fill.trade_id,
                    "at": fill.at,
                }
            )
        held_now = {
            "quantity": text_of(position.quantity),
            "cost": text_of(position.cost),
            "realized_pnl": text_of(position.realized_pnl),
        }
        if conn.dialect.name == "postgresql" and len(written) == 1:
            # The fill, the position and the audit rows: one statement, one round trip.
            params = {f"f_{n}": v for n, v in written[0].items()}
            params |= {f"p_{n}": v for n, v in held_now.items()}
            params |= {"_account": row.account_id, "_asset": base}
            for i, entry in enumerate(entries):
                params |= {f"a{i}_{n}": v for n, v in audit_row(entry).items()}
            balances = sorted((paid or {}).items())
            for i, (asset, balance) in enumerate(balances):
                params |= {f"b{i}_asset": asset, f"b{i}_free": text_of(balance.free)}
                params[f"b{i}_locked"] = text_of(balance.locked)
            conn.execute(_filled(len(entries), len(balances)), params)
            return order_of(updated)
        if paid:
            _pay(conn, row.account_id, paid)
        for one in written:
            conn.execute(_INSERT_FILL, one)
        conn.execute(_SET_POSITION, {"_account": row.account_id, "_asset": base, **held_now})
    insert_audit_sync(conn, *entries)
    return order_of(updated)


def _seed_rows(conn: Connection, account_id: str, starting: Mapping[str, Decimal], base: str) -> None:
    """The balance rows a fill will lock (in asset order) and its position row, created once."""
    rows = [
        {"account_id": account_id, "asset": a, "free": text_of(v), "locked": "0"}
        for a, v in sorted(starting.items())
    ]
    conn.execute(_for(conn, "balances"), rows)
    _seed_position_row(conn, account_id, base)


def _seed_position_row(conn: Connection, account_id: str, base: str) -> None:
    row = {"account_id": account_id, "asset": base, "quantity": "0", "cost": "0", "realized_pnl": "0"}
    conn.execute(_for(conn, "position"), row)


def _lock_balances(conn: Connection, account_id: str) -> dict[str, Balance]:
    # In asset order: two fills of one account lock its rows in the same order (the scan's own
    # order can differ between two transactions, and each would hold a row the other wants).
    rows = conn.execute(_LOCK_BALANCES, {"_account": account_id}).all()
    return {r.asset: Balance(r.asset, Decimal(r.free), Decimal(r.locked)) for r in rows}


def _lock_position(conn: Connection, account_id: str, asset: str) -> Position | None:
    row = conn.execute(_LOCK_POSITION, {"_account": account_id, "_asset": asset}).first()
    return position_of(row) if row is not None else None


def _paper_balances(rows: Sequence[Row[Any]], starting_usdt: Decimal) -> list[Balance]:
    found = {r.asset: Balance(r.asset, Decimal(r.free), Decimal(r.locked)) for r in rows}
    found.setdefault(QUOTE_ASSET, Balance(QUOTE_ASSET, starting_usdt))
    return sorted(found.values(), key=lambda b: b.asset)


def _limits(row: Row[Any]) -> RiskLimits:
    return RiskLimits(
        Decimal(row.max_order_notional),
        Decimal(row.max_equity_share),
        Decimal(row.confirm_twice_share),
        Decimal(row.price_tolerance),
    )
