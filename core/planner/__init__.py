"""The planner: a bounded LLM tool-calling loop for what no deterministic skill covers."""

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
