"""A trader's tick (SqlTraders.record: the stop check, the decision, the paper order's rows and
the trader's counters) and a paper order (SqlOrderStore.place_paper) are one transaction each,
on PostgreSQL sent on a kept asyncpg connection itself (adapters.storage.driven.
driven_transaction: BEGIN, the same statements, COMMIT), elsewhere through SQLAlchemy's
execution. Either way, and when the driven path gives up (SQLAlchemy's internals changed, or a
statement it cannot send) and the transaction runs again through SQLAlchemy's execution: every
tick records once, its order fills once and pays once, a failure keeps nothing, and no
connection is left in a transaction."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from decimal import Decimal
from typing import Any, cast

import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage import driven, runner
from adapters.storage.audit_log import audit_log
from adapters.storage.driven import DrivenConnection, NotDriven
from adapters.storage.engine import create_engine
from adapters.storage.runner import AsyncEngineRunner, shared_runner
from adapters.storage.traders import SqlTraders, trader_decisions
from adapters.storage.trading import SqlOrderStore
from adapters.storage.trading_rows import trading_fills, trading_orders
from core.traders.model import Decision, Leg, TickResult, TraderState
from core.trading.model import Fill, NewOrder, Order, OrderStatus
from core.trading.service import PaperOrder
from tests.fakes import NOW
from tests.storage.test_trader_store import AUDIT, OWNER, _account, _new, _strategy_7

STARTING = Decimal("1000")


@pytest.fixture
async def engines(db_url: str) -> AsyncIterator[tuple[AsyncEngine, AsyncEngine, str]]:
    """Two engines on one database (two processes' pools) and a paper account's id."""
    made = [create_engine(db_url) for _ in range(2)]
    try:
        account = await _account(made[0])
        await _strategy_7(made[0])
        yield made[0], made[1], account
    finally:
        for engine in made:
            runner_of = shared_runner(engine)
            await runner_of.close()
            await engine.dispose()


def _paper(account: str, cid: str) -> PaperOrder:
    """A paper buy of 0.001 BTC at 90,000 (90 USDT and a 0.09 USDT fee)."""
    new = NewOrder(cid, OWNER, account, "paper", "paper", "paper", "BTCUSDT", "buy", Decimal("0.001"), NOW)
    fill = Fill("BTCUSDT", "buy", Decimal("0.001"), Decimal("90000"), Decimal("90"), Decimal("0.09"), "USDT",
                NOW, cid)  # fmt: skip
    settle = replace(AUDIT, skill="trader", action="fill")
    return PaperOrder(new, replace(AUDIT, skill="trader", action="order"), fill, "BTC", STARTING, settle,
                      cast(Any, None))  # fmt: skip


def _settle(decision: Decision, placed: Order | None) -> tuple[Decision, TickResult]:
    return decision, TickResult(orders=1 if placed is not None else 0)


async def _tick(store: SqlTraders, trader_id: str, account: str, tick: str = "t1") -> Any:
    leg = Leg("buy", "BTCUSDT", Decimal("90"), "quote", f"dt{tick}")
    decision = Decision(trader_id, 1, tick, NOW, "buy", "dca", (leg,), owner=OWNER)
    return await store.record(decision, _paper(account, f"dt{tick}"), _settle, NOW)


async def _counts(engine: AsyncEngine, account: str) -> tuple[int, int, int, int, Decimal]:
    """Decisions, orders, fills and audit rows of orders and fills, and the USDT left."""
    async with engine.connect() as conn:
        decisions = (await conn.execute(select(func.count()).select_from(trader_decisions))).scalar_one()
        orders = (await conn.execute(select(func.count()).select_from(trading_orders))).scalar_one()
        fills = (await conn.execute(select(func.count()).select_from(trading_fills))).scalar_one()
        audits = (
            await conn.execute(
                select(func.count()).select_from(audit_log).where(audit_log.c.skill == "trader")
            )
        ).scalar_one()
    usdt = {b.asset: b.free for b in await SqlOrderStore(engine).paper_balances(account, STARTING)}["USDT"]
    return decisions, orders, fills, audits, usdt


ONE_BUY = (1, 1, 1, 2, STARTING - Decimal("90.09"))  # the order's and its fill's audit rows
NOTHING = (0, 0, 0, 0, STARTING)


async def _started(engine: AsyncEngine, account: str) -> str:
    store = SqlTraders(engine)
    trader = await store.create(_new(account), AUDIT)
    started = await store.transition(
        OWNER, trader.id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, None, new_run=True
    )
    assert started is not None
    return trader.id


def _runs(engine: AsyncEngine) -> tuple[int, int]:
    """(driven, fallen back) transactions of the engine's shared runner; (0, 0) on SQLite."""
    shared = shared_runner(engine)
    if not isinstance(shared, AsyncEngineRunner):
        return 0, 0
    return shared.driven_runs, shared.fallbacks


def _idle(engine: AsyncEngine) -> None:
    """No connection the shared runner keeps is in a transaction."""
    shared = shared_runner(engine)
    kept = getattr(shared, "_kept", None)
    for conn, _ in getattr(kept, "_kept", []):
        driver = conn.sync_connection.connection.driver_connection
        assert not driver.is_in_transaction()


async def test_two_processes_racing_one_tick_record_it_and_fill_its_order_once(
    engines: tuple[AsyncEngine, AsyncEngine, str], db_url: str
) -> None:
    one, two, account = engines
    trader_id = await _started(one, account)
    for _ in range(2):  # the second round: both find the tick recorded
        results = await asyncio.gather(
            *(_tick(SqlTraders(e), trader_id, account) for e in (one, two, one, two))
        )
        assert sum(not r.found for r in results) <= 1
        assert all(r.decision.status == "done" for r in results)
    assert await _counts(one, account) == ONE_BUY
    trader = await SqlTraders(one).by_id(trader_id)
    assert trader is not None and (trader.ticks, trader.orders) == (1, 1)
    if "postgresql" in db_url:  # on the asyncpg connection itself, none through SQLAlchemy's
        assert _runs(one)[0] + _runs(two)[0] == 8 and _runs(one)[1] + _runs(two)[1] == 0
    _idle(one)
    _idle(two)


async def test_internals_changed_the_tick_runs_through_sqlalchemy_with_the_same_rows(
    engines: tuple[AsyncEngine, AsyncEngine, str], db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLAlchemy's compiled internals 'changed' (every statement compiled meanwhile refused):
    the driven transaction gives up before taking a connection, and the same transaction runs
    through SQLAlchemy's execution."""
    one, _, account = engines
    monkeypatch.setattr(driven, "_FALLBACK", {})

    def changed(*args: Any) -> Any:
        raise driven.InternalsChanged("_bind_processors: gone")

    monkeypatch.setattr(driven, "_internals", changed)
    trader_id = await _started(one, account)
    recorded = await _tick(SqlTraders(one), trader_id, account)
    assert not recorded.found and recorded.trader.orders == 1
    again = await _tick(SqlTraders(one), trader_id, account)
    assert again.found
    assert await _counts(one, account) == ONE_BUY
    if "postgresql" in db_url:
        assert _runs(one) == (0, 2)
    _idle(one)


async def test_a_statement_it_cannot_send_rolls_back_and_runs_again_through_sqlalchemy(
    engines: tuple[AsyncEngine, AsyncEngine, str], db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fill's statement refused half-way (its order inserted and paid for on the driver):
    rolled back, nothing of that attempt kept, and the tick recorded once through SQLAlchemy's
    execution, its order filled once."""
    one, _, account = engines
    original = DrivenConnection._driven
    refused: list[str] = []

    def refuse_the_fill(self: DrivenConnection, statement: Any, keys: Any, many: bool) -> Any:
        made = original(self, statement, keys, many)
        if made.sql.startswith("WITH fill"):
            refused.append(made.sql)
            raise NotDriven("a statement it cannot send")
        return made

    monkeypatch.setattr(DrivenConnection, "_driven", refuse_the_fill)
    trader_id = await _started(one, account)
    recorded = await _tick(SqlTraders(one), trader_id, account)
    assert not recorded.found and recorded.decision.outcomes == ()  # _settle keeps its outcomes
    assert await _counts(one, account) == ONE_BUY
    if "postgresql" in db_url:
        assert refused and _runs(one) == (0, 1)
    _idle(one)


@pytest.mark.parametrize("failure", [RuntimeError("the settle failed"), asyncio.CancelledError()])
async def test_a_failure_half_way_keeps_nothing_and_leaves_no_transaction_open(
    engines: tuple[AsyncEngine, AsyncEngine, str], failure: BaseException
) -> None:
    """The transaction fails after the order's rows are written (its settle raises, or the task
    is cancelled there): nothing is kept, the connection is given back out of any transaction
    (or dropped), and the tick runs whole next time."""
    one, _, account = engines
    trader_id = await _started(one, account)
    store = SqlTraders(one)

    def failing(decision: Decision, placed: Order | None) -> tuple[Decision, TickResult]:
        assert placed is not None and placed.status is OrderStatus.FILLED
        raise failure

    leg = Leg("buy", "BTCUSDT", Decimal("90"), "quote", "dtt1")
    decision = Decision(trader_id, 1, "t1", NOW, "buy", "dca", (leg,), owner=OWNER)
    with pytest.raises(type(failure)):
        await store.record(decision, _paper(account, "dtt1"), failing, NOW)
    assert await _counts(one, account) == NOTHING
    _idle(one)
    recorded = await _tick(store, trader_id, account)
    assert not recorded.found and recorded.trader.orders == 1
    assert await _counts(one, account) == ONE_BUY
    _idle(one)


async def test_a_paper_order_placed_twice_fills_once_on_either_path(
    engines: tuple[AsyncEngine, AsyncEngine, str], db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SqlOrderStore.place_paper (a paper confirm's transaction), the same client order id from
    two engines at once, driven and not: one order, one fill, paid once."""
    one, two, account = engines
    stores = [SqlOrderStore(one), SqlOrderStore(two)]
    try:
        for cid, driven_on in (("dmA", True), ("dmB", False)):
            monkeypatch.setattr(runner, "DRIVEN_TRANSACTIONS", driven_on)
            order = _paper(account, cid)
            claims = await asyncio.gather(
                *(
                    s.place_paper(order.new, order.audit, order.outcome, "BTC", STARTING, order.settle_audit)
                    for s in stores + stores
                )
            )
            assert sum(c.created for c in claims) == 1
            assert {c.order.status for c in claims} == {OrderStatus.FILLED}
            # Its read (SqlOrderStore.snapshot: the order, the balances, the caps) too.
            snapshot = await stores[0].snapshot(account, cid, STARTING)
            assert snapshot.order is not None and snapshot.order.status is OrderStatus.FILLED
            if "postgresql" in db_url and driven_on:
                runs = [cast(AsyncEngineRunner, s._runner) for s in stores]
                assert sum(r.driven_runs for r in runs) == 5 and not any(r.fallbacks for r in runs)
        assert len(await stores[0].trades(account, 10)) == 2
        usdt = {b.asset: b.free for b in await stores[0].paper_balances(account, STARTING)}["USDT"]
        assert usdt == STARTING - 2 * Decimal("90.09")
    finally:
        for s in stores:
            await s.close()
