"""Trader test helpers: a desk with every skill on memory stores, a job runner whose outbound
records what the traders say, a scripted model, and strategies made through the store."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pytest

from core.clock import FixedClock
from core.engine import Core
from core.events import ConversationKey
from core.jobs import JOBS, JobKinds, JobQueue, JobRunner
from core.jobs.memory import MemoryJobStore
from core.memory_store import MemoryStateStore
from core.outbound import DeliveryResult, Destination, PlatformOutbound, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.planner.budget import MemoryUsageLedger, TokenBudget
from core.planner.ports import ModelError, ModelResponse, ModelUsage
from core.reply import NoticeBlock, Reply, Status
from core.services import Services
from core.strategies import AiParams, DcaParams, GridParams, Interval, NewStrategy, Strategy
from core.strategies.memory import MemoryStrategies
from core.tasks.audit import AuditEntry
from core.traders.memory import MemoryTraderStore
from core.traders.ports import DECISION_MODELS, MODEL_BUDGET
from core.trading.memory import MemoryOrderStore
from core.workspace.accounts import ExchangeAccount, NewExchangeAccount
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from core.workspace.model_configs import ModelConfig, NewModelConfig
from tests.fakes import NOW, ScriptedMarket, full_skills
from tests.workspace.conftest import Chat

OWNER = "console:user-1"
ASK = {"BTCUSDT": Decimal("90000.00"), "ETHUSDT": Decimal("3500.00"), "SOLUSDT": Decimal("150.00")}
BID = {"BTCUSDT": Decimal("89990.00"), "ETHUSDT": Decimal("3499.50"), "SOLUSDT": Decimal("149.98")}
AUDIT = AuditEntry(OWNER, "console:chat-1:user-1:", NOW, "test", "create", None, None, "ok")


@dataclass
class Said:
    destination: Destination
    kind: str
    text: str


class RecordingSender:
    """A PlatformOutbound that keeps what it was asked to deliver."""

    def __init__(self) -> None:
        self.sent: list[Said] = []

    async def deliver(self, destination: Destination, reply: Reply, kind: str) -> DeliveryResult:
        text = " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))
        self.sent.append(Said(destination, kind, text))
        return DeliveryResult.sent()


Scripted = ModelResponse | ModelError | float  # a float: answer only after that many seconds


@dataclass
class ScriptedModels:
    """DecisionModels answering from a script (the pre-launch ping always answers "OK")."""

    script: list[Scripted] = field(default_factory=list)
    asked: list[list[dict[str, Any]]] = field(default_factory=list)
    ping_error: ModelError | None = None

    async def complete(
        self,
        config: ModelConfig,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        timeout: float,  # noqa: ASYNC109
    ) -> ModelResponse:
        if max_tokens <= 5:  # the pre-launch check
            if self.ping_error is not None:
                raise self.ping_error
            return ModelResponse("OK", usage=ModelUsage(5, 1))
        self.asked.append(messages)
        step = self.script.pop(0) if self.script else ModelResponse('{"action": "hold", "symbol": "BTCUSDT"}')
        if isinstance(step, ModelError):
            raise step
        if isinstance(step, float):
            await asyncio.sleep(step)
            return ModelResponse('{"action": "hold", "symbol": "BTCUSDT", "reason": "late"}')
        return step


def answer(content: str, tokens: int = 120) -> ModelResponse:
    return ModelResponse(content, usage=ModelUsage(tokens - 20, 20))


@dataclass
class TraderDesk:
    core: Core
    chat: Chat
    clock: FixedClock
    market: ScriptedMarket
    workspace: MemoryWorkspace
    strategies: MemoryStrategies
    traders: MemoryTraderStore
    orders: MemoryOrderStore
    jobs: MemoryJobStore
    runner: JobRunner
    sender: RecordingSender
    models: ScriptedModels
    ledger: MemoryUsageLedger
    key: ConversationKey

    @property
    def owner(self) -> str:
        return f"{self.key.platform}:{self.key.user_id}"

    async def account(
        self, name: str = "模拟账户", exchange: str = "paper", balance: str = "10000"
    ) -> ExchangeAccount:
        creds = {} if exchange == "paper" else {"api_key": "sealed-k", "api_secret": "sealed-s"}
        paper = Decimal(balance) if exchange == "paper" else None
        return await self.workspace.accounts.create(
            NewExchangeAccount(self.owner, name, exchange, creds, paper, self.clock.now()), AUDIT
        )

    async def model(
        self, name: str = "DeepSeek", provider: str = "deepseek", enabled: bool = True
    ) -> ModelConfig:
        secrets = MemorySecretBox()
        return await self.workspace.models.create(
            NewModelConfig(
                self.owner, name, provider, "https://api.deepseek.com", "deepseek-chat",
                secrets.encrypt("sk-test-0123456789"), enabled, self.clock.now(),
            ),
            AUDIT,
        )  # fmt: skip

    async def strategy(
        self, name: str, params: DcaParams | GridParams | AiParams, default: bool = False
    ) -> Strategy:
        return await self.strategies.create(
            NewStrategy(self.owner, name, params, self.clock.now(), default), AUDIT
        )

    async def running(self, name: str) -> None:
        """A paper account, a default DCA strategy and a trader ``name`` made and started through
        the chat, each step checked: the setup of a test about what is then said of the trader."""
        await self.account()
        await self.strategy("定投", dca(), default=True)
        created = await self.chat.say(f"创建一个交易员 叫 {name}")
        assert created.status is Status.COMPLETED, text_of(created)
        started = await self.chat.say(f"启动交易员 {name}")
        assert "trader_started" in codes(started), text_of(started)

    async def tick(self, at: Any = None) -> list[Any]:
        if at is not None:
            self.clock.set(at)
        return await self.runner.run_due()

    def said(self, kind: str | None = None) -> list[Said]:
        return [s for s in self.sender.sent if kind is None or s.kind == kind]


def dca(
    symbol: str = "BTCUSDT", amount: str = "50", interval: str = "1d", max_total: str | None = None
) -> DcaParams:
    return DcaParams(
        symbol, Decimal(amount), Interval.of(interval), Decimal(max_total) if max_total else None
    )


def grid(lower: str = "80000", upper: str = "100000", grids: int = 4, per: str = "100") -> GridParams:
    return GridParams("BTCUSDT", Decimal(lower), Decimal(upper), grids, Decimal(per))


def ai_params(symbols: Sequence[str] = ("BTCUSDT",), max_order: str = "500", max_pct: str = "50") -> AiParams:
    return AiParams(tuple(symbols), Interval.of("1h"), Decimal(max_pct), Decimal(max_order), "")


def make_desk(
    budget: int | None = None, *, key: ConversationKey | None = None, sender: PlatformOutbound | None = None
) -> TraderDesk:
    """``key``: the person's conversation (their platform decides where notices go); ``sender``:
    the platform sender the job runner's outbound uses (default: a RecordingSender)."""
    clock = FixedClock(NOW)
    market = ScriptedMarket(source="demo", prices=dict(ASK), bids=dict(BID), clock=clock)
    workspace = MemoryWorkspace()
    strategies = MemoryStrategies(workspace.audit, workspace.traders)
    traders = MemoryTraderStore(workspace.audit, workspace.traders)
    orders = MemoryOrderStore(workspace.audit)
    store = MemoryJobStore()
    queue = JobQueue(store, JobKinds(), clock)
    models = ScriptedModels()
    ledger = MemoryUsageLedger()

    extra = Services().provide(JOBS, queue).provide(DECISION_MODELS, models)
    extra.provide(MODEL_BUDGET, TokenBudget(ledger, budget, None))

    skills = full_skills(
        market, clock, secrets=MemorySecretBox(), accounts=workspace.accounts, models=workspace.models,
        strategies=strategies, traders=traders, audit=workspace.audit, orders=orders, extra=extra,
    )  # fmt: skip
    queue.kinds.add(skills.job_kinds)
    recorder = RecordingSender()
    outbound = RecordedOutbound(sender or recorder, MemoryDeliveryLog(), clock)
    runner = JobRunner(store, queue.kinds, outbound, clock)
    core = Core(store=MemoryStateStore(), skills=skills, clock=clock)
    key = key or ConversationKey("console", "chat-1", "user-1")
    return TraderDesk(
        core, Chat(core, key), clock, market, workspace, strategies, traders, orders, store, runner, recorder,
        models, ledger, key,
    )  # fmt: skip


@pytest.fixture
def desk() -> TraderDesk:
    return make_desk()


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def text_of(reply: Reply) -> str:
    parts: list[str] = []
    for b in reply.blocks:
        if isinstance(b, NoticeBlock):
            parts.append(b.text)
        elif hasattr(b, "rows"):
            parts.append(b.title)  # type: ignore[attr-defined]
            parts += [f"{k}: {v}" for k, v in b.rows]  # type: ignore[attr-defined]
    return "\n".join(parts)
