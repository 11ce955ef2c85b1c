"""The planner: a bounded tool-calling loop for messages no deterministic skill covers.

The model proposes; the server disposes. Every tool call is validated before it runs, every
number on a card comes from a validated tool result, and the runner owns all budgets: model
requests, tool executions, output tokens, daily token budgets and one task deadline from which
every step's timeout is derived.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC
from typing import Any, Literal

import core.messages  # noqa: F401 - registers the shared "price." and "market." texts
from core.clock import Clock
from core.i18n import Locale
from core.market import HISTORY_DAYS, MarketError, MarketErrorCode
from core.markets import MarketCatalog
from core.planner import messages as _messages  # noqa: F401 - registers the "planner." texts
from core.planner.budget import MemoryUsageLedger, TokenBudget
from core.planner.compose import compose_reply, visible_text
from core.planner.ports import ChatModel, ModelError, ModelErrorCode, ModelResponse, ToolCall, UsageLedger
from core.planner.prompt import system_prompt
from core.planner.redaction import redact
from core.planner.results import encode, error_result, history_result, quote_result
from core.planner.run import StopReason, TaskRun
from core.planner.tools import (
    CURRENT_PRICE,
    RejectedCall,
    ToolErrorCode,
    ValidCall,
    tool_definitions,
    validate_call,
)
from core.ports import ChartRenderer
from core.reply import HistoryBlock, QuoteBlock, Reply, TraceStep, Usage
from core.skills.price_service import PriceService
from core.turn import Stopwatch

logger = logging.getLogger(__name__)

_BUDGET_STOP: dict[str, StopReason] = {
    "user": "budget_user",
    "site": "budget_site",
    "unknown": "budget_unknown",
}


@dataclass(frozen=True, slots=True)
class PlannerLimits:
    """Per-task limits. Field names follow bot.settings.LLMSettings so wiring is one mapping."""

    max_requests: int = 3
    max_tool_calls: int = 4
    max_output_tokens: int = 800
    task_deadline_seconds: float = 45.0
    request_timeout_seconds: float = 20.0
    market_timeout_seconds: float = 8.0
    user_daily_token_budget: int | None = 50_000  # None: unlimited
    site_daily_token_budget: int | None = 2_000_000
    chart_timeout_seconds: float = 10.0  # rendering is local; it gets its own small allowance

    def __post_init__(self) -> None:
        if self.max_requests < 1:
            raise ValueError("max_requests must be >= 1")


class Planner:
    """Runs one task through the model with the price tools; see ``run``."""

    def __init__(
        self,
        model: ChatModel,
        prices: PriceService,
        *,
        clock: Clock | None = None,
        catalog: MarketCatalog | None = None,
        ledger: UsageLedger | None = None,
        limits: PlannerLimits | None = None,
        charts: ChartRenderer | None = None,
    ) -> None:
        self.model = model
        self.prices = prices
        self.clock = clock or prices.clock
        self.catalog = catalog or prices.catalog
        self.limits = limits or PlannerLimits()
        self.charts = charts
        self.budget = TokenBudget(
            ledger or MemoryUsageLedger(),
            self.limits.user_daily_token_budget,
            self.limits.site_daily_token_budget,
        )
        self._tools = tool_definitions(self.catalog)

    async def run(self, *, text: str, locale: Locale, user_id: str) -> Reply:
        """Answer ``text`` for ``user_id`` in ``locale``. Never raises for model or market failures
        (they become a failed or partial Reply); cancellation propagates at once."""
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
                {"role": "system", "content": system_prompt(self.catalog, now, locale)},
                {"role": "user", "content": cleaned.text},
            ],
        )
        try:
            # A backstop for the whole task: each step also gets its own, shorter timeout.
            async with asyncio.timeout_at(deadline):
                await self._loop(run)
        except TimeoutError:
            run.stop = "deadline"
        reply = await compose_reply(
            run,
            locale,
            charts=self.charts,
            chart_timeout=self.limits.chart_timeout_seconds,
            secret_removed=cleaned.changed,
        )
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
                    self._tools if offer_tools else [],
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
        checked = validate_call(call, self.catalog)
        if isinstance(checked, ValidCall) and run.symbol not in (None, checked.symbol):
            checked = RejectedCall(
                call,
                ToolErrorCode.SECOND_COIN,
                f"this task is about {run.symbol}; one coin per request, ask the user to ask separately",
                checked.args,
            )
        if isinstance(checked, RejectedCall):
            return self._rejected(run, checked, outcome="error")
        run.symbol = checked.symbol
        run.called.add(checked.name)
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
        code: str
        retry_after: float | None = None
        try:
            async with asyncio.timeout(min(self.limits.market_timeout_seconds, left)):
                block = await self._fetch(checked)
        except TimeoutError:
            code, message = MarketErrorCode.TIMEOUT, "the exchange did not answer in time"
        except MarketError as exc:
            code, message, retry_after = exc.code, f"market data unavailable ({exc.code})", exc.retry_after
        else:
            if isinstance(block, QuoteBlock):
                run.quote = block
                payload = quote_result(block)
            else:
                run.history = block
                payload = history_result(block)
            run.market_failures.pop(checked.name, None)
            run.trace.append(
                TraceStep(
                    kind="tool",
                    name=checked.name,
                    args=checked.args,
                    latency_ms=watch.ms(),
                    detail={"tool_call_id": call.id, "source": block.source},
                )
            )
            return payload
        run.market_failures[checked.name] = (code, retry_after)
        run.trace.append(
            TraceStep(
                kind="tool",
                name=checked.name,
                args=checked.args,
                latency_ms=watch.ms(),
                outcome="error",
                error_code=code,
                detail={"tool_call_id": call.id},
            )
        )
        return error_result(code, message)

    async def _fetch(self, call: ValidCall) -> QuoteBlock | HistoryBlock:
        """The same server-side functions the price skills use."""
        if call.name == CURRENT_PRICE:
            return await self.prices.current_price(call.symbol)
        return await self.prices.price_history(call.symbol, call.days or HISTORY_DAYS)

    def _rejected(
        self, run: TaskRun, rejected: RejectedCall, *, outcome: Literal["error", "skipped"]
    ) -> dict[str, Any]:
        run.trace.append(
            TraceStep(
                kind="tool",
                name=rejected.call.name,
                args=rejected.args,
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
