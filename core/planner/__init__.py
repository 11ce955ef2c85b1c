"""The planner: a bounded LLM tool-calling loop for what no deterministic skill covers.

The names below load with their module on first use (PEP 562): a process that reads only
core.planner.redaction or .tooling (every start: the task answers redact, the engine hands off)
does not import the planner's loop, its prose guard and what they import; `deskmate ask "BTC
price"` never asks the model (tests/bot/test_cli_imports.py)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.planner.budget import SITE_SCOPE, MemoryUsageLedger, TokenBudget, user_scope
    from core.planner.planner import Planner, PlannerLimits
    from core.planner.ports import (
        ChatModel,
        ModelError,
        ModelErrorCode,
        ModelResponse,
        ModelUsage,
        ToolCall,
        UsageLedger,
    )
    from core.planner.redaction import redact
    from core.planner.tooling import Handoff
    from core.planner.tools import ToolErrorCode

_WHERE = {
    "SITE_SCOPE": "budget",
    "MemoryUsageLedger": "budget",
    "TokenBudget": "budget",
    "user_scope": "budget",
    "Planner": "planner",
    "PlannerLimits": "planner",
    "ChatModel": "ports",
    "ModelError": "ports",
    "ModelErrorCode": "ports",
    "ModelResponse": "ports",
    "ModelUsage": "ports",
    "ToolCall": "ports",
    "UsageLedger": "ports",
    "redact": "redaction",
    "Handoff": "tooling",
    "ToolErrorCode": "tools",
}

__all__ = [
    "SITE_SCOPE",
    "ChatModel",
    "Handoff",
    "MemoryUsageLedger",
    "ModelError",
    "ModelErrorCode",
    "ModelResponse",
    "ModelUsage",
    "Planner",
    "PlannerLimits",
    "TokenBudget",
    "ToolCall",
    "ToolErrorCode",
    "UsageLedger",
    "redact",
    "user_scope",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
