"""The strategy skill's routing rule: strategy requests read by its own reading (reading.py)."""

from __future__ import annotations

from core.skills.strategy_management.reading import SKILL
from core.skills.strategy_management.reading import StrategyReader as StrategyRule

ACTIONS_EMITTED = frozenset({"create", "update", "delete", "activate", "deactivate", "duplicate", "query"})

__all__ = ["ACTIONS_EMITTED", "SKILL", "StrategyRule"]
