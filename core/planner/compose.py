"""Turn a finished (or stopped) planner task into a Reply.

Facts come from tools, words from the model: cards and charts read validated tool data only;
the model's prose becomes one TextBlock (adapters escape it); its reasoning is dropped.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

from core.i18n import Locale, has_message, t
from core.market import HISTORY_DAYS
from core.planner.ports import ModelErrorCode
from core.planner.run import TaskRun
from core.planner.tools import CURRENT_PRICE, PRICE_HISTORY
from core.ports import ChartRenderer
from core.reply import (
    Block,
    ChartBlock,
    HistoryBlock,
    NoticeBlock,
    Reply,
    RouteInfo,
    Status,
    TextBlock,
    TraceStep,
)
from core.skills.price import SKILL as PRICE_SKILL
from core.skills.price_notices import demo_notice, market_error_notice, missing_days_notice
from core.turn import Stopwatch

logger = logging.getLogger(__name__)

# Some models inline their reasoning in the content; it is never shown nor sent back.
_THINK = re.compile(r"<think>.*?(</think>|$)", re.DOTALL | re.IGNORECASE)


def visible_text(content: str | None) -> str:
    return _THINK.sub("", content or "").strip()


async def compose_reply(
    run: TaskRun,
    locale: Locale,
    *,
    charts: ChartRenderer | None,
    chart_timeout: float,
    secret_removed: bool,
) -> Reply:
    cards: list[Block] = []
    notices: list[NoticeBlock] = []
    if secret_removed:
        notices.append(NoticeBlock(t(locale, "planner.secret_redacted"), "warning", "secret_redacted"))
    degraded = False  # some data is shown, but not all of it could be
    if run.quote is not None:
        cards.append(run.quote)
    history = run.history
    if history is not None and all(p.close is None for p in history.points):
        no_history = t(locale, "price.no_history", base=history.base)
        notices.append(NoticeBlock(no_history, "error", "no_history"))
        history = None
    if history is not None:
        cards.append(history)
        if charts is not None:
            chart = await _chart(run, history, charts, chart_timeout, locale)
            if chart is not None:
                cards.append(chart)
            else:
                degraded = True
                notices.append(NoticeBlock(t(locale, "price.chart_failed"), "warning", "chart_failed"))
        if history.missing_dates:
            degraded = True
            notices.append(missing_days_notice(locale, history))
    notices.extend(demo_notice(locale, cards))
    for code, retry_after in dict.fromkeys(run.market_failures.values()):
        notices.append(market_error_notice(locale, code, retry_after))
    text = visible_text(run.final_text) if run.stop is None else ""
    notices.extend(_stop_notices(run, locale, answered=bool(text), has_data=bool(cards)))

    if not cards:
        # A clarification or a plain "that is not supported" is a completed answer; a task
        # whose market calls failed, or that ended without an answer, is not.
        ok = run.stop is None and bool(text) and not run.market_failures and run.history is None
        status = Status.COMPLETED if ok else Status.FAILED
    elif run.stop is not None or run.market_failures or degraded or not text:
        status = Status.PARTIAL
    else:
        status = Status.COMPLETED
    route = _route(run)
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


def _stop_notices(run: TaskRun, locale: Locale, *, answered: bool, has_data: bool) -> list[NoticeBlock]:
    """Why the task ended early (budget, model error, deadline, limits), or a cut-off answer."""
    if run.stop in ("budget_user", "budget_site", "budget_unknown"):
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


def _route(run: TaskRun) -> RouteInfo:
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
    run: TaskRun, history: HistoryBlock, charts: ChartRenderer, seconds: float, locale: Locale
) -> ChartBlock | None:
    watch = Stopwatch()
    args = {"symbol": history.symbol}
    try:
        # Rendering is local and cheap; it gets its own allowance even after the deadline.
        async with asyncio.timeout(seconds):
            quote = run.quote if run.quote is not None and run.quote.symbol == history.symbol else None
            png = await charts.render_history(history, quote=quote, locale=locale)
    except Exception:  # a chart is a nicety: the closes are still shown as data
        logger.exception("planner chart rendering failed for %s", history.symbol)
        run.trace.append(TraceStep("tool", "render_chart", args, watch.ms(), "error", "chart_failed"))
        return None
    run.trace.append(TraceStep("tool", "render_chart", args, watch.ms()))
    alt = t(locale, "price.chart_alt", base=history.base, days=len(history.points))
    return ChartBlock(png=png, symbol=history.symbol, source=history.source, alt=alt)
