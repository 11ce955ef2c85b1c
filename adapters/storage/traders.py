"""The trader repository (core.traders.ports.TraderStore) on SQLAlchemy Core: traders, their
run state, and the decisions each tick records.

Deleting an account, a model config or a strategy checks this table for the traders that use it
(``trader_names``). State changes are compare-and-sets (``UPDATE ... WHERE state IN (...)``), one
statement, so two processes pressing start and stop at once leave one winner; a tick's decision
is unique per (trader, run, tick), so a tick run twice decides once. A tick with no order or
one paper order is recorded in one transaction (``record``: the stop check, the decision, the
order's rows through adapters.storage.trading.place_paper_in, the trader's counters).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import (
    Boolean,
    ColumnElement,
    Connection,
    ForeignKey,
    Index,
    Integer,
    Row,
    Select,
    String,
    Table,
    Text,
    UniqueConstraint,
    Update,
    bindparam,
    case,
    delete,
    insert,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from adapters.storage.audit_log import insert_audit, insert_audit_sync
from adapters.storage.runner import shared_runner
from adapters.storage.tables import Base, UTCDateTime
from adapters.storage.trading import among, paper_snapshots, place_paper_in
from core.tasks.audit import AuditEntry
from core.tasks.errors import InUse, NameTaken, NotFound
from core.tasks.names import name_key
from core.traders.model import (
    Decision,
    Leg,
    NewTrader,
    Outcome,
    TickResult,
    Trader,
    TraderChanges,
    TraderState,
)
from core.traders.ports import Recorded, Settle, TickKey, TickRead
from core.trading.ports import OrderSnapshot
from core.trading.service import PaperOrder, kind_of, starting_usdt

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine


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
    # Deleting a strategy checks this column (trader_names) in its transaction; the foreign key
    # refuses a trader attached meanwhile by another process (migration 0015).
    strategy_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("strategies.id", ondelete="RESTRICT"), nullable=True, index=True
    )
    state: Mapped[str] = mapped_column(String, server_default="stopped")
    auto_start: Mapped[bool] = mapped_column(Boolean, server_default="0")
    daily_summary: Mapped[bool] = mapped_column(Boolean, server_default="0")
    run: Mapped[int] = mapped_column(Integer, server_default="0")
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    stopped_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    consecutive_errors: Mapped[int] = mapped_column(Integer, server_default="0")
    ticks: Mapped[int] = mapped_column(Integer, server_default="0")
    orders: Mapped[int] = mapped_column(Integer, server_default="0")
    memory: Mapped[str] = mapped_column(Text, server_default="{}")  # JSON
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

    __table_args__ = (
        UniqueConstraint("owner", "name_key", name="uq_traders_owner_name"),
        {"sqlite_autoincrement": True},
    )


class TraderDecisionRow(Base):
    __tablename__ = "trader_decisions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    trader_id: Mapped[int] = mapped_column(Integer, ForeignKey("traders.id", ondelete="CASCADE"))
    owner: Mapped[str] = mapped_column(String)
    run: Mapped[int] = mapped_column(Integer)
    tick: Mapped[str] = mapped_column(String)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    action: Mapped[str] = mapped_column(String)  # hold | buy | sell | invalid | skipped | error
    reason: Mapped[str] = mapped_column(Text)
    legs: Mapped[str] = mapped_column(Text)  # JSON list of the orders it asked for
    outcomes: Mapped[str] = mapped_column(Text)  # JSON list of what each order did
    status: Mapped[str] = mapped_column(String)  # pending | done
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    tokens: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())

    __table_args__ = (
        UniqueConstraint("trader_id", "run", "tick", name="uq_trader_decisions_tick"),
        Index("ix_trader_decisions_trader", "trader_id", "id"),
        {"sqlite_autoincrement": True},
    )


traders = cast(Table, TraderRow.__table__)
trader_decisions = cast(Table, TraderDecisionRow.__table__)

_ACTIVE = tuple(s.value for s in TraderState if s.active)
_RUNNABLE = (TraderState.STARTING.value, TraderState.RUNNING.value)  # a tick may decide and order


def trader_names(used_by: ColumnElement[Any], owner: str, row_id: int) -> Select[Any]:
    """The names of the owner's traders referencing ``row_id`` through the column ``used_by``."""
    t = traders.c
    return select(t.name).where(t.owner == owner, used_by == row_id).order_by(t.name)


def _key(record_id: str | None) -> int | None:
    if record_id is None or not record_id.isascii() or not record_id.isdecimal() or len(record_id) > 18:
        return None
    return int(record_id)


def _ref(record_id: str | None) -> int | None:
    """A referenced record's key; an id that cannot be ours is refused (never stored as None)."""
    if record_id is None:
        return None
    key = _key(record_id)
    if key is None:
        raise NotFound(record_id)
    return key


class SqlTraders:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._reads = shared_runner(engine)  # a tick's reads: one hop (adapters.storage.runner)

    # -- reads --------------------------------------------------------------------------------

    async def owned(self, owner: str) -> list[Trader]:
        stmt = select(traders).where(traders.c.owner == owner).order_by(traders.c.id)
        async with self._engine.connect() as conn:
            return [_trader(r) for r in (await conn.execute(stmt)).all()]

    async def get(self, owner: str, trader_id: str) -> Trader | None:
        found = await self.by_id(trader_id)
        return found if found is not None and found.owner == owner else None

    async def by_id(self, trader_id: str) -> Trader | None:
        key = _key(trader_id)
        if key is None:
            return None
        row = await self._reads.run(lambda conn: conn.execute(_BY_ID, {"_id": key}).first(), read_only=True)
        return _trader(row) if row is not None else None

    # -- records ------------------------------------------------------------------------------

    async def create(self, new: NewTrader, audit: AuditEntry) -> Trader:
        values = {
            "owner": new.owner,
            "name": new.name,
            "name_key": name_key(new.name),
            "account_id": _ref(new.account_id),
            "strategy_id": _ref(new.strategy_id),
            "model_id": _ref(new.model_id),
            "state": TraderState.STOPPED.value,
            "auto_start": new.auto_start,
            "daily_summary": new.daily_summary,
            "run": 0,
            "consecutive_errors": 0,
            "ticks": 0,
            "orders": 0,
            "memory": "{}",
            "created_at": new.now,
            "updated_at": new.now,
        }
        async with self._engine.begin() as conn:
            try:
                row = (await conn.execute(insert(traders).values(**values).returning(*traders.c))).one()
            except IntegrityError:
                raise NameTaken(new.name) from None
            await insert_audit(conn, replace(audit, target_id=str(row.id), target_name=row.name))
            return _trader(row)

    async def update(
        self, owner: str, trader_id: str, changes: TraderChanges, now: datetime, audit: AuditEntry
    ) -> Trader:
        key = _key(trader_id)
        if key is None:
            raise NotFound(trader_id)
        values: dict[str, Any] = {"updated_at": now}
        if changes.name is not None:
            values |= {"name": changes.name, "name_key": name_key(changes.name)}
        if changes.account_id is not None:
            values["account_id"] = _ref(changes.account_id)
        if changes.strategy_id is not None:
            values["strategy_id"] = _ref(changes.strategy_id)
        if changes.model_id is not None:
            values["model_id"] = _ref(changes.model_id)
        elif changes.clear_model:
            values["model_id"] = None
        for field in ("auto_start", "daily_summary"):
            if getattr(changes, field) is not None:
                values[field] = getattr(changes, field)
        stmt = update(traders).where(traders.c.id == key, traders.c.owner == owner).values(**values)
        async with self._engine.begin() as conn:
            try:
                row = (await conn.execute(stmt.returning(*traders.c))).first()
            except IntegrityError:
                raise NameTaken(changes.name or "") from None
            if row is None:
                raise NotFound(trader_id)
            await insert_audit(conn, replace(audit, target_id=trader_id, target_name=row.name))
            return _trader(row)

    async def delete(self, owner: str, trader_id: str, audit: AuditEntry) -> None:
        key = _key(trader_id)
        if key is None:
            raise NotFound(trader_id)
        mine = (traders.c.id == key, traders.c.owner == owner)
        async with self._engine.begin() as conn:
            # One statement decides: a trader started meanwhile is not deleted.
            gone = (
                await conn.execute(
                    delete(traders).where(*mine, traders.c.state.not_in(_ACTIVE)).returning(traders.c.name)
                )
            ).first()
            if gone is None:
                row = (await conn.execute(select(traders.c.name).where(*mine))).first()
                if row is None:
                    raise NotFound(trader_id)
                raise InUse((row.name,))
            await conn.execute(delete(trader_decisions).where(trader_decisions.c.trader_id == key))
            await insert_audit(conn, replace(audit, target_id=trader_id, target_name=gone.name))

    # -- run state ----------------------------------------------------------------------------

    async def transition(
        self,
        owner: str,
        trader_id: str,
        expected: Collection[TraderState],
        to: TraderState,
        now: datetime,
        audit: AuditEntry | None,
        *,
        new_run: bool = False,
        error: str | None = None,
    ) -> Trader | None:
        key = _key(trader_id)
        if key is None:
            return None
        c = traders.c
        values: dict[str, Any] = {"state": to.value, "updated_at": now}
        if new_run:
            values |= {
                "run": c.run + 1,
                "started_at": now,
                "stopped_at": None,
                "ticks": 0,
                "orders": 0,
                "consecutive_errors": 0,
                "last_error": None,
                "memory": "{}",
            }
        if not to.active:
            values["stopped_at"] = now
        if error is not None:
            values["last_error"] = error
        stmt = (
            update(traders)
            .where(c.id == key, c.owner == owner, c.state.in_([s.value for s in expected]))
            .values(**values)
            .returning(*traders.c)
        )

        def move(conn: Connection) -> Trader | None:
            row = conn.execute(stmt).first()
            if row is None:
                return None
            if audit is not None:
                insert_audit_sync(conn, replace(audit, target_id=trader_id, target_name=row.name))
            return _trader(row)

        return await self._reads.run(move)

    async def stop(
        self, owner: str, trader_id: str, now: datetime, audit: AuditEntry, *, stale_before: datetime
    ) -> Trader | None:
        key = _key(trader_id)
        if key is None:
            return None
        c, d = traders.c, trader_decisions.c
        async with self._engine.begin() as conn:
            # A write first: it takes SQLite's write lock and PostgreSQL's row lock before the
            # pending decision is looked for, as begin() does, so a tick's begin and a stop are
            # serialized: either the tick's decision is seen here, or the tick sees the stop.
            # (On PostgreSQL the next statement reads with a fresh snapshot: a decision committed
            # while this one waited for the lock is seen.)
            row = (
                await conn.execute(
                    update(traders)
                    .where(c.id == key, c.owner == owner, c.state.in_(_ACTIVE))
                    .values(state=TraderState.STOPPING.value, updated_at=now)
                    .returning(*traders.c)
                )
            ).first()
            if row is None:
                return None
            busy = (
                await conn.execute(
                    select(d.id)
                    .where(d.trader_id == key, d.run == row.run, d.status == "pending")
                    .where(d.updated_at > stale_before)
                    .limit(1)
                )
            ).first()
            if busy is None:  # idle (or its tick died long ago): stopped at once
                row = (
                    await conn.execute(
                        update(traders)
                        .where(c.id == key)
                        .values(state=TraderState.STOPPED.value, stopped_at=now)
                        .returning(*traders.c)
                    )
                ).one()
            await insert_audit(conn, replace(audit, target_id=trader_id, target_name=row.name))
            return _trader(row)

    # -- decisions ----------------------------------------------------------------------------

    async def decision(self, trader_id: str, run: int, tick: str) -> Decision | None:
        key = _key(trader_id)
        if key is None:
            return None
        params = {"_id": key, "_run": run, "_tick": tick}
        row = await self._reads.run(lambda conn: conn.execute(_DECISION, params).first(), read_only=True)
        return _decision(row) if row is not None else None

    async def tick_reads(self, ticks: Sequence[TickKey]) -> dict[TickKey, TickRead] | None:
        # The strategies' and accounts' tables and rows are theirs (imported here: they import
        # this module for trader_names).
        from adapters.storage.exchange_accounts import _account, exchange_accounts
        from adapters.storage.strategies import _strategy, strategies

        keys = {k for k in (_key(tid) for tid, _, _ in ticks) if k is not None}
        if not keys:
            return {}
        t, d = traders.c, trader_decisions.c
        wanted = [(_key(tid), run, slot) for tid, run, slot in ticks if _key(tid) is not None]
        reads = (
            select(traders).where(t.id.in_(keys)),
            select(trader_decisions).where(tuple_(d.trader_id, d.run, d.tick).in_(wanted)),
            select(strategies).where(strategies.c.id.in_(select(t.strategy_id).where(t.id.in_(keys)))),
            select(exchange_accounts).where(
                exchange_accounts.c.id.in_(select(t.account_id).where(t.id.in_(keys)))
            ),
        )

        def read(conn: Connection) -> tuple[list[Sequence[Row[Any]]], dict[str, OrderSnapshot]]:
            rows = [conn.execute(stmt).all() for stmt in reads]
            # The paper accounts' balances and caps, in the same read: a tick that buys on one
            # plans against them and records itself in one transaction (record()).
            paper = {a.id: starting_usdt(a) for a in map(_account, rows[3]) if kind_of(a) == "paper"}
            return rows, paper_snapshots(conn, paper)

        rows, snapshots = await self._reads.run(read, read_only=True)
        trader_rows, decision_rows, strategy_rows, account_rows = rows
        found = {str(r.id): _trader(r) for r in trader_rows}
        decisions = {(str(r.trader_id), int(r.run), r.tick): _decision(r) for r in decision_rows}
        by_strategy = {(r.owner, str(r.id)): _strategy(r) for r in strategy_rows}
        by_account = {(r.owner, str(r.id)): _account(r) for r in account_rows}
        out: dict[TickKey, TickRead] = {}
        for key in ticks:
            trader = found.get(key[0])
            if trader is None:
                continue
            account = by_account.get((trader.owner, trader.account_id or ""))
            out[key] = TickRead(
                trader,
                decisions.get(key),
                by_strategy.get((trader.owner, trader.strategy_id or "")),
                account,
                snapshots.get(account.id) if account is not None else None,
            )
        return out

    async def record(
        self, decision: Decision, order: PaperOrder | None, settle: Settle, now: datetime
    ) -> Recorded | None:
        key = _key(decision.trader_id)
        if key is None:
            raise NotFound(decision.trader_id)
        which = {"_id": key, "_run": decision.run, "_tick": decision.tick}

        def record(conn: Connection) -> Recorded | None:
            # The stop check: the trader's row lock first, as begin() takes it (see stop()).
            runnable = conn.execute(_LOCK_RUNNABLE, {"_id": key, "_run": decision.run}).first()
            existing = conn.execute(_DECISION, which).first()
            if existing is not None:  # a re-run, or another process that got there first
                return Recorded(_decision(existing), None, found=True)
            if runnable is None:  # stopped (or stopping): nothing stored, no order
                return None
            placed = None
            if order is not None:
                placed = place_paper_in(
                    conn, order.new, order.audit, order.outcome, order.base, order.starting_usdt,
                    order.settle_audit,
                )  # fmt: skip
            done, result = settle(decision, placed.order if placed is not None else None)
            done = replace(done, status="done")
            values = _decision_values(key, done, now)
            counted, params = _count(key, decision.run, result, now)
            if conn.dialect.name == "postgresql":
                # The decision and the counters in one statement (WITH decision AS (INSERT ...)
                # UPDATE traders ...): one round trip, not two. The trader's row is locked (the
                # stop check above), so nothing else is read or waited for between the two.
                params |= {f"d_{n}": v for n, v in values.items()}
                row = conn.execute(_recorded(counted), params).first()
            else:
                conn.execute(_INSERT_DECISION, values)
                row = conn.execute(counted, params).first()
            return Recorded(done, _trader(row) if row is not None else None)

        return await self._reads.run(record, driven=True)

    async def begin(self, decision: Decision) -> Decision | None:
        key = _key(decision.trader_id)
        if key is None:
            raise NotFound(decision.trader_id)
        values = _decision_values(key, decision, decision.at)
        which = {"_id": key, "_run": decision.run, "_tick": decision.tick}

        def begin(conn: Connection) -> Decision | None:
            # The trader's row lock first (a no-op write; see stop()): a stop waits for this
            # decision, or this sees the stop and stores nothing.
            runnable = conn.execute(_LOCK_RUNNABLE, {"_id": key, "_run": decision.run}).first()
            existing = conn.execute(_DECISION, which).first()
            if existing is not None:  # a re-run, or another process that got there first
                return _decision(existing)
            if runnable is None:
                return None
            conn.execute(_INSERT_DECISION, values)
            return decision

        return await self._reads.run(begin)

    async def finish(self, decision: Decision, result: TickResult, now: datetime) -> Trader | None:
        key = _key(decision.trader_id)
        if key is None:
            raise NotFound(decision.trader_id)
        done = {
            "_id": key,
            "_run": decision.run,
            "_tick": decision.tick,
            "status": "done",
            "action": decision.action,
            "reason": decision.reason,
            "outcomes": json.dumps([o.as_json() for o in decision.outcomes]),
            "error": decision.error,
            "tokens": decision.tokens,
            "updated_at": now,
        }
        counted, params = _count(key, decision.run, result, now)

        def finish(conn: Connection) -> Trader | None:
            conn.execute(_FINISH_DECISION, done)
            row = conn.execute(counted, params).first()
            return _trader(row) if row is not None else None

        return await self._reads.run(finish)

    async def decisions(self, trader_id: str, run: int | None = None, limit: int = 500) -> list[Decision]:
        key = _key(trader_id)
        if key is None:
            return []
        d = trader_decisions.c
        stmt = select(trader_decisions).where(d.trader_id == key)
        if run is not None:
            stmt = stmt.where(d.run == run)
        stmt = stmt.order_by(d.id.desc()).limit(limit)
        async with self._engine.connect() as conn:
            return [_decision(r) for r in (await conn.execute(stmt)).all()]


def _decision_values(key: int, decision: Decision, updated_at: datetime) -> dict[str, Any]:
    return {
        "trader_id": key,
        "owner": decision.owner,
        "run": decision.run,
        "tick": decision.tick,
        "at": decision.at,
        "action": decision.action,
        "reason": decision.reason,
        "legs": json.dumps([leg.as_json() for leg in decision.legs]),
        "outcomes": json.dumps([o.as_json() for o in decision.outcomes]),
        "status": decision.status,
        "error": decision.error,
        "tokens": decision.tokens,
        "updated_at": updated_at,
    }


def _count(key: int, run: int, result: TickResult, now: datetime) -> tuple[Update, dict[str, Any]]:
    """The trader's counters and memory after a tick (and a stop asked meanwhile taking effect):
    the statement (one of a few shapes, each built once) and its parameters."""
    shape = (result.errored, result.memory is not None, result.stop_with_error is not None)
    stmt = _COUNTS.get(shape)
    if stmt is None:
        stmt = _COUNTS[shape] = _count_statement(*shape)
    params: dict[str, Any] = {"_id": key, "_run": run, "_orders": result.orders, "_now": now}
    if result.memory is not None:
        params["_memory"] = json.dumps(result.memory, sort_keys=True)
    if result.stop_with_error is not None:
        params["_error"] = result.stop_with_error
    return stmt, params


_RECORDED: dict[Update, Any] = {}  # PostgreSQL: a counters' statement with the decision's INSERT


def _recorded(counted: Update) -> Any:
    """PostgreSQL: ``counted`` (the trader's counters, one of _COUNTS) with the tick's decision
    inserted by a data-modifying WITH query of the same statement; the decision's columns are
    parameters prefixed ``d_``. Built once per counters' statement, as text with its parameters'
    types and its RETURNING's columns (SQLAlchemy gives a statement with WITH queries no cache
    key and compiled it again at every execution: see trading._filled)."""
    stmt = _RECORDED.get(counted)
    if stmt is None:
        from sqlalchemy.dialects.postgresql import psycopg2  # its SQL with :named parameters

        d = trader_decisions.c
        decision = (
            insert(trader_decisions)
            .values({c.name: bindparam(f"d_{c.name}", type_=c.type) for c in d if c.name != "id"})
            .cte("decision")
        )
        dialect = psycopg2.dialect(paramstyle="named")  # type: ignore[no-untyped-call]
        compiled = counted.add_cte(decision).compile(dialect=dialect)
        binds = [
            bindparam(name, None if b.required else b.value, type_=b.type, required=b.required)
            for b, name in compiled.bind_names.items()
        ]
        stmt = _RECORDED[counted] = text(str(compiled)).bindparams(*binds).columns(*traders.c)
    return stmt


def _count_statement(errored: bool, memory: bool, stop: bool) -> Update:
    c = traders.c
    now = bindparam("_now", type_=c.updated_at.type)
    values: dict[str, Any] = {
        "ticks": c.ticks + 1,
        "orders": c.orders + bindparam("_orders"),
        "updated_at": now,
        "consecutive_errors": c.consecutive_errors + 1 if errored else 0,
    }
    if memory:
        values["memory"] = bindparam("_memory")
    if stop:
        values |= {"state": TraderState.ERROR.value, "last_error": bindparam("_error"), "stopped_at": now}
    else:  # a stop asked while this tick ran takes effect now that it is done
        stopping = c.state == TraderState.STOPPING.value
        values |= {
            "state": case((stopping, TraderState.STOPPED.value), else_=c.state),
            "stopped_at": case((stopping, now), else_=c.stopped_at),
        }
    return (
        update(traders)
        .where(c.id == bindparam("_id"), c.run == bindparam("_run"), c.state.in_(among(_ACTIVE)))
        .values(**values)
        .returning(*traders.c)
    )


# A tick's statements, built once (their values go as parameters; built per call, each cost a new
# statement and its cache key, most of the CPU of a trader store call in the profile).
_t, _d = traders.c, trader_decisions.c
_BY_ID = select(traders).where(_t.id == bindparam("_id"))
_DECISION = select(trader_decisions).where(
    _d.trader_id == bindparam("_id"), _d.run == bindparam("_run"), _d.tick == bindparam("_tick")
)
_LOCK_RUNNABLE = (
    update(traders)
    .where(_t.id == bindparam("_id"), _t.run == bindparam("_run"), _t.state.in_(among(_RUNNABLE)))
    .values(state=_t.state)
    .returning(_t.id)
)
_INSERT_DECISION = insert(trader_decisions)
_FINISH_DECISION = update(trader_decisions).where(
    _d.trader_id == bindparam("_id"), _d.run == bindparam("_run"), _d.tick == bindparam("_tick")
)
_COUNTS: dict[tuple[bool, bool, bool], Update] = {}


def _trader(row: Row[Any]) -> Trader:
    return Trader(
        id=str(row.id),
        owner=row.owner,
        name=row.name,
        account_id=str(row.account_id) if row.account_id is not None else None,
        strategy_id=str(row.strategy_id) if row.strategy_id is not None else None,
        model_id=str(row.model_id) if row.model_id is not None else None,
        state=TraderState(row.state),
        auto_start=bool(row.auto_start),
        daily_summary=bool(row.daily_summary),
        run=int(row.run),
        started_at=row.started_at,
        stopped_at=row.stopped_at,
        last_error=row.last_error,
        consecutive_errors=int(row.consecutive_errors),
        ticks=int(row.ticks),
        orders=int(row.orders),
        memory=json.loads(row.memory or "{}"),
        created_at=row.created_at,
        updated_at=row.updated_at or row.created_at,
    )


def _decision(row: Row[Any]) -> Decision:
    return Decision(
        trader_id=str(row.trader_id),
        run=int(row.run),
        tick=row.tick,
        at=row.at,
        action=row.action,
        reason=row.reason,
        legs=tuple(Leg.from_json(x) for x in json.loads(row.legs)),
        outcomes=tuple(Outcome.from_json(x) for x in json.loads(row.outcomes)),
        status=row.status,
        error=row.error,
        tokens=int(row.tokens),
        owner=row.owner,
    )
