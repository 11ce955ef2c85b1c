"""A desk for P&L conversations: the trading desk's scripted book, with the trader store at hand
so a trader's orders can be recorded beside the person's own."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest

from adapters.charts.equity import MatplotlibEquityCharts
from core.clock import FixedClock
from core.engine import Core
from core.memory_store import MemoryStateStore
from core.pnl.memory import MemorySnapshots
from core.pnl.picture import EQUITY_CHARTS
from core.pnl.ports import SNAPSHOTS
from core.services import Services
from core.tasks.audit import AuditEntry
from core.traders.memory import MemoryTraderStore
from core.traders.model import Decision, Leg, NewTrader, TickResult, Trader
from core.trading.memory import MemoryOrderStore
from core.trading.model import Fill, NewOrder, Side
from core.workspace.accounts import ExchangeAccount
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from tests.fakes import NOW, ScriptedMarket, full_skills
from tests.trading.conftest import ASK, BID, OWNER, confirm_button
from tests.workspace.conftest import Chat

AUDIT = AuditEntry(OWNER, "test", NOW, "test", "create", None, None, "ok")


@dataclass
class PnlDesk:
    core: Core
    market: ScriptedMarket
    workspace: MemoryWorkspace
    orders: MemoryOrderStore
    traders: MemoryTraderStore
    snapshots: MemorySnapshots
    chat: Chat

    async def trade(self, text: str) -> None:
        """An order said and confirmed (the paper fee is 0.1 % in USDT)."""
        summary = await self.chat.say(text)
        await self.chat.press(confirm_button(summary))

    async def account(self) -> ExchangeAccount:
        return (await self.workspace.accounts.owned(OWNER))[0]

    async def trader(self, name: str, account: ExchangeAccount) -> Trader:
        new = NewTrader(OWNER, name, account.id, "s1", None, False, False, NOW)
        return await self.traders.create(new, AUDIT)

    async def trader_fill(
        self, trader: Trader, cid: str, side: Side, qty: str, price: str, fee: str, tick: str
    ) -> None:
        """One order of ``trader``: its decision lists the leg, its fill is recorded on the account."""
        account = await self.account()
        leg = Leg(side, "BTCUSDT", Decimal(qty), "base", cid)
        decision = Decision(trader.id, trader.run, tick, NOW, side, legs=(leg,), owner=OWNER)
        await self.traders.finish(decision, TickResult(orders=1), NOW)  # recorded, whatever its state
        new = NewOrder(
            cid, OWNER, account.id, account.name, "paper", "paper", "BTCUSDT", side, Decimal(qty), NOW
        )
        await self.orders.claim(new, AUDIT)
        quantity, unit = Decimal(qty), Decimal(price)
        fill = Fill("BTCUSDT", side, quantity, unit, quantity * unit, Decimal(fee), "USDT", NOW, cid)
        await self.orders.fill_paper(cid, fill, "BTC", Decimal(10000), AUDIT)


@pytest.fixture
def desk() -> PnlDesk:
    clock = FixedClock(NOW)
    market = ScriptedMarket(source="demo", prices=dict(ASK), bids=dict(BID), clock=clock)
    workspace = MemoryWorkspace()
    orders = MemoryOrderStore(workspace.audit)
    traders = MemoryTraderStore(workspace.audit, workspace.traders)
    snapshots = MemorySnapshots(lambda: _every(workspace))
    skills = full_skills(
        market, clock, secrets=MemorySecretBox(), accounts=workspace.accounts, models=workspace.models,
        audit=workspace.audit, orders=orders, traders=traders,
        extra=Services().provide(SNAPSHOTS, snapshots).provide(EQUITY_CHARTS, MatplotlibEquityCharts()),
    )  # fmt: skip
    core = Core(store=MemoryStateStore(), skills=skills, clock=clock)
    return PnlDesk(core, market, workspace, orders, traders, snapshots, Chat(core))


async def _every(workspace: MemoryWorkspace) -> list[ExchangeAccount]:
    return list(workspace.accounts.items.values())
