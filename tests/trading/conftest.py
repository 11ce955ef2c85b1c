"""Trading test helpers: a desk on a scripted market (both sides of the book), memory stores."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from core.clock import FixedClock
from core.engine import Core
from core.memory_store import MemoryStateStore
from core.reply import Block, NoticeBlock, OrderBlock, Reply
from core.tasks.audit import AuditEntry
from core.trading.memory import MemoryOrderStore
from core.trading.ports import LiveExchanges
from core.trading.risk import RiskLimits
from core.trading.service import TradingConfig
from core.workspace.accounts import NewExchangeAccount
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from tests.fakes import NOW, ScriptedMarket, full_skills
from tests.workspace.conftest import Chat

ASK = {"BTCUSDT": Decimal("90000.00"), "ETHUSDT": Decimal("3500.00"), "SOLUSDT": Decimal("150.00")}
BID = {"BTCUSDT": Decimal("89990.00"), "ETHUSDT": Decimal("3499.50"), "SOLUSDT": Decimal("149.98")}
OWNER = "console:user-1"


@dataclass
class TradeDesk:
    core: Core
    market: ScriptedMarket
    workspace: MemoryWorkspace
    orders: MemoryOrderStore
    clock: FixedClock
    chat: Chat


def make_trade_desk(
    limits: RiskLimits | None = None, fee: Decimal = Decimal("0.001"), live: LiveExchanges | None = None
) -> TradeDesk:
    clock = FixedClock(NOW)
    market = ScriptedMarket(source="demo", prices=dict(ASK), bids=dict(BID), clock=clock)
    workspace = MemoryWorkspace()
    orders = MemoryOrderStore(workspace.audit)
    skills = full_skills(
        market,
        clock,
        secrets=MemorySecretBox(),
        accounts=workspace.accounts,
        models=workspace.models,
        audit=workspace.audit,
        orders=orders,
        trading=TradingConfig(fee, limits or RiskLimits()),
        live=live,
    )
    core = Core(store=MemoryStateStore(), skills=skills, clock=clock)
    return TradeDesk(core, market, workspace, orders, clock, Chat(core))


@pytest.fixture
def desk() -> TradeDesk:
    return make_trade_desk()


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def blocks(reply: Reply, kind: type[Block]) -> list[Block]:
    return [b for b in reply.blocks if isinstance(b, kind)]


def order_of(reply: Reply) -> OrderBlock:
    found = [b for b in reply.blocks if isinstance(b, OrderBlock)]
    assert len(found) == 1, reply
    return found[0]


def confirm_button(reply: Reply) -> str:
    assert reply.buttons, reply
    return reply.buttons[0].token


async def open_account(desk: TradeDesk, name: str, exchange: str) -> None:
    """An exchange account of OWNER's made directly in the store (a paper one with 10,000 USDT)."""
    now = datetime.now(UTC)
    audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
    cash = Decimal(10000) if exchange == "paper" else None
    await desk.workspace.accounts.create(NewExchangeAccount(OWNER, name, exchange, {}, cash, now), audit)


def notices(reply: Reply) -> str:
    """The reply's notices, one text."""
    return " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))
