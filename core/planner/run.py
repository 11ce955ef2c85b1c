"""What one planner task accumulates while it runs; turned into a Reply at the end."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from core.reply import HistoryBlock, QuoteBlock, TraceStep, Usage

StopReason = Literal["budget_user", "budget_site", "budget_unknown", "model_error", "deadline", "limit"]


@dataclass(slots=True)
class TaskRun:
    user_id: str
    day: date  # the UTC day budgets are counted on
    deadline: float  # event-loop time
    messages: list[dict[str, Any]]  # the conversation with the model, as sent
    trace: list[TraceStep] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    quote: QuoteBlock | None = None  # validated tool data: the only source of cards
    history: HistoryBlock | None = None
    symbol: str | None = None  # the one coin of this task, fixed by the first valid call
    called: set[str] = field(default_factory=set)  # tool names that passed validation
    tools_executed: int = 0
    # tool name -> (MarketErrorCode, retry_after) of its last failed run; a later success clears it
    market_failures: dict[str, tuple[str, float | None]] = field(default_factory=dict)
    final_text: str | None = None  # the model's last content, when it finished normally
    finish_reason: str | None = None
    stop: StopReason | None = None  # why the task ended early, if it did
    model_error: str | None = None  # ModelErrorCode when stop == "model_error"
