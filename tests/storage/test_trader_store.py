"""The trader store on SQLite and PostgreSQL (and the in-memory store, by the same tests): names
unique per owner, a delete refused while the trader runs, starts and stops as compare-and-sets
that two engines (two processes' pools) race for, and one decision per tick."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.exchange_accounts import SqlExchangeAccounts
from adapters.storage.strategies import strategies
from adapters.storage.traders import SqlTraders
from core.strategies import DcaParams, Interval, to_json
from core.tasks.audit import AuditEntry
from core.tasks.errors import InUse, NameTaken
from core.traders.memory import MemoryTraderStore
from core.traders.model import Decision, Leg, NewTrader, Outcome, TickResult, TraderState
from core.traders.ports import TraderStore
from core.workspace.accounts import NewExchangeAccount
from core.workspace.memory import MemoryAuditLog
from tests.fakes import NOW

OWNER = "console:u"
AUDIT = AuditEntry(OWNER, "console:c:u:", NOW, "trader_management", "create", None, None, "ok")
RUNNING = (TraderState.RUNNING,)


async def _account(engine: AsyncEngine) -> str:
    acc = await SqlExchangeAccounts(engine).create(
        NewExchangeAccount(OWNER, "paper", "paper", {}, Decimal("1000"), NOW), AUDIT
    )
    return acc.id


async def _strategy_7(engine: AsyncEngine) -> None:
    """The strategy "7" these traders use (traders.strategy_id references strategies)."""
    params = json.dumps(to_json(DcaParams("BTCUSDT", Decimal(50), Interval.of("1d"))))
    row = {"id": 7, "owner": OWNER, "name": "dca", "name_key": "dca", "kind": "dca", "params": params}
    async with engine.begin() as conn:
        await conn.execute(insert(strategies).values(**row, created_at=NOW, updated_at=NOW))


@pytest.fixture(params=["sql", "memory"])
async def stores(
    request: pytest.FixtureRequest, db_url: str
) -> AsyncIterator[tuple[TraderStore, TraderStore, str]]:
    """Two handles on one store (two engines for SQL) and an account id."""
    if request.param == "memory":
        if "postgresql" in db_url:
            pytest.skip("the memory store runs once")
        mem = MemoryTraderStore(MemoryAuditLog())
        yield mem, mem, "1"
        return
    engines = [create_engine(db_url) for _ in range(2)]
    try:
        account = await _account(engines[0])
        await _strategy_7(engines[0])
        yield SqlTraders(engines[0]), SqlTraders(engines[1]), account
    finally:
        for e in engines:
            await e.dispose()


def _new(account: str, name: str = "BTC agent") -> NewTrader:
    return NewTrader(OWNER, name, account, "7", None, auto_start=True, daily_summary=False, now=NOW)


async def test_create_names_and_delete_rules(stores: tuple[TraderStore, TraderStore, str]) -> None:
    one, _, account = stores
    trader = await one.create(_new(account), AUDIT)
    assert (trader.state, trader.run, trader.strategy_id, trader.auto_start) == (
        TraderState.STOPPED, 0, "7", True,
    )  # fmt: skip
    with pytest.raises(NameTaken):
        await one.create(_new(account, "btc AGENT"), AUDIT)
    started = await one.transition(
        OWNER, trader.id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, AUDIT, new_run=True
    )
    assert started is not None and started.run == 1 and started.started_at == NOW
    with pytest.raises(InUse):
        await one.delete(OWNER, trader.id, AUDIT)
    later = NOW + timedelta(hours=1)
    stopped = await one.transition(OWNER, trader.id, RUNNING, TraderState.STOPPED, later, AUDIT)
    assert stopped is not None and stopped.stopped_at == later
    await one.delete(OWNER, trader.id, AUDIT)
    assert await one.owned(OWNER) == []


async def test_start_races_have_one_winner(stores: tuple[TraderStore, TraderStore, str]) -> None:
    one, two, account = stores
    trader = await one.create(_new(account), AUDIT)
    results = await asyncio.gather(
        *(
            (one if i % 2 else two).transition(
                OWNER, trader.id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, AUDIT, new_run=True
            )
            for i in range(6)
        )
    )
    assert sum(r is not None for r in results) == 1
    again = await one.get(OWNER, trader.id)
    assert again is not None and again.run == 1


async def test_one_decision_per_tick_and_counters(stores: tuple[TraderStore, TraderStore, str]) -> None:
    one, two, account = stores
    trader = await one.create(_new(account), AUDIT)
    await one.transition(
        OWNER, trader.id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, None, new_run=True
    )
    leg = Leg("buy", "BTCUSDT", Decimal("50"), "quote", "dtabc")
    first = Decision(trader.id, 1, "2030-01-01T00:00:00+00:00", NOW, "buy", "dca", (leg,), owner=OWNER)
    other = replace(first, action="hold", legs=())
    a, b = await asyncio.gather(one.begin(first), two.begin(other))
    assert a is not None and b is not None and a == b  # one was stored first, both get it
    stored = await one.decision(trader.id, 1, first.tick)
    assert stored is not None and stored.status == "pending"
    outcome = Outcome("dtabc", "filled", "buy", "BTCUSDT", "0.0005", "45", "0.045", "90000")
    done = replace(stored, outcomes=(outcome,))
    after = await one.finish(done, TickResult(memory={"k": 1}, orders=1), NOW)
    assert after is not None and (after.ticks, after.orders, after.memory) == (1, 1, {"k": 1})
    listed = await two.decisions(trader.id, run=1)
    assert [d.status for d in listed] == ["done"] and listed[0].outcomes[0].quantity == "0.0005"
    errored = await one.finish(
        replace(done, tick="t2", action="error"), TickResult(errored=True, stop_with_error="boom"), NOW
    )
    assert errored is not None and errored.state is TraderState.ERROR and errored.last_error == "boom"
    assert errored.consecutive_errors == 1


async def test_a_stopped_run_does_not_count(stores: tuple[TraderStore, TraderStore, str]) -> None:
    one, _, account = stores
    trader = await one.create(_new(account), AUDIT)
    await one.transition(
        OWNER, trader.id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, None, new_run=True
    )
    d = Decision(trader.id, 1, "t", NOW, "hold", owner=OWNER)
    assert await one.begin(d) == d
    await one.transition(OWNER, trader.id, RUNNING, TraderState.STOPPED, NOW, None)
    assert await one.finish(d, TickResult(), NOW) is None
    assert (await one.decisions(trader.id))[0].status == "done"
    # A tick that decided after the stop stores nothing (and so orders nothing).
    assert await one.begin(replace(d, tick="t2")) is None
    assert await one.decision(trader.id, 1, "t2") is None


async def _running(store: TraderStore, account: str) -> str:
    trader = await store.create(_new(account), AUDIT)
    await store.transition(
        OWNER, trader.id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, None, new_run=True
    )
    return trader.id


async def test_a_stop_waits_only_for_a_tick_placing_orders(
    stores: tuple[TraderStore, TraderStore, str],
) -> None:
    one, two, account = stores
    stale = NOW - timedelta(minutes=10)
    trader_id = await _running(one, account)
    idle = await two.stop(OWNER, trader_id, NOW, AUDIT, stale_before=stale)
    assert idle is not None and idle.state is TraderState.STOPPED and idle.stopped_at == NOW
    assert await two.stop(OWNER, trader_id, NOW, AUDIT, stale_before=stale) is None  # not active

    await one.transition(
        OWNER, trader_id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, None, new_run=True
    )
    d = Decision(trader_id, 2, "t", NOW, "buy", owner=OWNER)
    assert await one.begin(d) == d  # the tick is placing its orders
    stopping = await two.stop(OWNER, trader_id, NOW, AUDIT, stale_before=stale)
    assert stopping is not None and stopping.state is TraderState.STOPPING
    assert await one.begin(replace(d, tick="t2")) is None  # no new decision while stopping
    later = NOW + timedelta(seconds=5)
    after = await one.finish(d, TickResult(orders=1), later)
    assert after is not None and after.state is TraderState.STOPPED and after.stopped_at == later
    assert after.ticks == 1 and after.orders == 1

    # A tick that died long ago (its decision still pending) is not waited for.
    await one.transition(
        OWNER, trader_id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, None, new_run=True
    )
    assert await one.begin(replace(d, run=3, at=NOW - timedelta(minutes=11))) is not None
    gone = await two.stop(OWNER, trader_id, NOW, AUDIT, stale_before=stale)
    assert gone is not None and gone.state is TraderState.STOPPED


async def test_begin_and_stop_racing_from_two_engines_never_leave_an_order_after_stopped(
    stores: tuple[TraderStore, TraderStore, str],
) -> None:
    """Either the stop sees the tick's decision (stopping: the tick's finish stops it), or the
    tick sees the stop (nothing stored): never a decision recorded after ``stopped``."""
    one, two, account = stores
    stale = NOW - timedelta(minutes=10)
    trader_id = await _running(one, account)
    for run in range(1, 9):
        d = Decision(trader_id, run, f"t{run}", NOW, "buy", owner=OWNER)
        begun, stopped = await asyncio.gather(
            one.begin(d), two.stop(OWNER, trader_id, NOW, AUDIT, stale_before=stale)
        )
        assert stopped is not None
        if begun is None:
            assert stopped.state is TraderState.STOPPED
            assert await one.decision(trader_id, run, d.tick) is None
        else:
            assert stopped.state is TraderState.STOPPING
            after = await one.finish(d, TickResult(), NOW)
            assert after is not None and after.state is TraderState.STOPPED
        again = await one.transition(
            OWNER, trader_id, (TraderState.STOPPED,), TraderState.RUNNING, NOW, None, new_run=True
        )
        assert again is not None and again.run == run + 1


async def test_deleting_an_account_in_use_is_refused(db_url: str) -> None:
    engine = create_engine(db_url)
    try:
        account = await _account(engine)
        await _strategy_7(engine)
        await SqlTraders(engine).create(_new(account), AUDIT)
        with pytest.raises(InUse):
            await SqlExchangeAccounts(engine).delete(OWNER, account, AUDIT)
        actions = [e.action for e in await SqlAuditLog(engine).recent(OWNER)]
        assert actions.count("create") == 2
    finally:
        await engine.dispose()
