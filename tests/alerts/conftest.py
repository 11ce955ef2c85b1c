"""Price alert test helpers: a desk with the alert skill, a scripted market a test moves, the
job runner on in-memory stores, and recording senders per platform."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest

from core.clock import FixedClock
from core.engine import Core
from core.events import ButtonPress, ChatKind, Command, ConversationKey, TextMessage
from core.jobs import JobKinds, JobQueue, JobRunner
from core.jobs.memory import MemoryJobStore
from core.jobs.queue import JOBS
from core.memory_store import MemoryStateStore
from core.outbound import DELIVERIES, Destination, PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.outbound.ports import DeliveryResult
from core.reply import AlertBlock, Block, NoticeBlock, Reply
from core.services import Services
from core.skills.price_alert.memory import MemoryAlertStore
from core.tasks.tokens import BUTTON_TOKENS
from core.workspace.memory import MemoryWorkspace
from tests.fakes import NOW, ScriptedMarket, full_skills

PRICES = {"BTCUSDT": Decimal("90000.00"), "ETHUSDT": Decimal("3500.00"), "SOLUSDT": Decimal("150.00")}
DM = ConversationKey("telegram", "42", "42")
GROUP = ConversationKey("telegram", "-1001", "42")
CHANNEL = ConversationKey("discord", "555", "7")


@dataclass
class Sent:
    destination: Destination
    reply: Reply
    kind: str


@dataclass
class Recorder:
    """A platform sender that keeps what it was given; ``refuse`` answers for some destinations."""

    sent: list[Sent] = field(default_factory=list)
    refuse: dict[str, DeliveryResult] = field(default_factory=dict)

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        refusal = self.refuse.get(destination.as_str())
        if refusal is not None:
            return refusal
        self.sent.append(Sent(destination, reply, kind))
        return DeliveryResult.sent()


@dataclass
class AlertDesk:
    core: Core
    market: ScriptedMarket
    clock: FixedClock
    alerts: MemoryAlertStore
    jobs: JobQueue
    deliveries: MemoryDeliveryLog
    senders: dict[str, Recorder]
    runner: JobRunner
    state: MemoryStateStore
    _n: int = 0

    def _id(self) -> str:
        self._n += 1
        return f"ev{self._n}"

    async def say(
        self, text: str, key: ConversationKey = DM, *, admin: bool | None = None, kind: ChatKind | None = None
    ) -> Reply:
        kind = kind or (ChatKind.PRIVATE if key.chat_id == key.user_id else ChatKind.GROUP)
        return await self.core.handle(TextMessage(self._id(), key, kind, actor_admin=admin, text=text))

    async def command(
        self, name: str, args: str, key: ConversationKey = DM, *, admin: bool | None = None
    ) -> Reply:
        kind = ChatKind.PRIVATE if key.chat_id == key.user_id else ChatKind.GROUP
        return await self.core.handle(Command(self._id(), key, kind, actor_admin=admin, name=name, args=args))

    async def press(self, token: str, key: ConversationKey = DM, *, admin: bool | None = None) -> Reply:
        kind = ChatKind.PRIVATE if key.chat_id == key.user_id else ChatKind.GROUP
        return await self.core.handle(ButtonPress(self._id(), key, kind, actor_admin=admin, token=token))

    def move(self, symbol: str, price: str) -> None:
        self.market.prices[symbol] = Decimal(price)

    async def tick(self, after: timedelta = timedelta(seconds=30)) -> list[Any]:
        self.clock.advance(after.total_seconds())
        return await self.runner.run_due()

    def sent(self) -> list[Sent]:
        return [s for r in self.senders.values() for s in r.sent]

    def quotes(self) -> int:
        return sum(1 for call in self.market.calls if call[0] == "quote")


def make_alert_desk(source: str = "binance") -> AlertDesk:
    clock = FixedClock(NOW)
    market = ScriptedMarket(source=source, prices=dict(PRICES), clock=clock)
    workspace = MemoryWorkspace()
    alerts = MemoryAlertStore(workspace.audit)
    state = MemoryStateStore()
    job_store = MemoryJobStore()
    jobs = JobQueue(job_store, JobKinds(), clock)
    deliveries = MemoryDeliveryLog()
    extra = Services().provide(JOBS, jobs).provide(BUTTON_TOKENS, state).provide(DELIVERIES, deliveries)
    skills = full_skills(market, clock, audit=workspace.audit, alerts=alerts, extra=extra)
    jobs.kinds.add(skills.job_kinds)
    senders = {p: Recorder() for p in ("telegram", "discord", "console")}
    router = PlatformRouter(wait_seconds=0.05)
    for platform, sender in senders.items():
        router.attach(platform, sender)
    outbound = RecordedOutbound(router, deliveries, clock)
    runner = JobRunner(job_store, jobs.kinds, outbound, clock, owner="test")
    core = Core(store=state, skills=skills, clock=clock)
    return AlertDesk(core, market, clock, alerts, jobs, deliveries, senders, runner, state)


@pytest.fixture
def desk() -> AlertDesk:
    return make_alert_desk()


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def alert_blocks(reply: Reply) -> list[AlertBlock]:
    return [b for b in reply.blocks if isinstance(b, AlertBlock)]


def texts(blocks: tuple[Block, ...] | Reply) -> str:
    items = blocks.blocks if isinstance(blocks, Reply) else blocks
    return "\n".join(b.text for b in items if isinstance(b, NoticeBlock))
