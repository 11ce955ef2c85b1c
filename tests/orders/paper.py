"""Helpers of the resting-order tests: a paper account on a scripted book, either store."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from core.clock import FixedClock
from core.markets import MarketCatalog
from core.tasks.audit import AuditEntry
from core.trading.model import Order, OrderIntent, OrderType, Resting, Side
from core.trading.orders import RestingOrders
from core.trading.ports import OrderStore
from core.trading.service import TradingService
from core.workspace.accounts import ExchangeAccount
from tests.fakes import NOW, ScriptedMarket

ACCOUNT = ExchangeAccount("42", "telegram:7", "paper", "paper", {}, Decimal("10000"), NOW, NOW)
AUDIT = AuditEntry("telegram:7", "telegram:7:7:", NOW, "orders", "order", None, None, "ok")


@dataclass
class PaperDesk:
    market: ScriptedMarket
    clock: FixedClock
    trading: TradingService
    resting: RestingOrders
    store: OrderStore

    def book(self, symbol: str, bid: str, ask: str) -> None:
        self.market.bids[symbol] = Decimal(bid)
        self.market.prices[symbol] = Decimal(ask)

    async def usdt(self) -> tuple[Decimal, Decimal]:
        found = {
            b.asset: b
            for b in await self.store.paper_balances(ACCOUNT.id, ACCOUNT.paper_balance or Decimal(0))
        }
        return found["USDT"].free, found["USDT"].locked

    async def coin(self, asset: str) -> tuple[Decimal, Decimal]:
        found = {b.asset: b for b in await self.store.paper_balances(ACCOUNT.id, Decimal(0))}
        b = found.get(asset)
        return (b.free, b.locked) if b else (Decimal(0), Decimal(0))

    async def order(
        self,
        side: Side,
        kind: OrderType,
        amount: str,
        *,
        limit: str | None = None,
        trigger: str | None = None,
        unit: str = "base",
        symbol: str = "BTCUSDT",
        expires_at: datetime | None = None,
        cid: str = "dm1",
        pair: tuple[str, str] | None = None,
    ):  # type: ignore[no-untyped-def]
        base = symbol.removesuffix("USDT")
        intent = OrderIntent(side, symbol, base, Decimal(amount), unit)  # type: ignore[arg-type]
        if pair is not None:  # take profit at pair[0], stop loss at pair[1]
            group = f"g{cid}"
            specs = (
                Resting("take_profit", trigger_price=Decimal(pair[0]), group_id=group),
                Resting("stop_loss", trigger_price=Decimal(pair[1]), group_id=group),
            )
            cids = (cid, f"{cid}b")
        else:
            specs = (
                Resting(
                    kind,
                    limit_price=Decimal(limit) if limit else None,
                    trigger_price=Decimal(trigger) if trigger else None,
                    expires_at=expires_at,
                ),
            )
            cids = (cid,)
        plan = await self.resting.plan(ACCOUNT, intent, specs)
        return plan, await self.resting.place(ACCOUNT, plan, cids, AUDIT)

    async def cancel(self, cid: str) -> list[Order]:
        order = await self.store.order(cid)
        assert order is not None
        return await self.resting.cancel(ACCOUNT, order, AUDIT)

    async def buy_now(self, quantity: str, symbol: str = "BTCUSDT", cid: str = "dm0") -> None:
        intent = OrderIntent("buy", symbol, symbol.removesuffix("USDT"), Decimal(quantity), "base")
        await self.trading.place(ACCOUNT, intent, cid, AUDIT)


def paper_desk(store: OrderStore) -> PaperDesk:
    clock = FixedClock(NOW)
    market = ScriptedMarket(
        prices={"BTCUSDT": Decimal("90000"), "SOLUSDT": Decimal("150.00")},
        bids={"BTCUSDT": Decimal("89990"), "SOLUSDT": Decimal("149.99")},
        clock=clock,
    )
    trading = TradingService(store, market, MarketCatalog(), clock)
    return PaperDesk(market, clock, trading, RestingOrders(trading), store)
