"""The SQL order store on SQLite and PostgreSQL: a client order id fills once however many
callers race (two engines: two processes' connection pools), balances are never spent twice,
and every order and fill writes its audit row in the same transaction."""

from __future__ import annotations

import asyncio
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.trading import SqlOrderStore
from core.clock import FixedClock
from core.markets import MarketCatalog
from core.tasks.audit import AuditEntry
from core.trading.model import OrderIntent, OrderStatus
from core.trading.service import Placed, TradingService
from core.workspace.accounts import ExchangeAccount
from tests.fakes import NOW, ScriptedMarket

ACCOUNT = ExchangeAccount("42", "console:u", "paper", "paper", {}, Decimal("1000"), NOW, NOW)
AUDIT = AuditEntry("console:u", "console:c:u:", NOW, "trade_execution", "buy", None, None, "ok")


def trading(engine: AsyncEngine, store: SqlOrderStore | None = None) -> TradingService:
    market = ScriptedMarket(prices={"BTCUSDT": Decimal("90000.00")}, bids={"BTCUSDT": Decimal("89990.00")})
    return TradingService(store or SqlOrderStore(engine), market, MarketCatalog(), FixedClock(NOW))


async def close(stores: list[SqlOrderStore], engines: list[AsyncEngine]) -> None:
    """Each store's kept connections back to its pool, then the engines: a store left open keeps
    a PostgreSQL connection checked out, which the garbage collector terminates with a warning."""
    for store in stores:
        await store.close()
    for engine in engines:
        await engine.dispose()


async def test_one_client_order_id_fills_once_across_engines(db_url: str) -> None:
    engines = [create_engine(db_url) for _ in range(2)]
    stores = [SqlOrderStore(e) for e in engines]
    try:
        services = [trading(e, s) for e, s in zip(engines, stores, strict=True)]
        intent = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("0.001"), "base")
        results = await asyncio.gather(
            *(services[i % 2].place(ACCOUNT, intent, "dmsame", AUDIT) for i in range(6))
        )
        store = stores[0]
        assert all(isinstance(r, Placed) and r.order.status is OrderStatus.FILLED for r in results)
        assert len(await store.trades("42", 10)) == 1
        balances = {b.asset: b.free for b in await store.paper_balances("42", Decimal("1000"))}
        assert balances == {"USDT": Decimal("909.91"), "BTC": Decimal("0.001")}  # 1000 - 90 - 0.09
        audit = await SqlAuditLog(engines[0]).recent("console:u")
        assert sorted(e.action for e in audit) == ["fill", "order"]
    finally:
        await close(stores, engines)


async def test_concurrent_orders_never_spend_the_same_usdt(db_url: str) -> None:
    engines = [create_engine(db_url) for _ in range(2)]
    stores = [SqlOrderStore(e) for e in engines]
    try:
        services = [trading(e, s) for e, s in zip(engines, stores, strict=True)]
        intent = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("0.004"), "base")  # 360.36 each
        results = await asyncio.gather(
            *(services[i % 2].place(ACCOUNT, intent, f"dm{i}", AUDIT) for i in range(4))
        )
        statuses = sorted(r.order.status.value for r in results if isinstance(r, Placed))
        # 1000 USDT pays for two (720.72), not a third; the plan of a later one may see it first.
        assert statuses.count("filled") == 2
        store = stores[0]
        balances = {b.asset: b.free for b in await store.paper_balances("42", Decimal("1000"))}
        assert balances["USDT"] == Decimal("1000") - 2 * Decimal("360.36")
        assert balances["BTC"] == Decimal("0.008")
        rejected = [
            r.order for r in results if isinstance(r, Placed) and r.order.status is OrderStatus.REJECTED
        ]
        assert all(o.error_code == "-2010" for o in rejected)
    finally:
        await close(stores, engines)
