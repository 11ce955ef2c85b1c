"""What trader_management works with: its stores and services in one dataclass, built once
from the services (core.skills.trader_management.__init__), and the values its parts share."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from core.jobs import JobQueue
from core.markets import MarketCatalog
from core.strategies import StrategyStore
from core.traders.model import Trader, TraderState
from core.traders.ports import DecisionModels, TraderStore
from core.trading.service import TradingService
from core.workspace.accounts import ExchangeAccountRepository
from core.workspace.model_configs import ModelConfigRepository

ALL = "*"  # the target id of "all my running traders"
NO_MODEL = "none"  # the model slot of a trader whose strategy is not ai
STALE_START = timedelta(minutes=2)  # a start cut off by a crash holds "starting" this long
MAX_STATUS = 6  # traders shown in one status answer


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


def stale_start(trader: Trader, now: datetime) -> bool:
    return trader.state is TraderState.STARTING and now - trader.updated_at > STALE_START
