"""The planner's allowlist of tools (derived from the registered skills) and strict validation.

A proposed call is only a request. It runs only after its JSON arguments parse, its name is on
the allowlist, its arguments pass the tool's strict pydantic model (no extra fields, no
coercion) and its toolset's own checks (e.g. a supported symbol).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from core.planner.ports import ToolCall
from core.planner.tooling import ToolArgs, ToolDefinition, Toolset


class ToolErrorCode:
    """Codes the model receives in a tool message when a call was not (successfully) run.
    Toolsets add their own (e.g. "unsupported_symbol")."""

    INVALID_JSON = "invalid_json"
    UNKNOWN_TOOL = "unknown_tool"
    UNEXPECTED_ARGUMENT = "unexpected_argument"
    MISSING_ARGUMENT = "missing_argument"
    INVALID_ARGUMENTS = "invalid_arguments"
    TOOL_LIMIT = "tool_limit_reached"
    DEADLINE = "deadline_exceeded"


@dataclass(frozen=True, slots=True)
class ValidCall:
    call: ToolCall
    name: str
    arguments: ToolArgs
    toolset: Toolset = field(compare=False)

    @property
    def args(self) -> dict[str, Any]:
        return self.arguments.model_dump()


@dataclass(frozen=True, slots=True)
class RejectedCall:
    call: ToolCall
    code: str
    message: str
    args: dict[str, Any] = field(default_factory=dict)  # whatever parsed, for the trace only


class ToolBox:
    """Every offered tool by name, with the toolset that runs it."""

    def __init__(self, toolsets: Sequence[Toolset]) -> None:
        self.toolsets = tuple(toolsets)
        self._tools: dict[str, tuple[ToolDefinition, Toolset]] = {}
        for toolset in toolsets:
            for definition in toolset.definitions():
                if definition.name in self._tools:
                    raise ValueError(f"two planner tools are named {definition.name!r}")
                self._tools[definition.name] = (definition, toolset)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._tools)

    def definitions(self) -> list[dict[str, Any]]:
        """OpenAI-style function tools, as offered to the model."""
        return [definition.for_model() for definition, _ in self._tools.values()]

    def guidance(self) -> list[str]:
        return [g for g in (ts.guidance() for ts in self.toolsets) if g]

    def get(self, name: str) -> tuple[ToolDefinition, Toolset] | None:
        return self._tools.get(name)


def _reject_validation(call: ToolCall, exc: ValidationError, raw: dict[str, Any]) -> RejectedCall:
    errors = exc.errors()
    extra = [str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden" and e["loc"]]
    if extra:
        return RejectedCall(
            call, ToolErrorCode.UNEXPECTED_ARGUMENT, f"unexpected argument(s): {', '.join(extra)}", raw
        )
    missing = [str(e["loc"][0]) for e in errors if e["type"] == "missing" and e["loc"]]
    if missing:
        return RejectedCall(
            call, ToolErrorCode.MISSING_ARGUMENT, f"missing argument(s): {', '.join(missing)}", raw
        )
    where = ", ".join(_where(e) for e in errors) or "arguments"
    return RejectedCall(call, ToolErrorCode.INVALID_ARGUMENTS, f"invalid value for: {where}", raw)


def _where(error: Any) -> str:
    """ "kind", or "kind (expected 'exchange' or 'model')" for a choice: the model can retry."""
    where = ".".join(str(p) for p in error["loc"])
    expected = (error.get("ctx") or {}).get("expected") if error["type"] == "literal_error" else None
    return f"{where} (expected {expected})" if expected else where


def validate_call(call: ToolCall, tools: ToolBox) -> ValidCall | RejectedCall:
    """Parse and strictly validate one proposed call (task-level rules are the run's)."""
    found = tools.get(call.name)
    if found is None:
        allowed = ", ".join(tools.names)
        return RejectedCall(call, ToolErrorCode.UNKNOWN_TOOL, f"unknown tool {call.name!r}; tools: {allowed}")
    definition, toolset = found
    try:
        raw = json.loads(call.arguments) if call.arguments.strip() else {}
    except json.JSONDecodeError as exc:
        return RejectedCall(call, ToolErrorCode.INVALID_JSON, f"arguments are not valid JSON: {exc.msg}")
    if not isinstance(raw, dict):
        return RejectedCall(call, ToolErrorCode.INVALID_JSON, "arguments must be a JSON object")
    try:
        parsed = definition.arguments.model_validate(raw)
    except ValidationError as exc:
        return _reject_validation(call, exc, raw)
    refused = toolset.check(call.name, parsed)
    if refused is not None:
        return RejectedCall(call, refused.code, refused.message, raw)
    return ValidCall(call, call.name, parsed, toolset)
