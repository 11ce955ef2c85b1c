"""Diagnosis test helpers: a desk whose accounts and model configs are the person's own, live
exchanges through ccxt against local fakes (or a scripted client), the real clock."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from core.clock import SystemClock
from core.diagnosis.ports import ModelProbe
from core.engine import Core
from core.memory_store import MemoryStateStore
from core.reply import DiagnosisBlock, Reply
from core.tasks.audit import AuditEntry
from core.trading.model import Balance, Side, Trade
from core.trading.ports import ExchangeError, ExchangeOrder, LiveExchanges
from core.workspace.accounts import ExchangeAccount, NewExchangeAccount
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from core.workspace.model_configs import NewModelConfig
from tests.fakes import ScriptedMarket, full_skills
from tests.workspace.conftest import Chat

OWNER = "console:user-1"
BOX = MemorySecretBox()


@dataclass
class Desk:
    core: Core
    workspace: MemoryWorkspace
    chat: Chat

    async def account(self, name: str, exchange: str, **creds: str) -> ExchangeAccount:
        sealed = {k: BOX.encrypt(v) for k, v in creds.items()}
        now = datetime.now(UTC)
        audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
        paper = Decimal(10000) if exchange == "paper" else None
        return await self.workspace.accounts.create(
            NewExchangeAccount(OWNER, name, exchange, sealed, paper, now), audit
        )

    async def model(self, name: str, provider: str, base_url: str, model: str, key: str) -> None:
        now = datetime.now(UTC)
        audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
        await self.workspace.models.create(
            NewModelConfig(OWNER, name, provider, base_url, model, BOX.encrypt(key), True, now), audit
        )


def make_desk(live: LiveExchanges | None = None, probe: ModelProbe | None = None) -> Desk:
    clock = SystemClock()
    market = ScriptedMarket(
        source="demo", prices={"BTCUSDT": Decimal("90000")}, bids={"BTCUSDT": Decimal("89990")}
    )
    workspace = MemoryWorkspace()
    skills = full_skills(
        market,
        clock,
        secrets=BOX,
        accounts=workspace.accounts,
        models=workspace.models,
        audit=workspace.audit,
        live=live,
        model_probe=probe,
    )
    core = Core(store=MemoryStateStore(), skills=skills, clock=clock)
    return Desk(core, workspace, Chat(core))


def diagnoses(reply: Reply) -> list[DiagnosisBlock]:
    return [b for b in reply.blocks if isinstance(b, DiagnosisBlock)]


def only(reply: Reply) -> DiagnosisBlock:
    found = diagnoses(reply)
    assert len(found) == 1, reply
    return found[0]


def outcomes(block: DiagnosisBlock) -> dict[str, str]:
    return {c.name: c.outcome for c in block.checks}


class ScriptedClient:
    """A live client whose calls answer from a script: an ExchangeError to raise, or a value."""

    def __init__(self, script: dict[str, Any]) -> None:
        self.script = script
        self.closed = False

    def _answer(self, name: str, default: Any) -> Any:
        found = self.script.get(name, default)
        if isinstance(found, ExchangeError):
            raise found
        return found

    async def balances(self) -> list[Balance]:
        return list(self._answer("balances", [Balance("USDT", Decimal(100))]))

    async def market_order(
        self, symbol: str, side: Side, quantity: Decimal, client_order_id: str, price: Decimal
    ) -> ExchangeOrder:
        raise AssertionError("a diagnosis never places an order")

    async def order_by_client_id(self, symbol: str, client_order_id: str) -> ExchangeOrder | None:
        return None

    async def my_trades(self, symbol: str, limit: int) -> list[Trade]:
        return []

    async def server_time(self) -> datetime:
        return self._answer("server_time", datetime.now(UTC))  # type: ignore[no-any-return]

    async def aclose(self) -> None:
        self.closed = True


class ScriptedExchanges:
    """LiveExchanges answering each exchange type from its own script."""

    def __init__(self, scripts: dict[str, dict[str, Any]]) -> None:
        self.scripts = scripts
        self.opened: list[str] = []

    def client(self, account: ExchangeAccount) -> ScriptedClient:
        self.opened.append(account.exchange)
        return ScriptedClient(self.scripts.get(account.exchange, {}))


def steps_text(block: DiagnosisBlock) -> str:
    return " ".join(block.next_steps)


def codes_of(blocks: Sequence[DiagnosisBlock]) -> list[str | None]:
    return [b.cause_code for b in blocks]
