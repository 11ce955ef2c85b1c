"""The diagnosis skills: what went wrong, why, and what to do now (zh + en), from fixed checks
over the person's own records and live probes, or a pasted error message. No model needed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import CATALOG, Services
from core.skills.diagnosis.intents import (
    BALANCE_INTENTS,
    EXCHANGE_INTENTS,
    MODEL_INTENTS,
    ORDER_INTENTS,
    STRATEGY_INTENTS,
    TRADER_INTENTS,
)
from core.skills.registry import FactTools, HelpSpec, LazyActions, SkillSpec

if TYPE_CHECKING:
    from core.planner.tooling import Toolset
    from core.skills.diagnosis.exchange import ExchangeDiagnosisSkill
    from core.skills.diagnosis.model import ModelDiagnosisSkill
    from core.skills.diagnosis.orders import BalanceDiagnosisSkill, OrderDiagnosisSkill
    from core.skills.diagnosis.traders import StrategyDiagnosisSkill, TraderDiagnosisSkill

# What routing and the registry need is declared here; each diagnosis's implementation (its
# checks and probes) is imported when it first runs (core.skills.spec.LazyActions).

__all__ = [
    "BALANCE_POSITION_DIAGNOSIS",
    "EXCHANGE_DIAGNOSIS",
    "MODEL_DIAGNOSIS",
    "ORDER_EXECUTION_DIAGNOSIS",
    "STRATEGY_DIAGNOSIS",
    "TRADER_DIAGNOSIS",
]

EXCHANGE_SKILL = "exchange_diagnosis"
MODEL_SKILL = "model_diagnosis"
ORDER_SKILL = "order_execution_diagnosis"
BALANCE_SKILL = "balance_position_diagnosis"
TRADER_SKILL = "trader_diagnosis"
STRATEGY_SKILL = "strategy_diagnosis"
_DIAGNOSE = ("diagnose",)


_EXCHANGE_ACTIONS = LazyActions.at(_DIAGNOSE, "core.skills.diagnosis.exchange:actions")
_MODEL_ACTIONS = LazyActions.at(_DIAGNOSE, "core.skills.diagnosis.model:actions")
_ORDER_ACTIONS = LazyActions.at(_DIAGNOSE, "core.skills.diagnosis.orders:order_actions")
_BALANCE_ACTIONS = LazyActions.at(_DIAGNOSE, "core.skills.diagnosis.orders:balance_actions")
_TRADER_ACTIONS = LazyActions.at(_DIAGNOSE, "core.skills.diagnosis.traders:trader_actions")
_STRATEGY_ACTIONS = LazyActions.at(_DIAGNOSE, "core.skills.diagnosis.traders:strategy_actions")


def _exchange(services: Services) -> ExchangeDiagnosisSkill:
    from core.secrets import SECRET_BOX
    from core.services import CLOCK
    from core.skills.diagnosis.exchange import ExchangeDiagnosisSkill
    from core.trading.ports import LIVE_EXCHANGES
    from core.workspace.accounts import EXCHANGE_ACCOUNTS

    # The clock offset is measured against the process's clock: in production the system clock,
    # which is also what signs the requests.
    return ExchangeDiagnosisSkill(
        _EXCHANGE_ACTIONS,
        services.get(EXCHANGE_ACCOUNTS),
        services.get(SECRET_BOX),
        services.find(LIVE_EXCHANGES),
        services.get(CATALOG),
        services.get(CLOCK),
    )


def _diagnose_tools(services: Services) -> Toolset:
    from core.skills.diagnosis.tool import DiagnoseTools

    return DiagnoseTools(services)


EXCHANGE_DIAGNOSIS = SkillSpec(
    name=EXCHANGE_SKILL,
    build=_exchange,
    intents=EXCHANGE_INTENTS,
    intents_only=True,
    private=True,
    actions=_EXCHANGE_ACTIONS,
    # The planner's ``diagnose`` tool starts any of the six diagnoses (core.skills.diagnosis.tool);
    # declared once, here, with the first of them.
    facts=FactTools(("diagnose",), _diagnose_tools),
    help=HelpSpec.of("help.exchange_diagnosis"),
)


def _model(services: Services) -> ModelDiagnosisSkill:
    from core.diagnosis.ports import MODEL_PROBE
    from core.secrets import SECRET_BOX
    from core.skills.diagnosis.model import ModelDiagnosisSkill
    from core.workspace.model_configs import MODEL_CONFIGS

    return ModelDiagnosisSkill(
        _MODEL_ACTIONS, services.get(MODEL_CONFIGS), services.get(SECRET_BOX), services.find(MODEL_PROBE)
    )


MODEL_DIAGNOSIS = SkillSpec(
    name=MODEL_SKILL,
    build=_model,
    intents=MODEL_INTENTS,
    intents_only=True,
    private=True,
    actions=_MODEL_ACTIONS,
    help=HelpSpec.of("help.model_diagnosis"),
)


def _orders(services: Services) -> OrderDiagnosisSkill:
    from core.skills.diagnosis.orders import OrderDiagnosisSkill
    from core.trading.service import TRADING
    from core.workspace.accounts import EXCHANGE_ACCOUNTS

    return OrderDiagnosisSkill(_ORDER_ACTIONS, services.get(EXCHANGE_ACCOUNTS), services.get(TRADING))


ORDER_EXECUTION_DIAGNOSIS = SkillSpec(
    name=ORDER_SKILL,
    build=_orders,
    intents=ORDER_INTENTS,
    intents_only=True,
    private=True,
    actions=_ORDER_ACTIONS,
    help=HelpSpec.of("help.order_execution_diagnosis"),
)


def _balances(services: Services) -> BalanceDiagnosisSkill:
    from core.skills.diagnosis.orders import BalanceDiagnosisSkill
    from core.trading.service import TRADING
    from core.workspace.accounts import EXCHANGE_ACCOUNTS

    return BalanceDiagnosisSkill(_BALANCE_ACTIONS, services.get(EXCHANGE_ACCOUNTS), services.get(TRADING))


BALANCE_POSITION_DIAGNOSIS = SkillSpec(
    name=BALANCE_SKILL,
    build=_balances,
    intents=BALANCE_INTENTS,
    intents_only=True,
    private=True,
    actions=_BALANCE_ACTIONS,
    help=HelpSpec.of("help.balance_position_diagnosis"),
)


def _trader(services: Services) -> TraderDiagnosisSkill:
    from core.skills.diagnosis.traders import TraderDiagnosisSkill
    from core.strategies import STRATEGIES
    from core.traders.ports import TRADERS
    from core.trading.service import TRADING
    from core.workspace.accounts import EXCHANGE_ACCOUNTS
    from core.workspace.model_configs import MODEL_CONFIGS

    return TraderDiagnosisSkill(
        _TRADER_ACTIONS,
        services.get(TRADERS),
        services.get(STRATEGIES),
        services.get(EXCHANGE_ACCOUNTS),
        services.get(MODEL_CONFIGS),
        services.get(TRADING),
        services.get(CATALOG),
    )


TRADER_DIAGNOSIS = SkillSpec(
    name=TRADER_SKILL,
    build=_trader,
    intents=TRADER_INTENTS,
    intents_only=True,
    private=True,
    actions=_TRADER_ACTIONS,
    help=HelpSpec.of("help.trader_diagnosis"),
)


def _strategies(services: Services) -> StrategyDiagnosisSkill:
    from core.skills.diagnosis.traders import StrategyDiagnosisSkill
    from core.strategies import STRATEGIES
    from core.trading.service import TRADING

    return StrategyDiagnosisSkill(
        _STRATEGY_ACTIONS, services.get(STRATEGIES), services.get(TRADING), services.get(CATALOG)
    )


STRATEGY_DIAGNOSIS = SkillSpec(
    name=STRATEGY_SKILL,
    build=_strategies,
    intents=STRATEGY_INTENTS,
    intents_only=True,
    private=True,
    actions=_STRATEGY_ACTIONS,
    help=HelpSpec.of("help.strategy_diagnosis"),
)
