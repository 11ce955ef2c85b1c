"""The planner: a bounded tool-calling loop for messages no deterministic rule covers.

The model proposes; the server disposes. Every tool call is validated before it runs, every
number on a card comes from a validated tool result, and the runner owns all budgets: model
requests, tool executions, output tokens, daily token budgets and one task deadline from which
every step's timeout is derived. The tools are the registered skills' (core.planner.tooling):
fact tools feed the answer; a task tool ends the loop with a Handoff, and the engine starts
that task exactly as if a rule had routed it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC
from functools import partial
from typing import Any, Literal

from core.clock import Clock
from core.i18n import Locale
from core.planner.budget import MemoryUsageLedger, TokenBudget
from core.planner.compose import compose_reply, secret_notice, visible_text, with_note
from core.planner.guard import ProseGuard
from core.planner.note import default_guard
from core.planner.ports import ChatModel, ModelError, ModelErrorCode, ModelResponse, ToolCall, UsageLedger
from core.planner.prompt import system_prompt
from core.planner.redaction import redact
from core.planner.results import encode, error_result
from core.planner.run import TaskRun
from core.planner.tooling import Handoff, ToolOutput, Toolset
from core.planner.tools import RejectedCall, ToolBox, ToolErrorCode, validate_call
from core.reply import Reply, TraceStep, Usage
from core.routing.router import Route
from core.turn import Stopwatch

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PlannerLimits:
    """Per-task limits. Field names follow bot.settings.LLMSettings so wiring is one mapping."""

    max_requests: int = 3
    max_tool_calls: int = 4
    max_output_tokens: int = 800
    task_deadline_seconds: float = 45.0
    request_timeout_seconds: float = 20.0
    market_timeout_seconds: float = 8.0  # one tool run (a market call) at most this long
    user_daily_token_budget: int | None = 50_000  # None: unlimited
    site_daily_token_budget: int | None = 2_000_000

    def __post_init__(self) -> None:
        if self.max_requests < 1:
            raise ValueError("max_requests must be >= 1")


class Planner:
    """Runs one task through the model with the registered skills' tools; see ``run``."""

    def __init__(
        self,
        model: ChatModel,
        tools: Sequence[Toolset],
        *,
        clock: Clock,
        ledger: UsageLedger | None = None,
        limits: PlannerLimits | None = None,
        guard: ProseGuard | None = None,
    ) -> None:
        self.model = model
        # Checks the model's prose against each turn's validated results (core.planner.guard).
        self.guard = guard or default_guard()
        self.tools = ToolBox(tools)
        self.clock = clock
        self.limits = limits or PlannerLimits()
        self.budget = TokenBudget(
            ledger or MemoryUsageLedger(),
            self.limits.user_daily_token_budget,
            self.limits.site_daily_token_budget,
        )
        self._definitions = self.tools.definitions()

    async def run(self, *, text: str, locale: Locale, user_id: str) -> Reply | Handoff:
        """Answer ``text`` for ``user_id`` in ``locale``, or hand a task to the engine. Never
        raises for model or upstream failures (they become a failed or partial Reply);
        cancellation propagates at once."""
        loop = asyncio.get_running_loop()
        # Timeouts are enforced by the event loop, so the deadline is kept on the loop's clock.
        deadline = loop.time() + self.limits.task_deadline_seconds
        cleaned = redact(text)
        now = self.clock.now().astimezone(UTC)
        run = TaskRun(
            user_id=user_id,
            day=now.date(),
            deadline=deadline,
            messages=[
                {"role": "system", "content": system_prompt(self.tools.guidance(), now, locale)},
                {"role": "user", "content": cleaned.text},
            ],
        )
        try:
            # A backstop for the whole task: each step also gets its own, shorter timeout.
            async with asyncio.timeout_at(deadline):
                await self._loop(run)
        except TimeoutError:
            run.stop = "deadline"
        if run.handoff is not None:
            logger.info(
                "planner task user=%s hands off %s.%s", user_id, run.handoff.skill, run.handoff.action
            )
            return Handoff(
                run.handoff,
                run.usage,
                tuple(run.trace),
                (secret_notice(locale),) if cleaned.changed else (),
                delete_inbound=cleaned.changed,
                annotate=partial(with_note, run.handoff_note, locale=locale, guard=self.guard)
                if run.handoff_note
                else None,
            )
        reply = await compose_reply(run, locale, secret_removed=cleaned.changed, guard=self.guard)
        logger.info(
            "planner task user=%s status=%s requests=%d tools=%d tokens=%d/%d",
            user_id,
            reply.status,
            run.usage.model_requests,
            run.tools_executed,
            run.usage.prompt_tokens,
            run.usage.completion_tokens,
        )
        return reply

    # -- the loop ----------------------------------------------------------------------------

    def _time_left(self, run: TaskRun) -> float:
        return run.deadline - asyncio.get_running_loop().time()

    async def _loop(self, run: TaskRun) -> None:
        limits = self.limits
        for n in range(1, limits.max_requests + 1):
            # The last request only reads results: a tool run then could never be explained.
            final = n == limits.max_requests or run.tools_executed >= limits.max_tool_calls
            response = await self._request(run, n, offer_tools=not final)
            if response is None:
                return
            if not response.tool_calls:
                run.final_text = response.content
                run.finish_reason = response.finish_reason
                return
            if final:
                # Tools were not offered, yet the model asked for one: it did not finish.
                run.stop = "limit"
                return
            run.messages.append(_assistant_message(response))
            for call in response.tool_calls:
                payload = await self._execute(run, call)
                if run.handoff is not None:
                    found = self.tools.get(call.name)
                    if found is not None and found[0].keeps_note:
                        run.handoff_note = visible_text(response.content)
                    return  # a task was started: the engine takes it from here
                run.messages.append({"role": "tool", "tool_call_id": call.id, "content": encode(payload)})

    async def _request(self, run: TaskRun, n: int, *, offer_tools: bool) -> ModelResponse | None:
        over = await self.budget.exceeded(run.user_id, run.day)
        if over is not None:
            run.stop = (
                "budget_user" if over == "user" else ("budget_site" if over == "site" else "budget_unknown")
            )
            run.trace.append(
                TraceStep(kind="model", name=f"request_{n}", outcome="skipped", error_code=run.stop)
            )
            return None
        left = self._time_left(run)
        if left <= 0:
            run.stop = "deadline"
            return None
        timeout = min(self.limits.request_timeout_seconds, left)
        run.usage += Usage(model_requests=1)
        watch = Stopwatch()
        error: ModelError
        try:
            async with asyncio.timeout(timeout):
                response = await self.model.complete(
                    _outgoing(run.messages),
                    self._definitions if offer_tools else [],
                    max_tokens=self.limits.max_output_tokens,
                    timeout=timeout,
                )
        except TimeoutError:
            error = ModelError(ModelErrorCode.TIMEOUT, f"no answer within {timeout:.1f}s")
        except ModelError as exc:
            error = exc
        except Exception as exc:
            # The port promises ModelError; anything else is an adapter's bug meeting a reply it
            # did not foresee. The turn fails with a clear message instead of taking the process
            # down, and the log names only the exception's type (its text may quote the reply).
            logger.error("planner model request %d raised %s", n, type(exc).__name__)
            error = ModelError(ModelErrorCode.BAD_RESPONSE, type(exc).__name__)
        else:
            run.usage += Usage(0, response.usage.prompt_tokens, response.usage.completion_tokens)
            run.trace.append(
                TraceStep(
                    kind="model",
                    name=f"request_{n}",
                    latency_ms=watch.ms(),
                    detail={
                        "prompt_tokens": response.usage.prompt_tokens,
                        "completion_tokens": response.usage.completion_tokens,
                        "finish_reason": response.finish_reason,
                        "tools_offered": offer_tools,
                        "tool_calls": len(response.tool_calls),
                    },
                )
            )
            await self.budget.charge(run.user_id, run.day, response.usage.total)
            return response
        logger.warning("planner model request %d failed: %s", n, error.code)
        run.trace.append(
            TraceStep(
                kind="model",
                name=f"request_{n}",
                latency_ms=watch.ms(),
                outcome="error",
                error_code=error.code,
                detail={"tools_offered": offer_tools},
            )
        )
        run.stop = "model_error"
        run.model_error = error.code
        return None

    async def _execute(self, run: TaskRun, call: ToolCall) -> dict[str, Any]:
        """Validate and run one proposed call; the result (or error) goes back to the model."""
        checked = validate_call(call, self.tools)
        if isinstance(checked, RejectedCall):
            return self._rejected(run, checked, outcome="error")
        tool_run = run.run_of(checked.toolset)
        refused = tool_run.accept(checked.name, checked.arguments)
        if refused is not None:
            return self._rejected(
                run, RejectedCall(call, refused.code, refused.message, checked.args), outcome="error"
            )
        if run.tools_executed >= self.limits.max_tool_calls:
            return self._rejected(
                run,
                RejectedCall(call, ToolErrorCode.TOOL_LIMIT, "no more tool calls in this task", checked.args),
                outcome="skipped",
            )
        left = self._time_left(run)
        if left <= 0:
            return self._rejected(
                run,
                RejectedCall(call, ToolErrorCode.DEADLINE, "the task ran out of time", checked.args),
                outcome="skipped",
            )
        run.tools_executed += 1
        watch = Stopwatch()
        out: ToolOutput | Route
        try:
            async with asyncio.timeout(min(self.limits.market_timeout_seconds, left)):
                out = await tool_run.execute(checked.name, checked.arguments)
        except TimeoutError:
            out = tool_run.timed_out(checked.name, checked.arguments)
        detail: dict[str, Any] = {"tool_call_id": call.id}
        if isinstance(out, Route):
            run.handoff = out
            detail["starts"] = f"{out.skill}.{out.action}"
            run.trace.append(TraceStep("tool", checked.name, checked.args, watch.ms(), detail=detail))
            return {}
        run.trace.append(
            TraceStep(
                kind="tool",
                name=checked.name,
                args=checked.args,
                latency_ms=watch.ms(),
                outcome="error" if out.error_code else "ok",
                error_code=out.error_code,
                detail={**detail, **out.detail},
            )
        )
        return out.payload

    def _rejected(
        self, run: TaskRun, rejected: RejectedCall, *, outcome: Literal["error", "skipped"]
    ) -> dict[str, Any]:
        # Whatever the model put in a refused call is traced, but never a credential it invented.
        shown = {k: redact(v).text if isinstance(v, str) else v for k, v in rejected.args.items()}
        run.trace.append(
            TraceStep(
                kind="tool",
                name=rejected.call.name,
                args=shown,
                outcome=outcome,
                error_code=rejected.code,
                detail={"tool_call_id": rejected.call.id},
            )
        )
        return error_result(rejected.code, rejected.message)


def _assistant_message(response: ModelResponse) -> dict[str, Any]:
    """The assistant turn as sent back: content and tool calls, never reasoning."""
    return {
        "role": "assistant",
        "content": visible_text(response.content) or None,
        "tool_calls": [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in response.tool_calls
        ],
    }


def _outgoing(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of ``messages`` with every text content redacted: the last check before sending."""
    out: list[dict[str, Any]] = []
    for message in messages:
        content = message.get("content")
        out.append(
            {**message, "content": redact(content).text} if isinstance(content, str) else dict(message)
        )
    return out
