"""The trade skill's routing rule: buy / sell requests read by core.workspace.trade_reading."""

from __future__ import annotations

from core.workspace.trade_reading import TradeRule

SKILL = "trade_execution"
ACTIONS_EMITTED = frozenset({"buy", "sell", "limit"})

__all__ = ["ACTIONS_EMITTED", "SKILL", "TradeRule"]
