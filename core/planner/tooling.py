"""What the planner's tools are made of: skills declare them, the planner runs them.

Two kinds, both skill-level (never atomic CRUD):

- fact tools fetch validated data for the answer (the price skill's quote and history). A skill
  offers them as a ``Toolset`` built from the services; each planner task gets a fresh
  ``ToolRun`` holding that task's state (e.g. its one coin) and composing its cards;
- task tools start one of a skill's tasks with the slots the model understood (``TaskTool``).
  A valid call ends the loop: the engine starts the task exactly as if a rule had routed it,
  with the same slot filling and the same confirmation. Secrets are never arguments.

Every call is validated on the server: the name against the allowlist, the arguments against a
strict pydantic model (no extra fields, no coercion), then the toolset's own checks.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict

from core.i18n import Locale
from core.reply import Block, NoticeBlock, Reply, RouteInfo, TraceStep, Usage
from core.routing.router import Route


class ToolArgs(BaseModel):
    """Base of every tool's arguments: unknown fields are an error, values are never coerced.

    Their validators are built on first use (``defer_build``): a process that never runs the
    planner (`deskmate ask "BTC price"`) does not pay for them at start-up."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


@dataclass(frozen=True, slots=True)
class ToolDefinition:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON schema; ``additionalProperties: false`` mirrors the server check
    arguments: type[ToolArgs]
    # For a tool that starts a task: what the model wrote beside the call is shown, guarded like
    # any note (core.planner.note), under the started task's own answer. Off for tools whose
    # task asks questions next, where a note would talk over them.
    keeps_note: bool = False

    def for_model(self) -> dict[str, Any]:
        """The OpenAI-style function tool."""
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.parameters},
        }


@dataclass(frozen=True, slots=True)
class Rejection:
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class ToolOutput:
    """A fact tool's result as the model reads it, and how the trace records it."""

    payload: dict[str, Any]
    error_code: str | None = None  # None: it worked
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Findings:
    """What one toolset's validated results add to the planner's reply."""

    cards: tuple[Block, ...] = ()
    notices: tuple[NoticeBlock, ...] = ()
    degraded: bool = False  # some data is shown, but not all of it could be
    errors: bool = False  # a call failed upstream
    empty: bool = False  # a call answered, but with no data at all
    route: RouteInfo | None = None  # what the calls amount to, in the skill's terms
    trace: tuple[TraceStep, ...] = ()  # work done while composing (e.g. drawing a chart)
    # Kinds of actions these tools carried out this turn ("order", "delete", … see
    # core.planner.guard.ActionKind): the model's prose may say only these were done.
    performed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Handoff:
    """The model asked to start a task: the engine starts ``route`` (by "model") through the
    same slot filling and confirmation as a routed request, and reports this usage and trace."""

    route: Route
    usage: Usage
    trace: tuple[TraceStep, ...]
    notices: tuple[Block, ...] = ()  # e.g. "a key in your message was removed"
    delete_inbound: bool = False
    # Adds the model's guarded note to the started task's answer (ToolDefinition.keeps_note).
    annotate: Callable[[Reply], Reply] | None = None


class ToolRun(Protocol):
    """One planner task's use of one toolset."""

    def accept(self, name: str, args: ToolArgs) -> Rejection | None:
        """Task-level rules (e.g. one coin per task) before the call runs; records the call."""
        ...

    async def execute(self, name: str, args: ToolArgs) -> ToolOutput | Route:
        """Run a fact tool (never raising for upstream faults), or the route a task tool starts."""
        ...

    def timed_out(self, name: str, args: ToolArgs) -> ToolOutput:
        """The call did not finish within its step's time."""
        ...

    async def findings(self, locale: Locale) -> Findings:
        """Cards and notices from this task's validated results."""
        ...


class Toolset(Protocol):
    """A skill's planner tools, built once from the services."""

    def definitions(self) -> Sequence[ToolDefinition]: ...

    def guidance(self) -> str:
        """Lines for the system prompt about these tools ("" for none)."""
        ...

    def check(self, name: str, args: ToolArgs) -> Rejection | None:
        """Checks beyond the schema (e.g. a supported symbol), before any task-level rule."""
        ...

    def start(self, user_id: str) -> ToolRun:
        """This task's run, for ``user_id`` (the owner of the records a tool may look up)."""
        ...


SECRET_WORDS = ("key", "secret", "passphrase", "password", "token", "credential")


@dataclass(frozen=True, slots=True)
class TaskTool:
    """A planner tool that starts one of its skill's tasks.

    ``arguments`` has an ``action`` field (a Literal of the skill's action names); a ``target``
    field becomes the task's target reference (by name); every other field that is set is a slot,
    checked by the skill exactly like a slot read from the user's message.
    """

    name: str
    description: str
    arguments: type[ToolArgs]
    guidance: str = ""

    def actions(self) -> tuple[str, ...]:
        info = self.arguments.model_fields.get("action")
        if info is None:
            return ()
        return tuple(str(a) for a in typing.get_args(info.annotation))

    def secret_like_fields(self) -> list[str]:
        """Argument names that would carry a credential: a task tool must have none."""
        return [f for f in self.arguments.model_fields if any(w in f.lower() for w in SECRET_WORDS)]

    def definition(self) -> ToolDefinition:
        return ToolDefinition(self.name, self.description, schema_of(self.arguments), self.arguments)

    def route(self, skill: str, args: ToolArgs) -> Route:
        values = args.model_dump(exclude_none=True)
        action = str(values.pop("action"))
        target = values.pop("target", None)
        slots: dict[str, Any] = dict(values)
        if target:
            slots["target_ref"] = {"name": str(target)}
        return Route(skill, action, slots, by="model")


def schema_of(arguments: type[ToolArgs]) -> dict[str, Any]:
    """The JSON schema the model is offered for ``arguments`` (``additionalProperties: false``,
    as the server checks)."""
    cleaned: dict[str, Any] = _clean(arguments.model_json_schema())
    return cleaned


def _clean(schema: Any) -> Any:
    """A pydantic JSON schema without its "title" noise."""
    if isinstance(schema, dict):
        return {k: _clean(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_clean(v) for v in schema]
    return schema


class TaskToolset:
    """Every registered task tool as one toolset: a valid call becomes its route."""

    def __init__(self, tools: Sequence[tuple[str, TaskTool]]) -> None:
        self._tools = {tool.name: (skill, tool) for skill, tool in tools}

    def definitions(self) -> Sequence[ToolDefinition]:
        return [tool.definition() for _, tool in self._tools.values()]

    def guidance(self) -> str:
        return "\n".join(tool.guidance for _, tool in self._tools.values() if tool.guidance)

    def check(self, name: str, args: ToolArgs) -> Rejection | None:
        return None

    def start(self, user_id: str) -> ToolRun:
        return _TaskToolRun(self._tools)


class _TaskToolRun:
    def __init__(self, tools: dict[str, tuple[str, TaskTool]]) -> None:
        self._tools = tools

    def accept(self, name: str, args: ToolArgs) -> Rejection | None:
        return None

    async def execute(self, name: str, args: ToolArgs) -> ToolOutput | Route:
        skill, tool = self._tools[name]
        return tool.route(skill, args)

    def timed_out(self, name: str, args: ToolArgs) -> ToolOutput:  # pragma: no cover - no IO to wait on
        return ToolOutput({"ok": False}, "deadline_exceeded")

    async def findings(self, locale: Locale) -> Findings:
        return Findings()
