"""The planner: a bounded tool-calling loop for messages no deterministic skill covers.

The model proposes; the server disposes. Every tool call is validated before it runs, every
number on a card comes from a validated tool result, and the runner owns all budgets: model
requests, tool executions, output tokens, daily token budgets and one task deadline from which
every step's timeout is derived.
"""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

import core.messages  # noqa: F401 - registers the shared "price." and "market." texts
from core.clock import Clock
from core.i18n import Locale, has_message, t
from core.market import HISTORY_DAYS, MarketError, MarketErrorCode
from core.markets import MarketCatalog
from core.planner import messages as _messages  # noqa: F401 - registers the "planner." texts
from core.planner.budget import MemoryUsageLedger, TokenBudget
from core.planner.ports import ChatModel, ModelError, ModelErrorCode, ModelResponse, ToolCall, UsageLedger
from core.planner.prompt import system_prompt
from core.planner.redaction import redact
from core.planner.results import encode, error_result, history_result, quote_result
from core.planner.tools import (
    CURRENT_PRICE,
    PRICE_HISTORY,
    RejectedCall,
    ToolErrorCode,
    ValidCall,
    tool_definitions,
    validate_call,
)
from core.ports import ChartRenderer
from core.reply import (
    Block,
    ChartBlock,
    HistoryBlock,
    NoticeBlock,
    QuoteBlock,
    Reply,
    RouteInfo,
    Status,
    TextBlock,
    TraceStep,
    Usage,
)
from core.skills.price import SKILL as PRICE_SKILL
from core.skills.price_service import PriceService
from core.turn import Stopwatch

logger = logging.getLogger(__name__)

# Some models inline their reasoning in the content; it is never shown.
_THINK = re.compile(r"<think>.*?(</think>|$)", re.DOTALL | re.IGNORECASE)


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


StopReason = Literal["budget_user", "budget_site", "model_error", "deadline", "limit"]


@dataclass(slots=True)
class _Run:
    """Everything one task accumulates; turned into a Reply at the end, whatever happened."""

    user_id: str
    day: date
    deadline: float  # event-loop time
    messages: list[dict[str, Any]]
    trace: list[TraceStep] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    quote: QuoteBlock | None = None
    history: HistoryBlock | None = None
    symbol: str | None = None  # the one coin of this task, fixed by the first valid call
    called: set[str] = field(default_factory=set)  # tool names that passed validation
    tools_executed: int = 0
    # tool name -> (MarketErrorCode, retry_after) of its last failed run; a later success clears it
    market_failures: dict[str, tuple[str, float | None]] = field(default_factory=dict)
    final_text: str | None = None
    finish_reason: str | None = None
    stop: StopReason | None = None
    model_error: str | None = None


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
        now = self.clock.now()
        run = _Run(
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
        reply = await self._reply(run, locale, secret_removed=cleaned.changed)
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

    def _time_left(self, run: _Run) -> float:
        return run.deadline - asyncio.get_running_loop().time()

    async def _loop(self, run: _Run) -> None:
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

    async def _request(self, run: _Run, n: int, *, offer_tools: bool) -> ModelResponse | None:
        over = await self.budget.exceeded(run.user_id, run.day)
        if over is not None:
            run.stop = "budget_user" if over == "user" else "budget_site"
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

    async def _execute(self, run: _Run, call: ToolCall) -> dict[str, Any]:
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
        self, run: _Run, rejected: RejectedCall, *, outcome: Literal["error", "skipped"]
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

    # -- the reply ---------------------------------------------------------------------------

    async def _reply(self, run: _Run, locale: Locale, *, secret_removed: bool) -> Reply:
        """Cards from validated tool data only; the model's words only as a TextBlock."""
        cards: list[Block] = []
        notices: list[NoticeBlock] = []
        if secret_removed:
            notices.append(NoticeBlock(t(locale, "planner.secret_redacted"), "warning", "secret_redacted"))
        degraded = False  # some data is shown, but not all of it could be
        if run.quote is not None:
            cards.append(run.quote)
        history = run.history
        if history is not None and all(p.close is None for p in history.points):
            notices.append(
                NoticeBlock(t(locale, "price.no_history", base=history.base), "error", "no_history")
            )
            history = None
        if history is not None:
            cards.append(history)
            if self.charts is not None:
                chart = await self._chart(run, history, self.charts, locale)
                if chart is not None:
                    cards.append(chart)
                else:
                    degraded = True
                    notices.append(NoticeBlock(t(locale, "price.chart_failed"), "warning", "chart_failed"))
            if history.missing_dates:
                degraded = True
                dates = ", ".join(d.isoformat() for d in history.missing_dates)
                notices.append(
                    NoticeBlock(t(locale, "price.missing_days", dates=dates), "warning", "missing_days")
                )
        if any(getattr(b, "source", None) == "demo" for b in cards):
            notices.append(NoticeBlock(t(locale, "price.demo_notice"), "info", "demo_data"))
        for code, retry_after in dict.fromkeys(run.market_failures.values()):
            key = f"market.{code}" if has_message(f"market.{code}") else "market.internal"
            text = t(locale, key, seconds=int(retry_after) if retry_after else 60)
            notices.append(NoticeBlock(text, "error", code))
        text = _visible_text(run.final_text) if run.stop is None else ""
        notices.extend(self._stop_notices(run, locale, answered=bool(text), has_data=bool(cards)))

        if not cards:
            # A clarification or a plain "that is not supported" is a completed answer; a task
            # whose market calls failed, or that ended without an answer, is not.
            ok = run.stop is None and bool(text) and not run.market_failures and run.history is None
            status = Status.COMPLETED if ok else Status.FAILED
        elif run.stop is not None or run.market_failures or degraded or not text:
            status = Status.PARTIAL
        else:
            status = Status.COMPLETED
        route = self._route(run)
        route_step = TraceStep(
            kind="route",
            name=route.skill or "planner",
            args=dict(route.slots),
            detail={"by": "model", "action": route.action},
        )
        blocks: list[Block] = [*cards, *([TextBlock(text)] if text else []), *notices]
        return Reply(
            status=status,
            blocks=tuple(blocks),
            locale=locale,
            trace=(route_step, *run.trace),
            usage=run.usage,
            route=route,
            delete_inbound=secret_removed,
        )

    def _stop_notices(
        self, run: _Run, locale: Locale, *, answered: bool, has_data: bool
    ) -> list[NoticeBlock]:
        """Why the task ended early (budget, model error, deadline, limits), or a cut-off answer."""
        if run.stop in ("budget_user", "budget_site"):
            return [NoticeBlock(t(locale, f"planner.{run.stop}"), "warning", run.stop)]
        if run.stop == "model_error":
            code = run.model_error or ModelErrorCode.UNAVAILABLE
            key = f"planner.model.{code}"
            if not has_message(key):
                key = "planner.model.unavailable"
            return [NoticeBlock(t(locale, key), "error", f"model_{code}")]
        if run.stop == "deadline":
            return [NoticeBlock(t(locale, "planner.deadline"), "warning", "deadline_exceeded")]
        if run.stop == "limit":
            return [NoticeBlock(t(locale, "planner.limit_reached"), "warning", "limit_reached")]
        if not answered and not has_data:
            return [NoticeBlock(t(locale, "planner.no_answer"), "warning", "no_answer")]
        if answered and run.finish_reason == "length":
            return [NoticeBlock(t(locale, "planner.truncated"), "info", "answer_truncated")]
        return []

    def _route(self, run: _Run) -> RouteInfo:
        """What the model's validated calls amount to, in the price skill's terms."""
        if not run.called or run.symbol is None:
            return RouteInfo(skill=None, by="model")
        current = CURRENT_PRICE in run.called
        history = PRICE_HISTORY in run.called
        action = "both" if current and history else ("current" if current else "history")
        slots: dict[str, Any] = {"symbol": run.symbol}
        if history:
            slots["days"] = HISTORY_DAYS
        return RouteInfo(skill=PRICE_SKILL, action=action, slots=slots, by="model")

    async def _chart(
        self, run: _Run, history: HistoryBlock, charts: ChartRenderer, locale: Locale
    ) -> ChartBlock | None:
        watch = Stopwatch()
        args = {"symbol": history.symbol}
        try:
            # Rendering is local and cheap; it gets its own allowance even after the deadline.
            async with asyncio.timeout(self.limits.chart_timeout_seconds):
                png = await charts.render_history(history)
        except Exception:  # a chart is a nicety: the closes are still shown as data
            logger.exception("planner chart rendering failed for %s", history.symbol)
            run.trace.append(TraceStep("tool", "render_chart", args, watch.ms(), "error", "chart_failed"))
            return None
        run.trace.append(TraceStep("tool", "render_chart", args, watch.ms()))
        alt = t(locale, "price.chart_alt", base=history.base, days=len(history.points))
        return ChartBlock(png=png, symbol=history.symbol, source=history.source, alt=alt)


def _assistant_message(response: ModelResponse) -> dict[str, Any]:
    """The assistant turn as sent back: content and tool calls, never reasoning."""
    return {
        "role": "assistant",
        "content": _visible_text(response.content) or None,
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


def _visible_text(content: str | None) -> str:
    return _THINK.sub("", content or "").strip()
