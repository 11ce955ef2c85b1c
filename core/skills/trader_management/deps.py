"""What trader_management works with: its stores and services in one dataclass, built once
from the services (core.skills.trader_management.__init__), and the values its parts share."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from core.jobs import JobQueue
from core.markets import MarketCatalog
from core.strategies import StrategyStore
from core.tasks.actions import SlotSpec
from core.tasks.audit import AuditEntry
from core.traders.model import Trader, TraderState
from core.traders.ports import DecisionModels, TraderStore
from core.trading.service import TradingService
from core.workspace.accounts import ExchangeAccountRepository
from core.workspace.model_configs import ModelConfigRepository

ALL = "*"  # the target id of "all my running traders"
NO_MODEL = "none"  # the model slot of a trader whose strategy is not ai
STALE_START = timedelta(minutes=2)  # a start cut off by a crash holds "starting" this long
MAX_STATUS = 6  # traders shown in one status answer
REFS = ("account", "strategy", "model")  # the slots that hold one of the person's records
SWITCHES = ("auto_start", "daily_summary")  # a trader's on / off settings
# "Which strategy?" of a stop naming several ("stop my btc dca" with two DCAs on BTC).
STOPPED_STRATEGY = SlotSpec("strategy", "choice")


@dataclass(frozen=True, slots=True)
class TraderDeps:
    traders: TraderStore
    strategies: StrategyStore
    accounts: ExchangeAccountRepository
    model_configs: ModelConfigRepository
    trading: TradingService
    catalog: MarketCatalog
    models: DecisionModels | None  # None: no model gateway in this composition
    jobs: JobQueue | None  # None: no job runner (a start queues no tick)


@dataclass(frozen=True, slots=True)
class TraderRecords:
    """The trader store as the record flow's repository (core.workspace.records.RecordStore):
    "all my running traders" (ALL) is no record, and nothing else uses a trader."""

    traders: TraderStore

    async def owned(self, owner: str, /) -> list[Trader]:
        return await self.traders.owned(owner)

    async def get(self, owner: str, record_id: str, /) -> Trader | None:
        return None if record_id == ALL else await self.traders.get(owner, record_id)

    async def delete(self, owner: str, record_id: str, audit: AuditEntry, /) -> None:
        await self.traders.delete(owner, record_id, audit)

    async def traders_using(self, owner: str, record_id: str, /) -> list[str]:
        return []


def stopped_by(trader: Trader, ref: dict[str, str]) -> bool:
    """Whether "stop all" (ALL) stops this trader: a running one, of the strategy the ref names
    ("停掉BTC定投") when it names one."""
    return trader.state.active and ref.get("strategy", trader.strategy_id) == trader.strategy_id


def stale_start(trader: Trader, now: datetime) -> bool:
    return trader.state is TraderState.STARTING and now - trader.updated_at > STALE_START
