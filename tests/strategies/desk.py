"""A Core with every registered skill, its strategies in a store the test can reach (and the
traders that use them)."""

from __future__ import annotations

from dataclasses import dataclass

from adapters.demo_market import DemoMarket
from core.clock import FixedClock
from core.engine import Core
from core.memory_store import MemoryStateStore
from core.ports import StateStore
from core.strategies import StrategyStore
from core.strategies.memory import MemoryStrategies
from core.tasks.audit import AuditLog
from core.trading.memory import MemoryOrderStore
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from tests.fakes import NOW, full_skills
from tests.workspace.conftest import Chat, codes, text_of

OWNER = "console:user-1"


@dataclass
class StrategyDesk:
    core: Core
    chat: Chat
    strategies: StrategyStore
    workspace: MemoryWorkspace
    audit: AuditLog
    orders: MemoryOrderStore
    clock: FixedClock

    def add_trader(self, name: str, strategy_id: str, owner: str = OWNER) -> None:
        self.workspace.add_trader(owner, name, strategy_id=strategy_id)

    async def refused_then_taken(self, text: str, quoted: str, asked: str, answer: str) -> None:
        """A create request whose value cannot be read exactly: refused quoting ``quoted`` as
        typed, nothing stored, ``asked`` asked again, and ``answer`` then taken (issue 21)."""
        reply = await self.chat.say(text)
        assert reply.route.skill == "strategy_management", reply.route
        assert codes(reply)[0] == "invalid_slot" and codes(reply)[-1] == asked, text_of(reply)
        assert quoted in text_of(reply)
        assert await self.strategies.owned(OWNER) == []
        again = await self.chat.say(answer)
        assert "invalid_answer" not in codes(again), text_of(again)


def strategy_desk(
    *,
    strategies: StrategyStore | None = None,
    audit: AuditLog | None = None,
    states: StateStore | None = None,
) -> StrategyDesk:
    clock = FixedClock(NOW)
    workspace = MemoryWorkspace()
    log = audit or workspace.audit
    store = strategies or MemoryStrategies(log, workspace.traders)
    orders = MemoryOrderStore(log)
    skills = full_skills(
        DemoMarket(clock),
        clock,
        secrets=MemorySecretBox(),
        accounts=workspace.accounts,
        models=workspace.models,
        strategies=store,
        audit=log,
        orders=orders,
    )
    core = Core(store=states or MemoryStateStore(), skills=skills, clock=clock)
    return StrategyDesk(core, Chat(core), store, workspace, log, orders, clock)
