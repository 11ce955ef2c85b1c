"""A desk of every registered skill (as tests/fakes.py builds it) on memory stores that outlive
its Core, so a test can restart the process and go on with the same conversation."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

import pytest

from core.clock import FixedClock
from core.engine import Core
from core.memory_store import MemoryStateStore
from core.reply import Block, NoticeBlock, Reply, TextBlock
from core.trading.memory import MemoryOrderStore
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from tests.fakes import NOW, ScriptedMarket, full_skills
from tests.workspace.conftest import Chat

ASK = {"BTCUSDT": Decimal("90000.00"), "ETHUSDT": Decimal("3500.00"), "SOLUSDT": Decimal("150.00")}


@dataclass
class Desk:
    clock: FixedClock = field(default_factory=lambda: FixedClock(NOW))
    states: MemoryStateStore = field(default_factory=MemoryStateStore)
    workspace: MemoryWorkspace = field(default_factory=MemoryWorkspace)
    secrets: MemorySecretBox = field(default_factory=MemorySecretBox)

    def __post_init__(self) -> None:
        self.market = ScriptedMarket(source="demo", prices=dict(ASK), clock=self.clock)
        self.orders = MemoryOrderStore(self.workspace.audit)
        self.chat = Chat(self._core())

    def _core(self) -> Core:
        skills = full_skills(
            self.market,
            self.clock,
            secrets=self.secrets,
            accounts=self.workspace.accounts,
            models=self.workspace.models,
            audit=self.workspace.audit,
            orders=self.orders,
        )
        return Core(store=self.states, skills=skills, clock=self.clock)

    def restart(self) -> Chat:
        """A new process: a new Core (nothing in memory) on the same stores and conversation."""
        self.chat = Chat(self._core(), self.chat.key, self.chat.kind)
        return self.chat


@pytest.fixture
def desk() -> Desk:
    return Desk()


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def of(reply: Reply, kind: type[Block]) -> list[Block]:
    return [b for b in reply.blocks if isinstance(b, kind)]


def shown(reply: Reply) -> str:
    """The words of a reply's notices and texts, as a person reads them."""
    return "\n".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock | TextBlock))
