"""What a paper order costs the database (SQLite file and PostgreSQL): everything it is planned
against in one read (the order holding the client order id, the balances, the caps), then the
order, its fill, the balances, the position and both audit rows (one executemany) in one write
transaction, the balance and position rows created by the account's first order only; a
duplicate only reads. Counted, so a regression fails here rather than in the benchmark."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.trading import SqlOrderStore
from core.trading.model import OrderIntent, OrderStatus
from core.trading.service import Placed, TradingService
from tests.storage.statements import counted
from tests.storage.test_order_store import ACCOUNT, AUDIT, close, trading

BUY = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("0.001"), "base")


async def _place(service: TradingService, cid: str) -> Placed:
    placed = await service.place(ACCOUNT, BUY, cid, AUDIT)
    assert isinstance(placed, Placed)
    return placed


async def test_a_paper_order_is_one_read_and_one_write_transaction(db_url: str) -> None:
    engine: AsyncEngine = create_engine(db_url)
    service = trading(engine)
    try:
        for n, cid in enumerate(("dmfirst", "dmsecond")):  # the account's first order seeds its rows
            with counted() as sql:
                placed = await _place(service, cid)
            assert placed.order.status is OrderStatus.FILLED and not placed.duplicate
            assert sql.transactions == 2, sql.statements
            assert len(sql.of("SELECT trading_limits")) == 1, sql.statements  # the caps read once
            if db_url.startswith("postgresql"):
                # The fill, the position and both audit rows in one statement (before: three
                # round trips, the fill's INSERT, the position's UPDATE and the audit rows').
                assert len(sql.of("WITH fill AS")) == 1, sql.statements
                assert not sql.of("INSERT INTO audit_log"), sql.statements
                assert not sql.of("UPDATE trading_positions"), sql.statements
                # ... and the balances the fill left too (before: an executemany of its own).
                assert not sql.of("UPDATE paper_balances"), sql.statements
                assert len(sql.statements) <= (10 if n == 0 else 7), (n, sql.statements)
            else:
                # The order's and the fill's audit rows in one executemany (before: two inserts).
                [audit_rows] = sql.of("INSERT INTO audit_log")
                assert audit_rows in sql.many, sql.statements
            # 3 reads, 7 writes; the account's first order of the asset creates its balance and
            # position rows (and locks them again). Before: 15 each, the rows "created" by
            # every order, the order inserted pending and then updated.
            assert len(sql.statements) <= (13 if n == 0 else 10), (n, sql.statements)
            assert not sql.of("UPDATE trading_orders"), sql.statements  # inserted as it ended
            assert not sql.of("INSERT INTO paper_balances") if n else True, sql.statements
        with counted() as sql:
            again = await _place(service, "dmsecond")
        assert again.duplicate and sql.transactions == 1 and len(sql.statements) == 3
        store = SqlOrderStore(engine)
        assert len(await store.trades("42", 10)) == 2
        balances = {b.asset: b.free for b in await store.paper_balances("42", Decimal("1000"))}
        assert balances == {"USDT": Decimal("819.82"), "BTC": Decimal("0.002")}  # 1000 - 2 x 90.09
        audit = await SqlAuditLog(engine).recent("console:u")
        assert sorted(e.action for e in audit) == ["fill", "fill", "order", "order"]
        await store.close()
    finally:
        await service.orders.close()  # type: ignore[attr-defined]
        await engine.dispose()


async def test_a_refused_paper_order_is_one_write_transaction_too(db_url: str) -> None:
    engine = create_engine(db_url)
    service = trading(engine)
    try:
        too_much = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("1"), "base")  # 90,000 USDT of 1,000
        with counted() as sql:
            placed = await service.place(ACCOUNT, too_much, "dmrefused", AUDIT)
        assert isinstance(placed, Placed) and placed.order.status is OrderStatus.REJECTED
        assert sql.transactions == 2
        audit = await SqlAuditLog(engine).recent("console:u")
        assert sorted(e.action for e in audit) == ["order", "order_rejected"]
    finally:
        await service.orders.close()  # type: ignore[attr-defined]
        await engine.dispose()


async def test_a_paper_buy_confirmed_in_the_shipped_app_reads_its_account_and_plan_once(
    db_url: str, tmp_path: Path
) -> None:
    """The confirmation turn checks the order (the price moved? a large order?) and places it:
    its account is read once (its version, the check, the second-confirmation test and the
    order share it), the check and the test share one plan (its balances and caps in one read),
    the order reads its own snapshot and is one write. The summary turn reads its plan once too.
    Before: 13 transactions a confirm, 9 a summary."""
    from core.clock import FixedClock
    from tests.storage.test_tick_cost import T0, _app
    from tests.workspace.conftest import Chat

    app = await _app(db_url, tmp_path, FixedClock(T0))
    try:
        chat = Chat(app.core)
        for _ in range(2):  # the first buy makes the paper account
            with counted() as asked:
                summary = await chat.say("buy 10 USDT of BTC")
            [confirm] = [b for b in summary.buttons if b.style == "primary"]
            with counted() as sql:
                done = await chat.press(confirm)
            assert done.status.value == "completed", done
    finally:
        await app.aclose()
    # The check's plan, the order's snapshot and the fill's lock.
    assert len(sql.of("SELECT paper_balances")) == 3, sql.statements
    assert len(sql.of("SELECT trading_limits")) == 2, sql.statements  # the plan's, the snapshot's
    assert len(sql.of("SELECT exchange_accounts")) == 1, sql.statements
    fill = "WITH fill AS" if db_url.startswith("postgresql") else "INSERT INTO trading_fills"
    assert len(sql.of(fill)) == 1
    assert sql.transactions <= 9, sql.statements
    assert len(asked.of("SELECT paper_balances")) == 1, asked.statements  # one plan
    assert asked.transactions <= 7, asked.statements


async def test_a_paper_fill_sets_both_balances_in_one_executemany(db_url: str) -> None:
    """The quote paid and the base received: one UPDATE of paper_balances sent as executemany
    (where two UPDATEs were two); on PostgreSQL both written by the fill's one statement (WITH
    fill AS ..., balance0 AS (UPDATE paper_balances ...), balance1 AS ...), with the balances
    they must read."""
    engine: AsyncEngine = create_engine(db_url)
    store = SqlOrderStore(engine)
    try:
        with counted() as sql:
            await _place(trading(engine, store), "dmmany")
    finally:
        await close([store], [engine])
    updates = sql.of("UPDATE paper_balances")
    if db_url.startswith("postgresql"):
        assert not updates and len(sql.of("WITH fill AS")) == 1, sql.statements
    else:
        assert len(updates) == 1 and updates[0] in sql.many, sql.statements
    engine = create_engine(db_url)
    store = SqlOrderStore(engine)
    try:
        balances = {b.asset: (b.free, b.locked) for b in await store.paper_balances("42", Decimal("1000"))}
        assert balances == {"USDT": (Decimal("909.91"), 0), "BTC": (Decimal("0.001"), 0)}  # 1000 - 90.09
    finally:
        await store.close()
        await engine.dispose()
