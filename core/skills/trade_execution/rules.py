"""The trade skill's routing rule: buy / sell requests read by core.workspace.trade_reading."""

from __future__ import annotations

from core.workspace.trade_reading import SKILL, TradeRule

__all__ = ["SKILL", "TradeRule"]
