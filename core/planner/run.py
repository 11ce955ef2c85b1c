"""What one planner task accumulates while it runs; turned into a Reply (or a handoff) at the end."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from core.planner.tooling import ToolRun, Toolset
from core.reply import TraceStep, Usage
from core.routing.router import Route

StopReason = Literal["budget_user", "budget_site", "budget_unknown", "model_error", "deadline", "limit"]


@dataclass(slots=True)
class TaskRun:
    user_id: str
    day: date  # the UTC day budgets are counted on
    deadline: float  # event-loop time
    messages: list[dict[str, Any]]  # the conversation with the model, as sent
    trace: list[TraceStep] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    runs: dict[int, ToolRun] = field(default_factory=dict)  # per toolset used, in order of first use
    tools_executed: int = 0
    handoff: Route | None = None  # a task tool's route: the loop ends and the engine starts it
    handoff_note: str = ""  # what the model wrote beside that call, when its tool keeps notes
    final_text: str | None = None  # the model's last content, when it finished normally
    finish_reason: str | None = None
    stop: StopReason | None = None  # why the task ended early, if it did
    model_error: str | None = None  # ModelErrorCode when stop == "model_error"

    def run_of(self, toolset: Toolset) -> ToolRun:
        """This task's state for ``toolset``, started on first use."""
        key = id(toolset)
        if key not in self.runs:
            self.runs[key] = toolset.start(self.user_id)
        return self.runs[key]
