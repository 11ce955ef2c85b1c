"""The diagnosis skills: what went wrong, why, and what to do now (zh + en), from fixed checks
over the person's own records and live probes, or a pasted error message. No model needed."""

from __future__ import annotations

from core.diagnosis.ports import MODEL_PROBE
from core.secrets import SECRET_BOX
from core.services import CATALOG, CLOCK, Services
from core.skills.diagnosis.exchange import SKILL as EXCHANGE_SKILL
from core.skills.diagnosis.exchange import ExchangeDiagnosisSkill
from core.skills.diagnosis.exchange import actions as exchange_actions
from core.skills.diagnosis.intents import (
    BALANCE_INTENTS,
    EXCHANGE_INTENTS,
    MODEL_INTENTS,
    ORDER_INTENTS,
    STRATEGY_INTENTS,
    TRADER_INTENTS,
)
from core.skills.diagnosis.model import SKILL as MODEL_SKILL
from core.skills.diagnosis.model import ModelDiagnosisSkill
from core.skills.diagnosis.model import actions as model_actions
from core.skills.diagnosis.orders import (
    BALANCE_SKILL,
    ORDER_SKILL,
    BalanceDiagnosisSkill,
    OrderDiagnosisSkill,
    balance_actions,
    order_actions,
)
from core.skills.diagnosis.rules import (
    BalanceDiagnosisRule,
    ExchangeDiagnosisRule,
    ModelDiagnosisRule,
    OrderDiagnosisRule,
    StrategyDiagnosisRule,
    TraderDiagnosisRule,
)
from core.skills.diagnosis.tool import NAMES as TOOL_NAMES
from core.skills.diagnosis.tool import DiagnoseTools
from core.skills.diagnosis.traders import (
    STRATEGY_SKILL,
    TRADER_SKILL,
    StrategyDiagnosisSkill,
    TraderDiagnosisSkill,
    strategy_actions,
    trader_actions,
)
from core.skills.registry import FactTools, HelpSpec, RuleSpec, SkillSpec
from core.strategies import STRATEGIES
from core.traders.ports import TRADERS
from core.trading.ports import LIVE_EXCHANGES
from core.trading.service import TRADING
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.model_configs import MODEL_CONFIGS

__all__ = [
    "BALANCE_POSITION_DIAGNOSIS",
    "EXCHANGE_DIAGNOSIS",
    "MODEL_DIAGNOSIS",
    "ORDER_EXECUTION_DIAGNOSIS",
    "STRATEGY_DIAGNOSIS",
    "TRADER_DIAGNOSIS",
]

_EXCHANGE_ACTIONS = exchange_actions()
_MODEL_ACTIONS = model_actions()
_ORDER_ACTIONS = order_actions()
_BALANCE_ACTIONS = balance_actions()
_TRADER_ACTIONS = trader_actions()
_STRATEGY_ACTIONS = strategy_actions()


def _exchange(services: Services) -> ExchangeDiagnosisSkill:
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


EXCHANGE_DIAGNOSIS = SkillSpec(
    name=EXCHANGE_SKILL,
    build=_exchange,
    intents=EXCHANGE_INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "exchange problems and pasted exchange errors",
            priority=270,
            build=lambda services: ExchangeDiagnosisRule(EXCHANGE_SKILL, services.get(CATALOG)),
            emits=frozenset({"diagnose"}),
        ),
    ),
    private=True,
    actions=_EXCHANGE_ACTIONS,
    # The planner's ``diagnose`` tool starts any of the six diagnoses (core.skills.diagnosis.tool);
    # declared once, here, with the first of them.
    facts=FactTools(TOOL_NAMES, DiagnoseTools),
    help=HelpSpec.of("help.exchange_diagnosis"),
)


def _model(services: Services) -> ModelDiagnosisSkill:
    return ModelDiagnosisSkill(
        _MODEL_ACTIONS, services.get(MODEL_CONFIGS), services.get(SECRET_BOX), services.find(MODEL_PROBE)
    )


MODEL_DIAGNOSIS = SkillSpec(
    name=MODEL_SKILL,
    build=_model,
    intents=MODEL_INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "model problems and pasted provider errors",
            priority=268,
            build=lambda services: ModelDiagnosisRule(MODEL_SKILL),
            emits=frozenset({"diagnose"}),
        ),
    ),
    private=True,
    actions=_MODEL_ACTIONS,
    help=HelpSpec.of("help.model_diagnosis"),
)


ORDER_EXECUTION_DIAGNOSIS = SkillSpec(
    name=ORDER_SKILL,
    build=lambda services: OrderDiagnosisSkill(
        _ORDER_ACTIONS, services.get(EXCHANGE_ACCOUNTS), services.get(TRADING)
    ),
    intents=ORDER_INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "failed orders and pasted order rejections",
            priority=275,  # before the exchange's: "下单报 -2010" is about the order, not the key
            build=lambda services: OrderDiagnosisRule(ORDER_SKILL, services.get(CATALOG)),
            emits=frozenset({"diagnose"}),
        ),
    ),
    private=True,
    actions=_ORDER_ACTIONS,
    help=HelpSpec.of("help.order_execution_diagnosis"),
)

BALANCE_POSITION_DIAGNOSIS = SkillSpec(
    name=BALANCE_SKILL,
    build=lambda services: BalanceDiagnosisSkill(
        _BALANCE_ACTIONS, services.get(EXCHANGE_ACCOUNTS), services.get(TRADING)
    ),
    intents=BALANCE_INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "balances and positions that do not add up",
            priority=273,
            build=lambda services: BalanceDiagnosisRule(BALANCE_SKILL),
            emits=frozenset({"diagnose"}),
        ),
    ),
    private=True,
    actions=_BALANCE_ACTIONS,
    help=HelpSpec.of("help.balance_position_diagnosis"),
)


def _trader(services: Services) -> TraderDiagnosisSkill:
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
    rules=(
        RuleSpec(
            "traders that do not start or do not trade",
            priority=262,
            build=lambda services: TraderDiagnosisRule(TRADER_SKILL),
            emits=frozenset({"diagnose"}),
        ),
    ),
    private=True,
    actions=_TRADER_ACTIONS,
    help=HelpSpec.of("help.trader_diagnosis"),
)

STRATEGY_DIAGNOSIS = SkillSpec(
    name=STRATEGY_SKILL,
    build=lambda services: StrategyDiagnosisSkill(
        _STRATEGY_ACTIONS, services.get(STRATEGIES), services.get(TRADING), services.get(CATALOG)
    ),
    intents=STRATEGY_INTENTS,
    intents_only=True,
    rules=(
        RuleSpec(
            "strategies that do not trade",
            priority=260,
            build=lambda services: StrategyDiagnosisRule(STRATEGY_SKILL),
            emits=frozenset({"diagnose"}),
        ),
    ),
    private=True,
    actions=_STRATEGY_ACTIONS,
    help=HelpSpec.of("help.strategy_diagnosis"),
)
