"""The one list of skills deskmate runs. Kept apart from bot.wiring so that reading it (the
command menus, the tests) loads no adapter."""

from __future__ import annotations

from core.skills import (
    account_query,
    backtest,
    diagnosis,
    exchange_accounts,
    glossary,
    guidance,
    model_configs,
    orders,
    pnl,
    price,
    price_alert,
    strategy_management,
    trade_execution,
    trader_management,
)
from core.skills.registry import Registry


def build_registry() -> Registry:
    """Every skill, one line each (the system spec's commands come built in)."""
    registry = Registry()
    registry.register(price.SPEC)
    registry.register(exchange_accounts.SPEC)
    registry.register(model_configs.SPEC)
    registry.register(glossary.SPEC)
    registry.register(trade_execution.SPEC)
    registry.register(orders.SPEC)
    registry.register(account_query.SPEC)
    registry.register(price_alert.SPEC)
    registry.register(strategy_management.SPEC)
    registry.register(trader_management.SPEC)
    registry.register(diagnosis.EXCHANGE_DIAGNOSIS)
    registry.register(diagnosis.MODEL_DIAGNOSIS)
    registry.register(diagnosis.ORDER_EXECUTION_DIAGNOSIS)
    registry.register(diagnosis.BALANCE_POSITION_DIAGNOSIS)
    registry.register(diagnosis.TRADER_DIAGNOSIS)
    registry.register(diagnosis.STRATEGY_DIAGNOSIS)
    registry.register(guidance.SPEC)
    registry.register(pnl.SPEC)
    registry.register(backtest.SPEC)
    return registry
