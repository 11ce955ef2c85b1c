"""Resting orders in the SQL order store, on SQLite and PostgreSQL: the lock is taken with the
order, a fill releases it and settles once however many checkers race (two engines in one test,
two processes in another), the pair's other half is cancelled with the fill, a cancel racing a
fill ends with one of them, and the fill card is claimed for sending once."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.trading import SqlOrderStore
from core.trading.model import OrderStatus
from tests.fakes import NOW
from tests.orders.paper import ACCOUNT, PaperDesk, paper_desk
from tests.storage.test_order_store import close

REPO = Path(__file__).resolve().parents[2]


async def test_a_limit_buy_rests_locked_and_fills_once_across_engines(db_url: str) -> None:
    engines = [create_engine(db_url) for _ in range(2)]
    stores = [SqlOrderStore(e) for e in engines]
    try:
        desks = [paper_desk(s) for s in stores]
        plan, (order,) = await desks[0].order("buy", "limit", "0.01", limit="85000")
        assert plan.rejection is None and order.status is OrderStatus.OPEN
        assert order.locked_asset == "USDT" and order.locked_amount == Decimal("850.85")
        assert await desks[1].usdt() == (Decimal("9149.15"), Decimal("850.85"))
        for d in desks:
            d.book("BTCUSDT", "84900", "84950")
        results = await asyncio.gather(*(desks[i % 2].resting.check("BTCUSDT", NOW) for i in range(6)))
        assert sum(len(r.filled) for r in results) == 1
        free, locked = await desks[0].usdt()
        assert locked == 0 and free == Decimal("10000") - Decimal("849.5") - Decimal("0.8495")
        assert len(await desks[0].store.trades(ACCOUNT.id, 10)) == 1
        audit = await SqlAuditLog(engines[0]).recent("telegram:7")
        assert sorted(e.action for e in audit) == ["fill", "order"]
        claimed = await asyncio.gather(*(d.store.claim_notices("BTCUSDT") for d in desks))
        assert sorted(len(c) for c in claimed) == [0, 1]  # the fill card: claimed by one
    finally:
        await close(stores, engines)


async def test_the_pair_fills_one_half_cancels_the_other_and_a_cancel_racing_it_loses(db_url: str) -> None:
    engines = [create_engine(db_url) for _ in range(2)]
    stores = [SqlOrderStore(e) for e in engines]
    try:
        desks = [paper_desk(s) for s in stores]
        await desks[0].buy_now("0.01")
        plan, orders = await desks[0].order("sell", "take_profit", "1", unit="all", pair=("100000", "80000"))
        assert plan.rejection is None and [o.status for o in orders] == [OrderStatus.OPEN] * 2
        assert await desks[0].coin("BTC") == (Decimal(0), Decimal("0.01"))
        for d in desks:
            d.book("BTCUSDT", "79000", "79001")
        filled, cancelled = await asyncio.gather(
            desks[0].resting.check("BTCUSDT", NOW), desks[1].cancel("dm1")
        )
        statuses = {o.client_order_id: o.status for o in await desks[0].store.recent_orders(ACCOUNT.id, 10)}
        if filled.filled:  # the stop-loss won: the take-profit cancelled with it
            assert cancelled == [] and statuses["dm1b"] is OrderStatus.FILLED
            assert statuses["dm1"] is OrderStatus.CANCELLED
            assert await desks[0].coin("BTC") == (Decimal(0), Decimal(0))
        else:  # the cancel won: both cancelled, the coin free again
            assert {statuses["dm1"], statuses["dm1b"]} == {OrderStatus.CANCELLED}
            assert await desks[0].coin("BTC") == (Decimal("0.01"), Decimal(0))
    finally:
        await close(stores, engines)


async def test_open_orders_and_resting_symbols(engine: AsyncEngine) -> None:
    d: PaperDesk = paper_desk(SqlOrderStore(engine))
    await d.order("buy", "limit", "0.01", limit="85000", cid="dm1")
    await d.order("buy", "limit", "1", limit="140", symbol="SOLUSDT", cid="dm2")
    assert [o.client_order_id for o in await d.store.open_orders(ACCOUNT.id)] == ["dm1", "dm2"]
    assert await d.store.resting_symbols() == ["BTCUSDT", "SOLUSDT"]
    await d.cancel("dm2")
    assert await d.store.resting_symbols() == ["BTCUSDT"]
    assert await d.usdt() == (Decimal("10000") - Decimal("850.85"), Decimal("850.85"))


async def _seed(url: str, n: int) -> None:
    engine = create_engine(url)
    try:
        d = paper_desk(SqlOrderStore(engine))
        for i in range(n):
            plan, (order,) = await d.order("buy", "limit", "0.001", limit="80000", cid=f"dm{i:03d}")
            assert order.status is OrderStatus.OPEN, plan.rejection
    finally:
        await engine.dispose()


@pytest.mark.process
def test_two_tick_processes_fill_each_order_and_send_its_card_once(db_url: str, tmp_path: Path) -> None:
    asyncio.run(_seed(db_url, 20))
    go = tmp_path / "go"
    outs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.storage.order_check_worker", db_url, str(out), str(go)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for out in outs
    ]
    try:
        from tests.storage.test_price_alert_store import _wait

        _wait(lambda: all(out.with_suffix(".ready").exists() for out in outs))
        go.touch()
        for proc in procs:
            _, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
    finally:
        for proc in procs:
            proc.kill()
    sent = Counter(line for out in outs if out.exists() for line in out.read_text().split())
    assert len(sent) == 20 and set(sent.values()) == {1}, sent

    async def fills() -> int:
        engine = create_engine(db_url)
        try:
            return len(await SqlOrderStore(engine).trades(ACCOUNT.id, 100))
        finally:
            await engine.dispose()

    assert asyncio.run(fills()) == 20


async def test_a_live_fill_is_written_back_once_across_engines(db_url: str) -> None:
    """Two processes seeing the same exchange fill: one records it (fill, position, audit, card)."""
    from core.tasks.audit import AuditEntry
    from core.trading.model import Fill, NewOrder, Resting
    from core.trading.ports import Settlement

    engines = [create_engine(db_url) for _ in range(2)]
    stores = [SqlOrderStore(e) for e in engines]
    try:
        audit = AuditEntry("telegram:7", "job:orders.live_check", NOW, "orders", "order", None, None, "ok")
        new = NewOrder(
            "dmlivewb", "telegram:7", "live-1", "main", "live", "binance", "BTCUSDT", "buy",
            Decimal("0.001"), NOW, Resting("limit", limit_price=Decimal(85000)),
        )  # fmt: skip
        (order,) = await stores[0].rest([new], None, Decimal(0), audit)
        assert order.status is OrderStatus.OPEN and order.locked_amount == 0
        assert [o.client_order_id for o in await stores[1].live_resting("live-1")] == ["dmlivewb"]
        fee = Decimal("0.000001")
        fill = Fill("BTCUSDT", "buy", Decimal("0.001"), Decimal(85000), Decimal(85), fee, "BTC", NOW, "9")
        settlement = Settlement(OrderStatus.FILLED, (fill,), exchange_order_id="9")
        done = await asyncio.gather(
            *(stores[i % 2].fill_live("dmlivewb", settlement, "BTC", audit) for i in range(4))
        )
        assert [d.status for d in done if d is not None] == [OrderStatus.FILLED]
        assert len(await stores[0].trades("live-1", 10)) == 1
        (position,) = await stores[1].positions("live-1")
        assert position.quantity == Decimal("0.000999")
        assert await stores[0].live_resting("live-1") == []
        claimed = await asyncio.gather(*(s.claim_notices("BTCUSDT") for s in stores))
        assert sorted(len(c) for c in claimed) == [0, 1]
    finally:
        await close(stores, engines)
